import { z } from 'zod';

/** Written at the root of every build; the server reads it from the live site (src/server/publishing/site-manifest.ts). */
export const SITE_MANIFEST_FILE = 'site-manifest.json';

/**
 * Astro's output layout as builds had it before their manifest named it (decision 0024, amended
 * 2026-11-28): a site built earlier (a manifest without `assets` and `home`, or no manifest at all) stays
 * served as it was laid out until the next publish, which `npm start` runs at every start. New builds
 * say their layout themselves (src/build/site-manifest.ts); the server reads it only from the manifest.
 */
export const EARLIER_LAYOUT = { assets: '_astro/', home: 'home/index.html', notFound: '404.html' } as const;

/**
 * What a built site tells the server that serves it: the server never reads Astro's sources or knows its
 * output layout by heart, so a page, a language or a not-found page added to the site needs no server change.
 */
export const SiteManifest = z.object({
  v: z.literal(1),
  /** Each language and the prefix of its addresses: '' for the default language, 'en/' for English… */
  languages: z.array(z.object({ code: z.string().min(2), prefix: z.string() })).min(1),
  /**
   * The site's page addresses without their language prefix, as regular-expression sources:
   * '' (home), 'properties', 'property/[0-9]+'… The page-view beacon counts only these.
   */
  routes: z.array(z.string()),
  /** Of those, the pages that run WebAssembly (Pagefind): only their policy allows 'wasm-unsafe-eval'. */
  wasmRoutes: z.array(z.string()),
  /**
   * The folder (with its slash) of the build's fingerprinted scripts and styles: a file there never
   * changes, so it is cached for good and served without the page-level headers.
   */
  assets: z.string().min(1).default(EARLIER_LAYOUT.assets),
  /** The home page's file under each language prefix: what /home and any path under it answer. */
  home: z.string().min(1).default(EARLIER_LAYOUT.home),
  /** Per language prefix, the files answering an unknown address and a listing without a page yet. */
  notFound: z.record(z.string(), z.object({ page: z.string(), listing: z.string().nullable() })),
  /** The CSP sources ('sha256-…') of every inline script the pages run. */
  scriptHashes: z.array(z.string()),
  /** HTML pages this build wrote. */
  pages: z.number().int().nonnegative(),
});
export type SiteManifest = z.infer<typeof SiteManifest>;
