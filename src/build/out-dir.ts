import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Env } from '../env.ts';

/** Where `astro build` writes when BUILD_OUT_DIR is not set: beside the live site, never into it. */
export const DEFAULT_BUILD_OUT_DIR = './dist-build';

const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/**
 * The folder `astro build` writes into. Astro empties it first, so it must never be SITE_DIR (the live
 * site's link) nor the build SITE_DIR points at: a plain `npm run build` would take the site offline.
 */
export function buildOutDir(e: Pick<Env, 'BUILD_OUT_DIR' | 'SITE_DIR'>): string {
  const out = e.BUILD_OUT_DIR ?? DEFAULT_BUILD_OUT_DIR;
  if (resolve(out) === resolve(e.SITE_DIR) || real(out) === real(e.SITE_DIR)) {
    throw new Error(
      `BUILD_OUT_DIR (${out}) is the live site (SITE_DIR): astro would empty it. Build elsewhere ` +
        `(the default is ${DEFAULT_BUILD_OUT_DIR}), or publish from the admin, which switches SITE_DIR safely.`,
    );
  }
  return out;
}
