// One language's Pagefind index, in a child process of the build (search-index-languages.ts): each process
// runs its own Pagefind service, and the languages are indexed side by side. A process rather than a worker
// thread: the site renderer lives for days, and a Pagefind service spawned from a worker thread that has
// ended is never waited for (a zombie process per language and publish). Plain Node TypeScript, run as it is:
// it imports nothing of the project.
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

if (process.send) {
  process.once('message', (job: LanguageJob) => {
    run(job)
      .then(
        () => ({ ok: true }) satisfies LanguageResult,
        (error: unknown) =>
          ({ ok: false, error: (error as Error).message ?? String(error) }) satisfies LanguageResult,
      )
      .then(async (result) => {
        await pagefind.close();
        process.send!(result, () => process.exit(0));
      });
  });
}
