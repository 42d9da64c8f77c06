import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { DEFAULT_LANG, LANGS } from '../i18n/core.ts';
import { ASSETS } from './site-manifest.ts';

/** Text worth compressing; images and videos are already compressed. */
export const TEXT = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;
/**
 * Pagefind's script (32 KB once minified: search-index-brotli.ts), which every first content search loads:
 * Brotli 11, 10.0 KB instead of 10.8 KB at quality 5, for a fraction of a second once per publish (decision
 * 0002). So do the catalogue's three index files (decision 0032): the core that every first view of the
 * catalogue loads (62.1 → 55.2 KB at 10,000 listings), the words of the first text search (each
 * language's) and the map's coordinates, a second or so per publish. And the build's scripts and style
 * sheets (in Astro's assets folder, named by the site manifest's module), which first views load: the
 * catalogue's 23.0 → 21.7 KB (decision 0046), about a second of CPU per publish for all of them; and the
 * catalogue's page in each language (its address or its file), 15.4 → 14.1 KB, so that with its headers it
 * comes in the first round trip of a new connection (decision 0046). Not everything: Brotli 11 on every page
 * would add minutes.
 */
/** A path separator, either way. */
const SEP = '[/\\\\]';
const assetsFolder = ASSETS.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The languages whose catalogue files sit in a folder of their own (/data/en/words.json). */
const PREFIXED = LANGS.filter((lang) => lang !== DEFAULT_LANG).join('|');
const BEST = new RegExp(
  `(?:^|${SEP})(pagefind${SEP}pagefind\\.js|data${SEP}(catalogue|(?:(?:${PREFIXED})${SEP})?words|geo)\\.json|${assetsFolder}${SEP}[^/\\\\]+\\.(js|css)|properties${SEP}(index\\.html)?)$`,
);

/** The Brotli quality a file gets, by its path (or its address in the site). */
export const brotliQuality = (name: string) => (BEST.test(name) ? constants.BROTLI_MAX_QUALITY : 5);

/** A file's compressed copies; null where a copy would not be smaller, or the file is too small to bother. */
export interface Copies {
  br: Buffer | null;
  gz: Buffer | null;
}

const options = (body: Buffer, name: string) => ({
  brotli: {
    params: {
      // Quality 5 and level 6: within a few per cent of the best sizes at a tenth of the time, which
      // matters when a publish writes 30,000 pages.
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality(name),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  },
  gzip: { level: 6 },
});

const smaller = (copy: Buffer, body: Buffer) => (copy.length < body.length ? copy : null);

/** On the calling thread: the site renderer's page workers (render/page-worker.ts) compress a page at a time. */
export function compressSync(body: Buffer, name: string): Copies {
  if (body.length < MIN_BYTES) return { br: null, gz: null };
  const o = options(body, name);
  return { br: smaller(brotliCompressSync(body, o.brotli), body), gz: smaller(gzipSync(body, o.gzip), body) };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** On libuv's threads: for the files compressed at the end of the build, several at a time. */
export async function compress(body: Buffer, name: string): Promise<Copies> {
  if (body.length < MIN_BYTES) return { br: null, gz: null };
  const o = options(body, name);
  const [br, gz] = await Promise.all([brotliAsync(body, o.brotli), gzipAsync(body, o.gzip)]);
  return { br: smaller(br, body), gz: smaller(gz, body) };
}
