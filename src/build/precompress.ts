import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { reusedFiles } from './incremental.ts';
import { filesUnder } from './walk.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text worth compressing; images and videos are already compressed. */
const TEXT = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;
const PARALLEL = 8;
/**
 * Pagefind's script (32 KB once minified: search-index-brotli.ts), which every first content search loads:
 * Brotli 11, 10.0 KB instead of 10.8 KB at quality 5, for a fraction of a second once per publish (decision
 * 0002). So do the catalogue's three index files (decision 0032): the core that every first view of the
 * catalogue loads (62.1 → 55.2 KB at 10,000 listings), the words of the first text search and the map's
 * coordinates, a second or so per publish. Not everything: Brotli 11 on every page would add minutes.
 */
const BEST = /[/\\](pagefind[/\\]pagefind\.js|data[/\\](catalogue|words|geo)\.json)$/;

/** Writes `file.br` and `file.gz` beside a text file, each only when it is smaller. */
export async function precompressFile(file: string): Promise<number> {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return 0;
  const [br, gzipped] = await Promise.all([
    // Quality 5 and level 6: within a few per cent of the best sizes at a tenth of the time, which matters
    // when a publish writes 30,000 pages.
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BEST.test(file) ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: 6 }),
  ]);
  let saved = 0;
  if (br.length < body.length) {
    await writeFile(`${file}.br`, br);
    saved = body.length - br.length;
  }
  if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
  return saved;
}

/**
 * After the build: a Brotli and a gzip copy of every text file, which the server sends to browsers that
 * accept them (@fastify/static preCompressed). Visitors pay for every byte; compressing once at build
 * time costs nothing per request.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'ndako-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const queue: string[] = [];
        // Pages an incremental build reused come with their compressed copies.
        for await (const file of filesUnder(dir.pathname, TEXT)) if (!reusedFiles.has(file)) queue.push(file);
        let count = 0;
        const worker = async () => {
          for (let file = queue.pop(); file; file = queue.pop())
            if ((await precompressFile(file)) > 0) count++;
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`${count} text files precompressed (Brotli, gzip) in ${seconds} s`);
      },
    },
  };
}
