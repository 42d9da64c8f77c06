import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EARLIER_LAYOUT, SITE_MANIFEST_FILE, SiteManifest } from '../../contract/site-manifest.ts';

/**
 * The live site's manifest (src/build/site-manifest.ts writes it), read from SITE_DIR and read again when
 * a publish switches SITE_DIR to another build (a new file: another inode). Null until a site is online,
 * or when its manifest cannot be read (said once in the log, not on every request).
 */
export function siteManifestReader(siteDir: string, warn: (message: string) => void = () => {}) {
  const file = join(resolve(siteDir), SITE_MANIFEST_FILE);
  let cache: { key: string; manifest: SiteManifest | null } | null = null;
  return async function read(): Promise<SiteManifest | null> {
    const info = await stat(file).catch(() => null);
    const key = info ? `${info.ino}:${info.mtimeMs}:${info.size}` : 'none';
    if (cache?.key === key) return cache.manifest;
    let manifest: SiteManifest | null = null;
    if (info) {
      try {
        manifest = SiteManifest.parse(JSON.parse(await readFile(file, 'utf8')));
      } catch (error) {
        warn(
          `${file} cannot be read (${(error as Error).message.split('\n')[0]}): the site's pages are unknown`,
        );
      }
    }
    cache = { key, manifest };
    return manifest;
  };
}

export type SiteManifestReader = ReturnType<typeof siteManifestReader>;

/** The manifest of the build in `dir` (one being uploaded), or null when it has none that can be read. */
export async function buildManifest(dir: string): Promise<SiteManifest | null> {
  try {
    return SiteManifest.parse(JSON.parse(await readFile(join(dir, SITE_MANIFEST_FILE), 'utf8')));
  } catch {
    return null;
  }
}

/** The folder of the build's fingerprinted files; a site built before its manifest had Astro's earlier one. */
export const assetsFolder = (m: SiteManifest | null) => m?.assets ?? EARLIER_LAYOUT.assets;

const prefixes = (m: SiteManifest) =>
  m.languages
    .map((l) => l.prefix.replace(/\/$/, ''))
    .filter(Boolean)
    .join('|');

/** "/", "/en/properties/", "/ln/property/12"… : the addresses of the site's pages in every language. */
export function pagePattern(m: SiteManifest): RegExp {
  const routes = m.routes.filter(Boolean).join('|');
  return new RegExp(`^(?=/)(?:/(?:${prefixes(m)}))?(?:/(?:${routes}))?/?$`);
}

/** Whether the page at `url` runs WebAssembly (its policy then allows 'wasm-unsafe-eval'). */
export function runsWasm(m: SiteManifest, url: string): boolean {
  if (!m.wasmRoutes.length) return false;
  const path = url.split(/[?#]/)[0] ?? '/';
  return new RegExp(`^(?:/(?:${prefixes(m)}))?/(?:${m.wasmRoutes.join('|')})/?$`).test(path);
}

/** The language prefix of an address ('' for the default language, 'en/'…). */
export function languagePrefix(m: SiteManifest, path: string): string {
  const first = path.split('/')[1];
  return m.languages.find((l) => l.prefix && l.prefix === `${first}/`)?.prefix ?? '';
}

/** The file answering `path` with a 404: a listing's not-found page for /property/{id}, else the language's. */
export function notFoundFile(m: SiteManifest, path: string): string | undefined {
  const prefix = languagePrefix(m, path);
  const files = m.notFound[prefix] ?? m.notFound[''];
  const rest = path.slice(prefix ? prefix.length + 1 : 1);
  if (/^property\/[^/]+\/?$/.test(rest) && files?.listing) return files.listing;
  return files?.page;
}
