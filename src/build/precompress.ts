import { readFile, writeFile } from 'node:fs/promises';
import { compress, TEXT } from './compression.ts';
import { filesUnder } from './walk.ts';

/** Writes `file.br` and `file.gz` beside a text file, each only when it is smaller; answers the bytes saved. */
export async function precompressFile(file: string, name = file): Promise<number> {
  const body = await readFile(file);
  const { br, gz } = await compress(body, name);
  if (br) await writeFile(`${file}.br`, br);
  if (gz) await writeFile(`${file}.gz`, gz);
  return br ? body.length - br.length : 0;
}

const PARALLEL = 8;

/**
 * A Brotli and a gzip copy of every text file under `dir` but `skip` (Astro's scripts and styles, the public
 * files),
 * which the server sends to browsers that accept them (@fastify/static preCompressed). Visitors pay for every
 * byte; compressing once at build time costs nothing per request. Pages get theirs as they are rendered
 * (src/build/render/page-worker.ts).
 */
export async function compressTree(dir: string, skip: readonly string[] = []): Promise<number> {
  const queue: string[] = [];
  for await (const file of filesUnder(dir, TEXT, skip)) queue.push(file);
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) await precompressFile(file);
  };
  const count = queue.length;
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return count;
}
