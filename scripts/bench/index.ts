// `npm run bench`: every measure in one run on this machine, a summary table on the console and,
// for a full run, a dated report docs/bench/YYYY-MM-DD.md (figures, targets, met or missed, the machine).
// Usage: node scripts/bench/index.ts [--quick] [--only name[,name…]] [--out file.md]
//   --quick   smaller sizes (500 listings everywhere, fewer rounds, shorter runs)
//   --only    run only these measures (names below); such partial runs write no report unless --out is given
//   --out     write the report there
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { measure as api } from './api.ts';
import { measure as bucket } from './bucket.ts';
import { measure as build } from './build.ts';
import { measure as catalogue } from './catalogue.ts';
import { measure as crash } from './crash.ts';
import { measure as field } from './field.ts';
import { measure as instances } from './instances.ts';
import { measure as javascript } from './javascript.ts';
import { createContext } from './lib/context.ts';
import {
  consoleTable,
  loadAverage,
  machine,
  markdownTable,
  versions,
  type Measure,
  type MeasureResult,
  type Row,
} from './lib/report.ts';
import { ROOT } from './lib/server.ts';
import { measure as lighthouse } from './lighthouse.ts';
import { measure as listingBytes } from './listing-bytes.ts';
import { measure as mainThread } from './main-thread.ts';
import { measure as pagefind } from './pagefind.ts';
import { measure as load } from './load.ts';
import { measure as publish } from './publish.ts';
import { measure as search } from './search.ts';
import { measure as session } from './session.ts';

/** In the order they run: page measures on the 500-listing demo first, writes and load (which add data) last. */
const MEASURES: Measure[] = [
  lighthouse,
  mainThread,
  listingBytes,
  session,
  javascript,
  field,
  search,
  pagefind,
  catalogue,
  build,
  api,
  instances,
  bucket,
  publish,
  crash,
  load,
];

function parseArgs(argv: string[]) {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = value('--only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of only ?? [])
    if (!MEASURES.some((m) => m.name === name))
      throw new Error(`unknown measure "${name}"; known: ${MEASURES.map((m) => m.name).join(', ')}`);
  return { quick: argv.includes('--quick'), only, out: value('--out') };
}

const args = parseArgs(process.argv.slice(2));
const selected = args.only ? MEASURES.filter((m) => args.only!.includes(m.name)) : MEASURES;
const ctx = createContext({ quick: args.quick });
process.once('SIGINT', () => void ctx.close().then(() => process.exit(130)));

const started = new Date();
const loadBefore = loadAverage();
const host = machine();
const results: [Measure, MeasureResult | Error, number][] = [];
try {
  for (const m of selected) {
    ctx.log(`── ${m.title}`);
    const t0 = performance.now();
    try {
      results.push([m, await m.run(ctx), (performance.now() - t0) / 1000]);
    } catch (error) {
      console.error(error);
      results.push([m, error as Error, (performance.now() - t0) / 1000]);
    }
  }
} finally {
  await ctx.close();
}
const loadAfter = loadAverage();
const minutes = (Date.now() - started.getTime()) / 60_000;

const rows: Row[] = results.flatMap(([m, r]) =>
  r instanceof Error
    ? [
        {
          measure: m.title,
          figure: `failed: ${r.message.split('\n')[0]}`,
          target: '—',
          status: 'missed' as const,
        },
      ]
    : r.rows,
);
const counts = (['met', 'missed', 'not measurable', 'skipped'] as const)
  .map((s) => [s, rows.filter((r) => r.status === s).length] as const)
  .filter(([, n]) => n > 0)
  .map(([s, n]) => `${n} ${s}`)
  .join(', ');

console.log(`\n${consoleTable(rows)}\n\n${counts}; ${minutes.toFixed(1)} min; load average ${loadAfter}\n`);

const date = started.toISOString().slice(0, 10);
const out = args.out ?? (args.only || args.quick ? undefined : join(ROOT, 'docs', 'bench', `${date}.md`));
if (out) {
  const markdown = [
    `# Benchmarks of ${date}`,
    '',
    `\`npm run bench${args.quick ? ' -- --quick' : ''}${args.only ? ` -- --only ${args.only.join(',')}` : ''}\` at commit ${host.commit}, started ${started.toISOString().slice(11, 16)} UTC, ${minutes.toFixed(0)} min. ${counts}.`,
    '',
    '## Machine',
    '',
    `- CPU: ${host.cpu}, ${host.cores} cores; RAM ${host.ramGb} GB`,
    `- Node ${host.node}; ${host.chromium}; ${versions('lighthouse', 'autocannon', 'astro', 'fastify')}`,
    `- Load average (1, 5, 15 min): ${loadBefore} at the start, ${loadAfter} at the end. The machine is shared: other work ran during the measures, which slows CPU-bound figures (build, API, Lighthouse's simulation).`,
    '',
    '## Summary',
    '',
    ...markdownTable(rows),
    '',
    ...results.flatMap(([m, r, seconds]) => [
      `## ${m.title}`,
      '',
      `\`--only ${m.name}\`, ${seconds.toFixed(0)} s.`,
      '',
      ...(r instanceof Error ? ['```', r.stack ?? r.message, '```'] : r.notes),
      '',
    ]),
  ].join('\n');
  const options = await resolveConfig(join(ROOT, 'README.md'));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, await format(markdown, { ...options, parser: 'markdown' }));
  console.log(`Report: ${relative(process.cwd(), out)}`);
}
