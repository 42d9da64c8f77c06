import { copyFile, link, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under `dir` whose name matches, for the steps that run over a finished build. */
export async function* filesUnder(dir: string, name: RegExp): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
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
