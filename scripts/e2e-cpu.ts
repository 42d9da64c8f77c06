// Where the end-to-end suite's CPU goes: runs `playwright test` (any arguments are passed on: spec files,
// --project…) with tests/e2e/cpu-probe.ts on, then prints the CPU seconds by spec file and project, the
// costliest tests, and the totals by kind of process. CI is bound by the two cores (decision 0038): what a
// test costs there is its CPU, which moves less than wall time with the machine's load (still, compare runs
// made alike).
// Usage: node scripts/e2e-cpu.ts [playwright test arguments]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Line {
  project: string;
  file: string;
  title: string;
  wall: number;
  [kind: string]: number | string;
}

const log = join(mkdtempSync(join(tmpdir(), 'ndako-e2e-cpu-')), 'cpu.jsonl');
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_CPU_LOG: log },
});

let lines: Line[] = [];
try {
  lines = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
} catch {
  console.error('No test was measured.');
  process.exit(run.status ?? 1);
}

const cpuOf = (l: Line) =>
  Object.entries(l).reduce((sum, [k, v]) => (typeof v === 'number' && k !== 'wall' ? sum + v : sum), 0);
const add = (into: Map<string, number>, key: string, n: number) => into.set(key, (into.get(key) ?? 0) + n);
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const s = (n: number) => n.toFixed(1).padStart(7);

const byFile = new Map<string, number>();
const byKind = new Map<string, number>();
const byProject = new Map<string, number>();
for (const l of lines) {
  add(byFile, `${l.project} ${l.file}`, cpuOf(l));
  add(byProject, l.project, cpuOf(l));
  for (const [k, v] of Object.entries(l)) if (typeof v === 'number' && k !== 'wall') add(byKind, k, v);
}

console.log(`\n${lines.length} tests measured (CPU seconds; log: ${log})`);
console.log(
  '\nBy project:',
  top(byProject, 9)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', '),
);
console.log(
  'By kind of process:',
  top(byKind, 9)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', '),
);
console.log('\nSpec files, costliest first:');
for (const [k, v] of top(byFile, 25)) console.log(`${s(v)}  ${k}`);
console.log('\nTests, costliest first:');
for (const l of [...lines].sort((a, b) => cpuOf(b) - cpuOf(a)).slice(0, 15))
  console.log(`${s(cpuOf(l))}  ${l.project} ${l.file} › ${l.title.slice(0, 90)}`);
process.exit(run.status ?? 1);
