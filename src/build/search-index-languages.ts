import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import type { LanguageJob, LanguageResult } from './search-index-worker.ts';

/**
 * Pagefind keeps one index per language, and its service works through its requests one at a time on one
 * core. Each language is therefore indexed by its own service, in a child process, into a folder of its own;
 * the folders are then put together and their entry files merged. The result is the same, byte for byte, as
 * one service indexing every page (search-index.test.ts checks it): the languages' files do not depend on
 * each other, and the entry file lists the languages in order. Decision 0037.
 */

const ENTRY = 'pagefind-entry.json';
const WORKER = fileURLToPath(new URL('./search-index-worker.ts', import.meta.url));

interface Entry {
  version: string;
  languages: Record<string, unknown>;
  [key: string]: unknown;
}

function indexLanguage(job: LanguageJob, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const child = fork(WORKER, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    // A publish that makes this index useless stops its Pagefind service at once.
    const stop = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', stop, { once: true });
    let result: LanguageResult | null = null;
    child.once('message', (r: LanguageResult) => (result = r));
    child.once('error', reject);
    child.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      if (result?.ok) resolve();
      else if (result) reject(new Error(`Pagefind: ${result.error}`));
      else reject(new Error(`Pagefind's process stopped (exit code ${code})`));
    });
    child.send(job);
  });
}

/** Moves everything under `from` into `to` (the languages share only identical files: scripts, UI). */
async function moveInto(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.name === ENTRY) continue;
    if (entry.isDirectory()) await moveInto(join(from, entry.name), join(to, entry.name));
    else await rename(join(from, entry.name), join(to, entry.name));
  }
}

/** Writes the index of `pages` (by language, each in its order) into `outputPath`. */
export async function indexByLanguage(
  pages: ReadonlyMap<string, LanguageJob['pages']>,
  outputPath: string,
  signal?: AbortSignal,
): Promise<void> {
  const scratch = `${outputPath}.languages`;
  await rm(scratch, { recursive: true, force: true });
  // A site without a searchable page still gets Pagefind's script and an entry listing no page.
  const languages = pages.size ? [...pages.keys()].sort() : ['fr'];
  try {
    await Promise.all(
      languages.map((lang) =>
        indexLanguage({ pages: pages.get(lang) ?? [], outputPath: join(scratch, lang) }, signal),
      ),
    );
    const entries: Entry[] = [];
    for (const lang of languages) {
      entries.push(JSON.parse(await readFile(join(scratch, lang, ENTRY), 'utf8')) as Entry);
      await moveInto(join(scratch, lang), outputPath);
    }
    const [first] = entries;
    if (!first) return;
    const all = Object.assign({}, ...entries.map((e) => e.languages)) as Record<string, unknown>;
    const languagesInOrder = Object.fromEntries(
      Object.keys(all)
        .sort()
        .map((k) => [k, all[k]]),
    );
    await writeFile(join(outputPath, ENTRY), JSON.stringify({ ...first, languages: languagesInOrder }));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
