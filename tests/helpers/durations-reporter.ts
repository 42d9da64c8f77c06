import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { durationKey } from './sequencer.ts';

/**
 * Writes tests/helpers/durations.json, the timings the sequencer orders files by: each file's seconds from
 * its start to its end, files of 3 s or more (the rest keep Vitest's order by size). Run by
 * `npm run test:durations` on a quiet machine after a change of the suites' shape.
 */
export default class DurationsReporter implements Reporter {
  private started = new Map<string, number>();
  private seconds: Record<string, number> = {};

  onTestModuleStart(module: TestModule) {
    this.started.set(module.id, performance.now());
  }

  onTestModuleEnd(module: TestModule) {
    const begun = this.started.get(module.id);
    if (begun === undefined) return;
    const s = Math.round((performance.now() - begun) / 1000);
    const file = relative(module.project.config.root, module.moduleId);
    if (s >= 3) this.seconds[durationKey(module.project.name, file)] = s;
  }

  onTestRunEnd() {
    const sorted = Object.fromEntries(Object.entries(this.seconds).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(new URL('./durations.json', import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`);
  }
}
