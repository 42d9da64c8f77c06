// The CI's time then and now (decision 0038, sixth amendment): the goal was the CI in half the time it
// took at THEN. Three runs, one after the other, each in a fresh clone:
//   then   THEN's own `.ci/run`;
//   cases  today's `.ci/run` steps (lint and typecheck beside Vitest, then Playwright) on the test files THEN
//          had, by their paths today, with the files that took cases out of them (MOVED, SPLIT_INTO);
//   now    today's whole `.ci/run`.
// It prints each run's phases, wall time and the two cores' busy seconds, then whether THEN's test titles are
// still in the "cases" files. Runs alone on the machine (20 to 40 minutes): only figures of one run of
// this script compare. Needs Chromium, HAProxy and PostgreSQL installed and running (`.ci/run` sees to them).
// Usage: node scripts/bench/ci-then-and-now.ts [then] [cases] [now]   (all three by default)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const THEN = 'd5501a8';
/** Test files moved since THEN, old path → path today (git's rename detection, checked by hand). */
const MOVED: Record<string, string> = {
  'src/build/share-image.test.ts': 'src/media/share-image.test.ts',
  'src/stores/toasts.test.ts': 'src/shared/toasts.test.ts',
  'src/components/property/listing.test.ts': 'src/shared/listing.test.ts',
  'src/db/seed/index.test.ts': 'src/demo/index.test.ts',
};
/** Files today that hold cases THEN had elsewhere: the catalogue query's tests split in two, scrypt's cost. */
const SPLIT_INTO = [
  'src/islands/catalogue/filter.test.ts',
  'src/islands/catalogue/paging.test.ts',
  'src/server/services/passwords.test.ts',
];

const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
const TESTS = /\.(test|spec)\.ts$/;

/** The two cores' busy and idle seconds so far (/proc/stat's first line, in clock ticks of 1/100 s). */
function cpu(): { busy: number; idle: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = ticks;
  return { busy: (user + nice + system + irq + softirq) / 100, idle: (idle + iowait) / 100 };
}

function clone(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), `ndako-ci-${ref}-`));
  execFileSync('git', ['clone', '-q', ROOT, dir]);
  execFileSync('git', ['-C', dir, 'checkout', '-q', ref]);
  return dir;
}

/** Runs a bash script in `dir` with CI=true, prints its phase and test-count lines; returns its figures. */
function timed(name: string, dir: string, script: string) {
  console.log(`\n# ${name} (${dir})`);
  const before = cpu();
  const start = performance.now();
  const run = spawnSync('bash', ['-c', script], {
    cwd: dir,
    env: { ...process.env, CI: 'true' },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const wall = Math.round((performance.now() - start) / 1000);
  const after = cpu();
  const output = `${run.stdout}${run.stderr}`.replace(/\u001b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex -- colours removed
  writeFileSync(join(tmpdir(), `ndako-ci-${name}.log`), output);
  const lines = output
    .split('\n')
    .filter((l) => /^== |Tests +\d|\d+ (passed|failed|skipped)|added \d+ packages/.test(l.trim()))
    .map((l) => `  ${l.trim()}`);
  console.log(lines.join('\n'));
  const busy = Math.round(after.busy - before.busy);
  const idle = Math.round(after.idle - before.idle);
  console.log(`  exit ${run.status}, wall ${wall} s, cores busy ${busy} s, idle ${idle} s`);
  return { name, wall, busy, idle, ok: run.status === 0 };
}

/** THEN's test files, by their paths then. */
const THEN_TESTS = git('ls-tree', '-r', '--name-only', THEN)
  .split('\n')
  .filter((f) => TESTS.test(f));

/** THEN's test files by their paths today, and the files that took cases out of them. */
function casesFiles(): string[] {
  const files = [...THEN_TESTS.map((f) => MOVED[f] ?? f), ...SPLIT_INTO];
  const missing = files.filter((f) => !git('ls-files', '--', f).trim());
  if (missing.length) throw new Error(`Not in this checkout any more: ${missing.join(', ')}`);
  return files;
}

/** Where THEN's test titles (as written: `it('…'`, `test('…'`) are today: in the cases files, elsewhere, nowhere. */
function titles(cases: string[]) {
  const title =
    /\b(?:it|test)(?:\.(?:for|each|skip|only|concurrent)\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;
  const text = (files: string[]) => files.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
  const inCases = text(cases);
  const everywhere = text(
    git('ls-files')
      .split('\n')
      .filter((f) => TESTS.test(f)),
  );
  const counts = { inCases: 0, elsewhere: 0, nowhere: [] as string[] };
  for (const file of THEN_TESTS) {
    for (const [, , name = ''] of git('show', `${THEN}:${file}`).matchAll(title)) {
      if (inCases.includes(name)) counts.inCases += 1;
      else if (everywhere.includes(name)) counts.elsewhere += 1;
      else counts.nowhere.push(`${file}: ${name}`);
    }
  }
  return counts;
}

const asked = process.argv.slice(2);
const wanted = (name: string) => asked.length === 0 || asked.includes(name);
const results: ReturnType<typeof timed>[] = [];
const clones: string[] = [];
const cases = casesFiles();
const vitestFiles = cases.filter((f) => !f.startsWith('tests/e2e/')).join(' ');
const e2eFiles = cases.filter((f) => f.startsWith('tests/e2e/')).join(' ');

if (wanted('then')) {
  const dir = clone(THEN);
  clones.push(dir);
  results.push(timed('then', dir, 'bash .ci/run'));
}
if (wanted('cases')) {
  const dir = clone('HEAD');
  clones.push(dir);
  // .ci/run's steps, with the suites given the files; what .ci/run installs and starts (Chromium, HAProxy,
  // PostgreSQL) must be there already, as the header says.
  results.push(
    timed(
      'cases',
      dir,
      `set -uo pipefail
       s=$SECONDS; npm install --no-audit --no-fund >/dev/null 2>&1; echo "== npm install: $((SECONDS-s)) s"
       export PATH=$PWD/node_modules/.bin:$PATH
       t=$SECONDS; npm run lint >/dev/null 2>&1 & l=$!; npm run typecheck >/dev/null 2>&1 & c=$!
       npx vitest run ${vitestFiles}; v=$?; echo "== vitest: $((SECONDS-t)) s"
       wait $l; lint=$?; wait $c; types=$?; echo "== lint, typecheck and vitest together: $((SECONDS-t)) s"
       t=$SECONDS; npx playwright test ${e2eFiles}; p=$?; echo "== playwright: $((SECONDS-t)) s"
       exit $((v || lint || types || p))`,
    ),
  );
}
if (wanted('now')) {
  const dir = clone('HEAD');
  clones.push(dir);
  results.push(timed('now', dir, 'bash .ci/run'));
}
for (const dir of clones) rmSync(dir, { recursive: true, force: true });

console.log('\n| Run | Wall | Cores busy | Passed |\n| --- | --- | --- | --- |');
for (const r of results) console.log(`| ${r.name} | ${r.wall} s | ${r.busy} s | ${r.ok ? 'yes' : 'NO'} |`);
const then = results.find((r) => r.name === 'then');
for (const r of results.filter((x) => x !== then && then)) {
  console.log(`${r.name}: ${Math.round((r.wall / then!.wall) * 100)} % of then's wall time`);
}
const found = titles(cases);
console.log(
  `\n${THEN}'s test titles: ${found.inCases} in the cases files, ${found.elsewhere} only in other files, ` +
    `${found.nowhere.length} reworded or gone:\n${found.nowhere.map((t) => `  ${t}`).join('\n')}`,
);
