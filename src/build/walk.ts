import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/**
 * Every file under `dir` whose name matches, for the steps that run over a finished build; the entries of
 * `dir` itself named in `skip` are left out.
 */
export async function* filesUnder(
  dir: string,
  name: RegExp,
  skip: readonly string[] = [],
): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path, name);
    else if (name.test(entry.name)) yield path;
  }
}

/** Puts `file` at `target` as a hard link (no bytes copied), or as a copy across file systems. */
export async function linkOrCopy(file: string, target: string): Promise<void> {
  try {
    await link(file, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(file, target);
  }
}

/** Files linked at once: enough to keep the file system busy, few enough not to queue thousands. */
const LINKS_IN_FLIGHT = 32;

/**
 * Puts every file under `from` (but the entries named in `skip`) at the same place under `to`, as hard
 * links (copies across file systems).
 */
export async function linkTree(from: string, to: string, skip: readonly string[] = []): Promise<number> {
  const files: string[] = [];
  for await (const file of filesUnder(from, /./, skip)) files.push(relative(from, file));
  const folders = new Set(files.map((f) => dirname(join(to, f))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++)
      await linkOrCopy(join(from, files[i]!), join(to, files[i]!));
  };
  await Promise.all(Array.from({ length: LINKS_IN_FLIGHT }, worker));
  return files.length;
}
