import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { lstat, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EARLIER_LAYOUT } from '../../contract/site-manifest.ts';
import { assetsFolder, notFoundFile } from './site-manifest.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a visitor sees before the first build is online, under the agency's own name. */
const preparing = (
  agency: string,
) => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>${escapeHtml(agency)} — préparation du site</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1.25rem;color:#14213d">
<h1 style="color:#0f3d2e">${escapeHtml(agency)}</h1><p>Le site est en cours de préparation. Cette page se recharge toute seule dans quelques secondes.</p></body></html>`;

/**
 * Serves the pre-built public site from SITE_DIR. Files are looked up on each request through the path
 * SITE_DIR itself, never its resolved target: SITE_DIR is a link the publisher swaps to each new build
 * (publishing/site-folder.ts), so a new site appears on the next request, without a restart.
 */
/**
 * Files named by their content never change: what Astro puts in its assets folder (`assets`, from the
 * build's manifest: /_astro/), and the content search's
 * index chunks, fragments, filters and metadata (`/pagefind/index/fr_1a2b3c4.pf_index`,
 * `/pagefind/pagefind.fr_1a2b3c4d5e.pf_meta`): a visitor who searches again, or after a publish that left a
 * chunk unchanged, asks nothing again. Pages, `pagefind.js`, `pagefind-entry.json` (which names the current
 * chunks) and the WebAssembly (named by language only) are revalidated.
 */
const PAGEFIND_CHUNK = /\/pagefind\/(?:(?:index|fragment|filter)\/|pagefind\.)[a-z-]+_[0-9a-f]{7,}\.pf_\w+$/;
export const siteCacheControl = (path: string, assets: string) =>
  path.includes(`/${assets}`) || PAGEFIND_CHUNK.test(path)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';

export default fp<{ siteDir: string }>(async function site(app: FastifyInstance, { siteDir: dir }) {
  const siteDir = resolve(dir);
  // Only when nothing is there: a link (even one whose build has gone) is the publisher's to replace.
  if (!(await lstat(siteDir).catch(() => null))) await mkdir(siteDir, { recursive: true });
  // The live build's assets folder, read before each file is sent (setHeaders cannot wait for it).
  let assets: string = EARLIER_LAYOUT.assets;
  app.addHook('onRequest', async (request) => {
    if (!/^\/(?:api|media|share)\//.test(request.url)) assets = assetsFolder(await app.siteManifest());
  });
  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true,
    redirect: true,
    index: ['index.html'],
    // The build writes .br and .gz copies of text files (src/build/precompress.ts).
    preCompressed: true,
    // Astro fingerprints what it puts in its assets folder: those never change. Pages are revalidated, and so is
    // the service worker (/sw.js): a publish must reach every browser at its next visit.
    setHeaders: (res, path) => {
      res.header('cache-control', siteCacheControl(path, assets));
    },
  });

  // Spec §2: /home and any path under it show the home page, in each language the live site has.
  const home = async (lang: string | undefined, reply: FastifyReply) => {
    const manifest = await app.siteManifest();
    const prefix = lang === undefined ? '' : `${lang}/`;
    if (!manifest?.languages.some((l) => l.prefix === prefix)) return reply.callNotFound();
    return reply.sendFile(`${prefix}${manifest.home}`, siteDir);
  };
  app.get('/home/*', (_request, reply) => home(undefined, reply));
  app.get<{ Params: { lang: string } }>('/:lang/home/*', (request, reply) =>
    home(request.params.lang, reply),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Pages get the site's answers; API routes, media files and share pictures get a plain JSON 404.
    if (!/^\/(?:api|media|share)\//.test(path)) {
      if (!existsSync(join(siteDir, 'index.html'))) {
        return reply
          .status(503)
          .header('retry-after', '5')
          .type('text/html; charset=utf-8')
          .send(preparing((await app.repos.settings.agency()).name));
      }
      // The manifest says which file answers: the language's not-found page, or for /property/{id} without
      // a page (a listing added since the last publish) the 'Propriété non trouvée' page of its language.
      const manifest = await app.siteManifest();
      const page = manifest ? notFoundFile(manifest, path) : EARLIER_LAYOUT.notFound;
      if (page && existsSync(join(siteDir, page))) {
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
