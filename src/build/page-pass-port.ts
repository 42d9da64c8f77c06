/**
 * Where the site's middleware (src/middleware.ts) hands each rendered page during a build: set by the page
 * pass (page-pass.ts) from the build's start to its last steps, absent otherwise (`astro dev`, tests). Kept on
 * the process's global object because Astro loads the integrations and the pages' bundle (the middleware)
 * as two copies of this module.
 */
export interface PagePassPort {
  /** A promise when the worker is too far behind: the page's rendering then waits for it. */
  page(message: { path: string; html: boolean; body: Uint8Array }): void | Promise<void>;
}

const KEY = Symbol.for('ndako.build.pagePass');
const shared = globalThis as { [KEY]?: PagePassPort };

export const pagePassPort = (): PagePassPort | undefined => shared[KEY];
export const setPagePassPort = (port: PagePassPort | undefined) => {
  shared[KEY] = port;
};
