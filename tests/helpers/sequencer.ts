import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order Vitest runs the files in: longest first, so that the slow files (the deploy tests' builds and
 * servers, the generated hostile bodies) start at once instead of last (decision 0038). Vitest orders a fresh
 * clone's files by size, having no timings of its own, and the process suites of the `pglite:isolated` project,
 * two minutes each, ran at the end. The timings are tests/helpers/durations.json (`npm run test:durations`
 * writes it; a file not in it counts as short and keeps Vitest's order by size).
 *
 * A project's files stay together: the projects that share modules between files (isolate: false) keep a
 * worker per project, and files of several projects interleaved start a new worker for nearly every file
 * (measured: the run took twice as long). The projects go in the order of their longest file.
 */
const DURATIONS: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
);

export const durationKey = (project: string, file: string) => `${project} ${file}`;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const bySize = await super.sort(files);
    const rank = new Map(bySize.map((spec, i) => [spec, i]));
    const seconds = (spec: TestSpecification) =>
      DURATIONS[durationKey(spec.project.name, relative(spec.project.config.root, spec.moduleId))] ?? 0;
    const longest = new Map<string, number>();
    for (const spec of files) {
      longest.set(spec.project.name, Math.max(longest.get(spec.project.name) ?? 0, seconds(spec)));
    }
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        longest.get(b.project.name)! - longest.get(a.project.name)! ||
        a.project.name.localeCompare(b.project.name) ||
        seconds(b) - seconds(a) ||
        rank.get(a)! - rank.get(b)!,
    );
  }
}
