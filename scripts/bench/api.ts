// GET /api/properties at 100 connections on PostgreSQL, against a bare Fastify route measured the same way in
// the same run (each server in its own process, autocannon in the bench's).
// Usage: node scripts/bench/api.ts [--quick]
import { cpus } from 'node:os';
import { join } from 'node:path';
import { cannon, statusSummary, type CannonResult } from './lib/cannon.ts';
import type { Context } from './lib/context.ts';
import { met, ms, runAlone, type Measure } from './lib/report.ts';
import { assertPortFree, scratchDatabase, spawnNode, startNdako } from './lib/server.ts';

const CONNECTIONS = 100;

async function healthy(url: string) {
  for (let i = 0; i < 300; i++) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

const line = (name: string, r: CannonResult) =>
  `| ${name} | ${Math.round(r.requests.average)} | ${ms(r.latency.p50)} | ${ms(r.latency.p90)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} | ${r.errors} | ${statusSummary(r)} |`;

export const measure: Measure = {
  name: 'api',
  title: 'GET /api/properties at 100 connections, PostgreSQL',
  async run(ctx: Context) {
    const duration = ctx.quick ? 5 : 20;
    const database = await scratchDatabase('ndako_bench_api');
    ctx.defer(() => database.drop());
    const dataDir = ctx.tmpDir('api');
    const port = ctx.port();
    const barePort = ctx.port();
    ctx.log(`api: seeding 500 listings into PostgreSQL…`);
    const server = await startNdako({
      port,
      dataDir,
      databaseUrl: database.url,
      seed: 500,
      siteDir: join(dataDir, 'site'),
    });
    await assertPortFree(barePort);
    const bare = spawnNode(['scripts/bench/lib/bare-server.ts', String(barePort)], {}, barePort);
    try {
      await healthy(bare.base);
      const api = `${server.base}/api/properties`;
      const sample = (await (await fetch(api)).json()) as { data: unknown[]; total: number };
      const bytes = (await (await fetch(api)).arrayBuffer()).byteLength;
      // Warm-up (JIT, connection pool, caches), then the measured runs, the same length each.
      await cannon({ url: bare.base, connections: CONNECTIONS, duration: 3 });
      await cannon({ url: api, connections: CONNECTIONS, duration: 3 });
      ctx.log(`api: ${duration} s each, bare Fastify then Ndako…`);
      const reference = await cannon({ url: bare.base, connections: CONNECTIONS, duration });
      const result = await cannon({ url: api, connections: CONNECTIONS, duration });
      const ratio = result.requests.average / reference.requests.average;
      const clean = result.errors === 0 && result.non2xx === 0;
      return {
        rows: [
          {
            measure: 'GET /api/properties, 100 connections, PostgreSQL: p99 latency',
            figure: `${ms(result.latency.p99)} (median ${ms(result.latency.p50)})${clean ? '' : `; errors ${result.errors}, non-2xx ${result.non2xx}`}`,
            target: '≤ 20 ms',
            status: met(result.latency.p99 <= 20 && clean),
          },
          {
            measure: 'GET /api/properties, 100 connections, PostgreSQL: throughput',
            figure: `${Math.round(result.requests.average)} req/s = ${ratio.toFixed(2)} × bare Fastify (${Math.round(reference.requests.average)} req/s)`,
            target: '≥ 0.25 × bare Fastify',
            status: met(ratio >= 0.25 && clean),
          },
        ],
        notes: [
          `autocannon ${CONNECTIONS} connections, no pipelining, ${duration} s per run after a 3 s warm-up of each; Ndako on a PostgreSQL database seeded with the 500-listing demo (pool of 10 connections), \`GET /api/properties\` with no parameters (page 1, ${sample.data.length} of ${sample.total} listings, ${(bytes / 1024).toFixed(1)} KB of JSON, uncompressed); the reference is \`fastify().get('/', () => ({ ok: true }))\` in its own process. Both servers and autocannon share the machine's ${cpus().length} cores.`,
          '',
          '| Server | req/s | p50 | p90 | p99 | max | socket errors | statuses |',
          '| --- | --- | --- | --- | --- | --- | --- | --- |',
          line('bare Fastify', reference),
          line('Ndako `GET /api/properties`', result),
        ],
      };
    } finally {
      await bare.kill();
      await server.stop();
      ctx.releasePort(port);
      ctx.releasePort(barePort);
    }
  },
};

if (import.meta.main) await runAlone(measure);
