import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rename, rm } from 'node:fs/promises';
import type { AstroIntegration, AstroIntegrationLogger, AstroPrerenderer } from 'astro';
import { env } from '../../env.ts';
import { fetchInputs } from '../api.ts';
import { startBuild } from '../build-context.ts';
import { compressTree } from '../precompress.ts';
import { renderSite } from './render-site.ts';
import { BUNDLE } from './bundle.ts';
import { siteApp, type SiteApp } from './site-app.ts';

const aside = (outDir: string) => `${prerenderDir(outDir)}-kept`;

/**
 * The site renderer's part in `astro build` (decision 0045). Astro builds the scripts, the styles and the
 * pages' bundle, then renders no page itself: this integration keeps its prerenderer and renders the site
 * with it (render-site.ts), which knows each page's key and renders only what changed. In the site renderer
 * process (renderer-process.ts), the bundle outlives the build and renders every later publish without
 * Astro; in a plain `astro build` (npm run build), it renders a whole site into the output folder.
 */

/** Set by the site renderer process before it runs `astro build`: it takes the bundle over. */
export interface RendererHost {
  built(app: SiteApp, dir: string): Promise<void>;
}
const HOST = Symbol.for('ndako.build.rendererHost');
const shared = globalThis as { [HOST]?: RendererHost };
export const setRendererHost = (host: RendererHost) => void (shared[HOST] = host);

/** Where Astro writes its pages' bundle for an output folder (astro's getPrerenderOutputDirectory). */
export const prerenderDir = (outDir: string) =>
  outDir.startsWith(process.cwd()) ? join(outDir, BUNDLE) : join(process.cwd(), '.astro', '.prerender');

export function ndakoSite(): AstroIntegration {
  let outDir = '';
  let prerenderer: AstroPrerenderer | null = null;
  return {
    name: 'ndako-site',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': ({ setPrerenderer }) => {
        // The build's data, read once before anything renders; the site renderer has started its own.
        if (!shared[HOST]) startBuild(fetchInputs());
        setPrerenderer((defaults) => ({
          name: 'ndako-site',
          async setup() {
            await defaults.setup?.();
            prerenderer = defaults;
          },
          // Astro renders nothing: render-site.ts renders every page, knowing which it can keep.
          getStaticPaths: async () => [],
          render: (request, options) => defaults.render(request, options),
          // Astro deletes its bundle's folder next; a page's module loads when it is first rendered, which
          // is after: the folder is set aside, and put back at the build's end.
          teardown: () => rename(prerenderDir(outDir), aside(outDir)),
        }));
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!prerenderer) throw new Error('Astro did not set up its prerenderer: no page can be rendered');
        const root = fileURLToPath(dir);
        const app = siteApp(prerenderer);
        await rename(aside(outDir), prerenderDir(outDir));
        const host = shared[HOST];
        // The renderer keeps the bundle's folder for its life (its output folder is its own).
        if (host) return host.built(app, root);
        try {
          await renderWhole(app, root, logger);
        } finally {
          await rm(prerenderDir(outDir), { recursive: true, force: true });
        }
      },
    },
  };
}

/** A plain `astro build` (npm run build): a whole site into its output folder. */
async function renderWhole(app: SiteApp, root: string, logger: AstroIntegrationLogger) {
  await compressTree(root, [BUNDLE]);
  let last = '';
  const outcome = await renderSite(app, {
    live: env().BUILD_PREVIOUS_DIR ?? null,
    target: root,
    assetsInTarget: true,
    assets: root,
    mode: 'full',
    report: ({ step, done, total }) => {
      const line = total ? `${step}: ${done} / ${total}` : step;
      if (total && done !== total && done !== 0) return;
      if (line !== last) logger.info((last = line));
    },
  });
  logger.info(`${outcome.rendered} pages rendered into ${root}`);
}
