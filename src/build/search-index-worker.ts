// One language's Pagefind index, in a worker thread of the build (search-index-languages.ts): each worker
// loads its own copy of Pagefind's Node API, hence runs its own Pagefind service, and the languages are
// indexed side by side. Plain Node TypeScript, run as it is: it imports nothing of the project.
import { parentPort, workerData } from 'node:worker_threads';
import * as pagefind from 'pagefind';

export interface LanguageJob {
  /** The language's pages in the order they must be added (the index depends on it). */
  pages: { url: string; content: string }[];
  outputPath: string;
}
export type LanguageResult = { ok: true } | { ok: false; error: string };

/** Pages sent to Pagefind's service before waiting for its answers (it takes them in order). */
const IN_FLIGHT = 64;

async function run({ pages, outputPath }: LanguageJob): Promise<void> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(errors.join('; '));
  const failed: string[] = [];
  for (let i = 0; i < pages.length; i += IN_FLIGHT)
    for (const added of await Promise.all(pages.slice(i, i + IN_FLIGHT).map((p) => index.addHTMLFile(p))))
      failed.push(...added.errors);
  if (failed.length) throw new Error(failed.slice(0, 5).join('; '));
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(written.errors.join('; '));
}

if (parentPort) {
  const port = parentPort;
  run(workerData as LanguageJob)
    .then(
      () => port.postMessage({ ok: true } satisfies LanguageResult),
      (error: unknown) =>
        port.postMessage({
          ok: false,
          error: (error as Error).message ?? String(error),
        } satisfies LanguageResult),
    )
    .finally(() => void pagefind.close());
}
