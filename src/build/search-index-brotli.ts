import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip } from 'node:zlib';
import { transform } from 'esbuild';
import { filesUnder, linkOrCopy } from './walk.ts';

const brotli = promisify(brotliCompress);
const gunzipped = promisify(gunzip);

/**
 * Pagefind's files that get a Brotli copy: its WebAssembly, each language's metadata, the word index's chunks
 * and the filters. Pagefind writes them as gzip data that its script unpacks itself, so without a copy they
 * travel as gzip level 6 — 59 KB for the French WebAssembly, 51 KB in Brotli 11. The result fragments (one per
 * page, 30,000 files at 10,000 listings, half a kilobyte each) are left as they are: Brotli saves 22 bytes on
 * each at quality 9 and 40 at 10–11, which would cost 10 s to minutes per publish
 * (docs/decisions/0002-catalogue-search-on-the-listing-index.md).
 */
const WORTH_IT = /\.(pagefind|pf_meta|pf_index|pf_filter)$/;
/**
 * Pagefind's entry file (0.3 KB of JSON, 0.17 KB in Brotli), which every first search loads: under the 1 KB
 * below which precompress.ts makes no copy, it would travel uncompressed. (Its script gets Brotli 11 there.)
 */
const ENTRY = 'pagefind-entry.json';
/** What Pagefind puts before the data of each file, once unpacked; its script skips unpacking when it sees it. */
const SIGNATURE = Buffer.from('pagefind_dcd');
const PARALLEL = 4;

/**
 * Writes `file.br` beside each of those files: the unpacked data (it starts with Pagefind's signature) in
 * Brotli. The server sends it with `Content-Encoding: br` to browsers that accept it (@fastify/static
 * preCompressed); the browser unpacks it, and Pagefind's script, seeing the signature, uses it as it is.
 * Other browsers, and hosts that ignore the copies, get Pagefind's own gzip data. Pagefind's entry gets a Brotli
 * copy of its text. Returns the bytes saved.
 */
export async function brotliCopies(
  dir: string,
  previous?: string,
): Promise<{ files: number; saved: number; reused: number }> {
  const queue: string[] = [];
  for await (const file of filesUnder(dir, WORTH_IT)) queue.push(file);
  if (existsSync(join(dir, ENTRY))) queue.push(join(dir, ENTRY));
  let files = 0;
  let saved = 0;
  let reused = 0;
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const packed = await readFile(file);
      if (previous && (await sameCopy(packed, join(previous, relative(dir, file)), `${file}.br`))) {
        reused++;
        continue;
      }
      const text = basename(file) === ENTRY;
      const data = text ? packed : await gunzipped(packed);
      // Anything else would reach Pagefind's script as data it cannot read: leave such a file alone.
      if (!text && !data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) continue;
      const br = await brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      if (br.length >= packed.length) continue;
      await writeFile(`${file}.br`, br);
      files++;
      saved += packed.length - br.length;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { files, saved, reused };
}

/**
 * Most of an index is the same from one publish to the next (its files are named by their content): where
 * the build online has the same bytes at the same place with a Brotli copy, that copy is linked rather than
 * made again at quality 11 (15 s of a publish at 10,000 listings).
 */
async function sameCopy(packed: Buffer, before: string, target: string): Promise<boolean> {
  const [old, copy] = await Promise.all([
    readFile(before).catch(() => null),
    stat(`${before}.br`).catch(() => null),
  ]);
  if (!old || !copy || !old.equals(packed)) return false;
  await linkOrCopy(`${before}.br`, target);
  return true;
}

/**
 * Pagefind ships its script (which every first search loads) with the spaces taken out but every name whole:
 * 47 KB, 11.8 KB in Brotli 11. esbuild's minifier (Astro's own) makes the same code 32 KB, 10.0 KB in Brotli.
 * Run on the index's `pagefind.js` before precompress.ts writes its copies; answers the bytes saved.
 */
export async function minifyScript(dir: string): Promise<number> {
  const file = join(dir, 'pagefind.js');
  const code = await readFile(file, 'utf8');
  const minified = await transform(code, { loader: 'js', format: 'esm', minify: true, charset: 'utf8' });
  if (minified.code.length >= code.length) return 0;
  await writeFile(file, minified.code);
  return code.length - minified.code.length;
}
