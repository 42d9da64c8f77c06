import { readFile, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { compress, TEXT } from './compression.ts';
import { reusedFiles } from './incremental.ts';
import { endPagePass, placeCopies } from './page-pass.ts';
import { filesUnder } from './walk.ts';

/** Writes `file.br` and `file.gz` beside a text file, each only when it is smaller; answers the bytes saved. */
export async function precompressFile(file: string): Promise<number> {
  const body = await readFile(file);
  const { br, gz } = await compress(body, file);
  if (br) await writeFile(`${file}.br`, br);
  if (gz) await writeFile(`${file}.gz`, gz);
  return br ? body.length - br.length : 0;
}

const PARALLEL = 8;

/**
 * After the build: a Brotli and a gzip copy of every text file, which the server sends to browsers that
 * accept them (@fastify/static preCompressed). Visitors pay for every byte; compressing once at build
 * time costs nothing per request. The pages were compressed beside the rendering (page-pass.ts): their
 * copies are put in place; the rest (scripts, styles, what integrations wrote) is compressed here.
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
        let placed = 0;
        let compressed = 0;
        const worker = async () => {
          for (let file = queue.pop(); file; file = queue.pop()) {
            if (await placeCopies(file)) placed++;
            else if ((await precompressFile(file)) >= 0) compressed++;
          }
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        await endPagePass();
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `${placed + compressed} text files precompressed (Brotli, gzip) in ${seconds} s: ` +
            `${placed} beside the rendering, ${compressed} now`,
        );
      },
    },
  };
}
