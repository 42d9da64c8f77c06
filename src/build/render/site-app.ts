import type { AstroPrerenderer, PathWithRoute } from 'astro';

/**
 * The site's pages as Astro built them, kept in this process to render any page again (decision 0045):
 * Astro's own prerenderer (its pages' bundle, loaded once by `astro build`), asked for every page's address
 * and key, and for one page at a time.
 */

/** A page of the site: its address, its route, its key and its file. */
export interface SitePath {
  pathname: string;
  route: PathWithRoute['route'];
  key: string | undefined;
  file: string;
}

/** What Astro's default prerenderer holds once set up: the pages' bundle and its route cache. */
type DefaultPrerenderer = AstroPrerenderer & { app?: { routeCache?: { clearAll(): void } } };

/**
 * The file Astro writes for a page (build.format 'directory'): '/en/property/12' → 'en/property/12/index.html',
 * '/' → 'index.html', the status page '/404' → '404.html'; an endpoint's address is its file.
 */
export function outputFile(pathname: string, type: SitePath['route']['type']): string {
  const bare = pathname.replace(/^\/+|\/+$/g, '');
  if (type === 'endpoint') return bare;
  if (pathname === '/404' || pathname === '/500') return `${bare}.html`;
  return bare ? `${bare}/index.html` : 'index.html';
}

/** The address Astro renders a page at: pages end with a slash (build.format 'directory'). */
const ORIGIN = 'http://localhost:4322';
const requestUrl = (path: SitePath) =>
  new URL(
    path.route.type === 'endpoint' || path.pathname.endsWith('/') ? path.pathname : `${path.pathname}/`,
    ORIGIN,
  );

export interface SiteApp {
  /** Every page of the site now, with its key: the data of the build that has started (build-context.ts). */
  paths(): Promise<SitePath[]>;
  /** A page's bytes, or null when it has no body (Astro writes no file then). */
  render(path: SitePath): Promise<Uint8Array | null>;
}

export function siteApp(prerenderer: DefaultPrerenderer): SiteApp {
  return {
    async paths() {
      // Astro keeps each route's getStaticPaths() for the life of its bundle: the next build's data must
      // be read again.
      prerenderer.app?.routeCache?.clearAll();
      const paths = await prerenderer.getStaticPaths();
      const seen = new Set<string>();
      const out: SitePath[] = [];
      for (const { pathname, route, cacheKey } of paths) {
        const file = outputFile(pathname, route.type);
        // Astro's rule too: the first route to claim an address has it.
        if (seen.has(file)) continue;
        seen.add(file);
        out.push({ pathname, route, key: cacheKey, file });
      }
      return out;
    },
    async render(path) {
      const result = await prerenderer.render(new Request(requestUrl(path)), { routeData: path.route });
      const response = result instanceof Response ? result : result.response;
      if (response.status >= 300 && response.status < 400)
        throw new Error(`${path.pathname} answered a redirect, which this site does not build`);
      if (!response.body) return null;
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
