import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { lstat, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const PREPARING = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Ndako — préparation du site</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1.25rem;color:#14213d">
<h1 style="color:#0f3d2e">Ndako</h1><p>Le site est en cours de préparation. Cette page se recharge toute seule dans quelques secondes.</p></body></html>`;

/**
 * Serves the pre-built public site from SITE_DIR. Files are looked up on each request through the path
 * SITE_DIR itself, never its resolved target: SITE_DIR is a link the publisher swaps to each new build
 * (services/site-folder.ts), so a new site appears on the next request, without a restart.
 */
export default fp<{ siteDir: string }>(async function site(app: FastifyInstance, { siteDir: dir }) {
  const siteDir = resolve(dir);
  // Only when nothing is there: a link (even one whose build has gone) is the publisher's to replace.
  if (!(await lstat(siteDir).catch(() => null))) await mkdir(siteDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true,
    redirect: true,
    index: ['index.html'],
    // The build writes .br and .gz copies of text files (src/build/precompress.ts).
    preCompressed: true,
    // Astro fingerprints what it puts under /_astro: those never change. Pages are revalidated.
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // Spec §2: /home and any path under it show the home page, in each language.
  for (const lang of ['', 'en/', 'ln/']) {
    app.get(`/${lang}home/*`, (_request, reply) => reply.sendFile(`${lang}home/index.html`, siteDir));
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Pages get the site's answers; API routes and media files get a plain JSON 404.
    if (!path.startsWith('/api/') && !path.startsWith('/media/')) {
      if (!existsSync(join(siteDir, 'index.html'))) {
        return reply.status(503).header('retry-after', '5').type('text/html; charset=utf-8').send(PREPARING);
      }
      // Astro writes the French 404 as 404.html and the others as en/404/index.html; a listing without a
      // page gets the 'Propriété non trouvée' page of its language.
      const lang = /^\/(en|ln)(\/|$)/.exec(path)?.[1];
      const prefix = lang ? `${lang}/` : '';
      const listing = `${prefix}property-not-found/index.html`;
      const page =
        /^(\/(en|ln))?\/property\/[^/]+\/?$/.test(path) && existsSync(join(siteDir, listing))
          ? listing
          : lang && existsSync(join(siteDir, lang, '404', 'index.html'))
            ? `${lang}/404/index.html`
            : '404.html';
      if (existsSync(join(siteDir, page))) {
        return reply.status(404).type('text/html; charset=utf-8').sendFile(page, siteDir);
      }
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route introuvable : ${request.method} ${path}`,
    });
  });
});
