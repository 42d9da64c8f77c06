// Results of the measures, the machine they ran on, and how they are shown: a table on the console and a
// Markdown report.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { findChromium } from '../../lib/browser-path.ts';
import { createContext, type Context } from './context.ts';
import { ROOT } from './server.ts';

export type Status = 'met' | 'missed' | 'not measurable' | 'skipped';

export interface Row {
  measure: string;
  figure: string;
  target: string;
  status: Status;
}

export interface MeasureResult {
  rows: Row[];
  /** Markdown lines: how it was measured, breakdowns, causes of misses. */
  notes: string[];
}

export interface Measure {
  /** The name of `--only`. */
  name: string;
  title: string;
  run(ctx: Context): Promise<MeasureResult>;
}

export const met = (ok: boolean): Status => (ok ? 'met' : 'missed');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  chromium: string;
  commit: string;
}

export function machine(): Machine {
  const chromiumPath = findChromium()?.path;
  const run = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return 'unknown';
    }
  };
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    ramGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromiumPath ? run(chromiumPath, ['--version']) : 'none found',
    commit: run('git', ['rev-parse', '--short', 'HEAD']),
  };
}

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

export function versions(...packages: string[]): string {
  return packages
    .map((p) => {
      const json = JSON.parse(readFileSync(`${ROOT}/node_modules/${p}/package.json`, 'utf8')) as {
        version: string;
      };
      return `${p} ${json.version}`;
    })
    .join(', ');
}

/** The rows as a fixed-width table for the console. */
export function consoleTable(rows: readonly Row[]): string {
  const head: Row = { measure: 'Measure', figure: 'Figure', target: 'Target', status: 'met' };
  const cells = [head, ...rows].map((r, i) => [r.measure, r.figure, r.target, i === 0 ? 'Status' : r.status]);
  const widths = [0, 1, 2, 3].map((c) => Math.max(...cells.map((row) => row[c]!.length)));
  const line = (row: string[]) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join(
    '\n',
  );
}

const cell = (s: string) => s.replace(/\|/g, '\\|');
const mark: Record<Status, string> = {
  met: '✅ met',
  missed: '❌ missed',
  'not measurable': '⚠️ not measurable',
  skipped: '— skipped',
};

export function markdownTable(rows: readonly Row[]): string[] {
  return [
    '| Measure | Figure | Target | Status |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${cell(r.measure)} | ${cell(r.figure)} | ${cell(r.target)} | ${mark[r.status]} |`),
  ];
}

/** Runs one measure on its own (each measure file does this when started directly). */
export async function runAlone(measure: Measure, argv = process.argv.slice(2)): Promise<void> {
  const ctx = createContext({ quick: argv.includes('--quick') });
  const stopAll = () => void ctx.close().then(() => process.exit(130));
  process.once('SIGINT', stopAll);
  try {
    const result = await measure.run(ctx);
    console.log(`\n${measure.title}\n`);
    console.log(result.notes.join('\n'));
    console.log(`\n${consoleTable(result.rows)}\n`);
  } finally {
    await ctx.close();
  }
}
