// Load: 200 connections for 60 s (10 s with --quick) of mixed reads and writes against the server with the
// built 500-listing site, on PGlite and on PostgreSQL: no 5xx, no socket error allowed.
// Usage: node scripts/bench/load.ts [--quick]
import { cannon, statusSummary, type CannonRequest, type CannonResult } from './lib/cannon.ts';
import type { Context } from './lib/context.ts';
import { median, met, ms, runAlone, type Measure, type MeasureResult } from './lib/report.ts';
import { scratchDatabase, startNdako } from './lib/server.ts';

const CONNECTIONS = 200;
const COMMUNES = ['Gombe', 'Ngaliema', 'Limete', 'Kintambo', 'Barumbu', 'Lemba', 'Kasa-Vubu', 'Bandalungwa'];

/** Request kinds and their share of the mix. */
const MIX: [string, number][] = [
  ['GET /api/properties?… (catalogue filters, pages, sorts)', 0.3],
  ['GET /api/properties/{id}', 0.2],
  ['GET /properties/ and /data/listings.json (static catalogue)', 0.1],
  ['GET /property/{id}/ (static listing page)', 0.1],
  ['PATCH /api/properties/{id}/view', 0.2],
  ['POST /api/messages', 0.1],
];

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** Request number `n` of kind `kind` (an index into MIX), about listing `id`. */
function requestOf(
  kind: number,
  id: number,
  n: number,
): Required<Omit<CannonRequest, 'setupRequest' | 'body'>> & {
  body: string | undefined;
} {
  // Every request its own visitor address (the server trusts 127.0.0.1's X-Forwarded-For, as its proxy's), so
  // the per-address limits of the public writes (60 views a minute, 10 messages in 10 minutes) hold.
  const headers: Record<string, string> = {
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
  const get = (path: string) => ({ method: 'GET', path, headers, body: undefined });
  switch (kind) {
    case 0: {
      const q = new URLSearchParams({ page: String(1 + Math.floor(Math.random() * 5)) });
      if (Math.random() < 0.5) q.set('type', pick(['sale', 'rent']));
      if (Math.random() < 0.4) q.set('state', pick(COMMUNES));
      if (Math.random() < 0.3) q.set('sort', pick(['price_asc', 'price_desc', 'views']));
      return get(`/api/properties?${q}`);
    }
    case 1:
      return get(`/api/properties/${id}`);
    case 2:
      return get(Math.random() < 0.5 ? '/properties/' : '/data/listings.json');
    case 3:
      return get(`/property/${id}/`);
    case 4:
      return { method: 'PATCH', path: `/api/properties/${id}/view`, headers, body: undefined };
    default:
      return {
        method: 'POST',
        path: '/api/messages',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          senderName: 'Bench',
          senderEmail: 'bench@example.cd',
          subject: `Load ${n}`,
          content: 'Bonjour, ce bien est-il disponible ?',
          propertyId: id,
        }),
      };
  }
}

let counter = 0;

function mixedRequests(ids: readonly number[]): CannonRequest {
  return {
    setupRequest(req) {
      let r = Math.random();
      const kind = MIX.findIndex(([, share]) => (r -= share) < 0);
      return { ...req, ...requestOf(kind < 0 ? MIX.length - 1 : kind, pick(ids), ++counter) };
    },
  };
}

/** While the load runs, one request of each kind in turn, timed: which kind waits when the server is busy. */
async function probe(base: string, ids: readonly number[], running: () => boolean) {
  const times: number[][] = MIX.map(() => []);
  const failures: number[] = MIX.map(() => 0);
  while (running()) {
    for (let kind = 0; kind < MIX.length && running(); kind++) {
      const { method, path, headers, body } = requestOf(kind, pick(ids), ++counter);
      const t0 = performance.now();
      const res = await fetch(base + path, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      await res?.arrayBuffer();
      if (res?.ok) times[kind]!.push(performance.now() - t0);
      else failures[kind]!++;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return MIX.map(([what], kind) => {
    const t = times[kind]!;
    const fails = failures[kind] ? `, ${failures[kind]} failed` : '';
    return `${what.split(' (')[0]}: median ${ms(median(t))}, worst ${ms(Math.max(...t))} (${t.length} probes${fails})`;
  });
}

async function loadRun(ctx: Context, name: string, base: string, seconds: number): Promise<MeasureResult> {
  const { data } = (await (await fetch(`${base}/api/properties?limit=100&status=available`)).json()) as {
    data: { id: number }[];
  };
  const ids = data.map((p) => p.id);
  ctx.log(`load: ${name}, ${CONNECTIONS} connections for ${seconds} s…`);
  let running = true;
  const probes = probe(base, ids, () => running);
  const r: CannonResult = await cannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [mixedRequests(ids)],
  }).finally(() => (running = false));
  const byKind = await probes;
  const fiveXX = Object.entries(r.statusCodeStats)
    .filter(([code]) => code.startsWith('5'))
    .reduce((s, [, { count }]) => s + count, 0);
  const healthy = (await fetch(`${base}/api/health`).catch(() => null))?.ok === true;
  return {
    rows: [
      {
        measure: `Load: ${CONNECTIONS} connections × ${seconds} s mixed, ${name}`,
        figure: `${fiveXX} × 5xx, ${r.errors} socket errors (${r.timeouts} timeouts) in ${r.requests.total} requests; ${Math.round(r.requests.average)} req/s, p99 ${ms(r.latency.p99)}`,
        target: 'no 5xx, no socket error',
        status: met(fiveXX === 0 && r.errors === 0 && healthy),
      },
    ],
    notes: [
      `- ${name}: statuses ${statusSummary(r)}; latency median ${ms(r.latency.p50)}, p90 ${ms(r.latency.p90)}, p99 ${ms(r.latency.p99)}, max ${ms(r.latency.max)}; healthy afterwards: ${healthy ? 'yes' : 'no'}. Probe requests sent one at a time during the load, by kind: ${byKind.join('; ')}.`,
    ],
  };
}

export const measure: Measure = {
  name: 'load',
  title: 'Load: mixed reads and writes',
  async run(ctx: Context) {
    const seconds = ctx.quick ? 10 : 60;
    const site = await ctx.site(500);
    const results = [await loadRun(ctx, 'PGlite', site.base, seconds)];

    // The same demo on PostgreSQL, serving the PGlite server's built site (the seed is deterministic).
    const database = await scratchDatabase('ndako_bench_load');
    const dataDir = ctx.tmpDir('load');
    const port = ctx.port();
    const server = await startNdako({
      port,
      dataDir,
      databaseUrl: database.url,
      seed: 500,
      siteDir: site.siteDir,
    });
    try {
      results.push(await loadRun(ctx, 'PostgreSQL', server.base, seconds));
    } finally {
      await server.stop();
      await database.drop();
      ctx.releasePort(port);
    }
    return {
      rows: results.flatMap((r) => r.rows),
      notes: [
        `autocannon, ${CONNECTIONS} connections, each request drawn at random: ${MIX.map(([what, share]) => `${Math.round(share * 100)} % ${what}`).join(', ')}. The bench server trusts 127.0.0.1 as its reverse proxy (TRUST_PROXY=127.0.0.1, as production trusts its proxy) and every request carries its own X-Forwarded-For address, i.e. ${CONNECTIONS} connections speak for many distinct visitors: the API's rate limits stay on and unchanged, and any 429 would be counted (not as an error). Socket errors include timeouts (10 s).`,
        '',
        ...results.flatMap((r) => r.notes),
      ],
    };
  },
};

if (import.meta.main) await runAlone(measure);
