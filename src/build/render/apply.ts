import { existsSync } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { clearJournal, writeJournal, writeRecord, type SiteRecord } from './record.ts';

/** A file of the site and its compressed copies. */
const withCopies = (file: string) => [file, `${file}.br`, `${file}.gz`];

export interface Changes {
  /** Files written into the staging folder, each with the copies that were written beside it. */
  written: { file: string; br: boolean; gz: boolean }[];
  /** Files of the live build that are no longer part of it (with their copies). */
  removed: string[];
}

/**
 * Changes the live build in `live` into the one staged in `stage` plus what it keeps (decision 0045): every
 * new file is already written beside it, so what happens in the live folder is renames and deletions only,
 * a few milliseconds for a publish of a few pages. Each rename replaces a file atomically: a visitor gets the
 * old page or the new one, never half of one; between the first rename and the last, a visitor may see one
 * page of the new site and another of the old, as across any publish. A journal is written first and removed
 * after the new record: a publish cut off half-way leaves the journal, and the next publish then builds a
 * whole new site rather than trusting this folder.
 */
export async function applyInPlace(
  live: string,
  stage: string,
  changes: Changes,
  record: SiteRecord,
): Promise<void> {
  await writeJournal(live, { stage, files: changes.written.length, removed: changes.removed.length });
  const folders = new Set<string>();
  for (const { file, br, gz } of changes.written) {
    const folder = dirname(join(live, file));
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    // The page last: a browser that asks for it compressed gets the new copy as soon as the page is new.
    const copies: [string, boolean][] = [
      [`${file}.br`, br],
      [`${file}.gz`, gz],
    ];
    for (const [copy, made] of copies)
      if (made) await rename(join(stage, copy), join(live, copy));
      else await rm(join(live, copy), { force: true });
    await rename(join(stage, file), join(live, file));
  }
  for (const file of changes.removed) {
    for (const path of withCopies(file)) await rm(join(live, path), { force: true });
    await removeEmptyFolders(live, dirname(file));
  }
  await writeRecord(live, record);
  await clearJournal(live);
  await rm(stage, { recursive: true, force: true });
}

/** Removes `folder` (relative to `root`) and its parents while they are empty. */
async function removeEmptyFolders(root: string, folder: string): Promise<void> {
  for (let dir = folder; dir && dir !== '.' && dir !== '/'; dir = dirname(dir)) {
    const path = join(root, dir);
    if (!existsSync(path)) continue;
    try {
      await rmdir(path);
    } catch {
      return; // not empty
    }
  }
}
