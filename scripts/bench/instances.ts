// Requests per second of the public reads for one API instance and for two behind HAProxy, in one run, on one
// PostgreSQL database (decision 0031). Both configurations go through the balancer, so they differ only
// by the second instance.
// Usage: node scripts/bench/instances.ts [--quick]
import { cpus } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/free-port.ts';
import { READ_CACHE_TTL_MS } from '../../src/server/plugins/read-cache.ts';
import { haproxyPath, startHaproxy } from '../lib/haproxy.ts';
import { cannon, statusSummary, type CannonRequest, type CannonResult } from './lib/cannon.ts';
import type { Context } from './lib/context.ts';
import { met, ms, runAlone, type Measure, type Row } from './lib/report.ts';
import { scratchDatabase, spawnNdako, startNdako, waitHealthy } from './lib/server.ts';

const CONNECTIONS = 100;

/** The two reads measured: the listings' first page, and single listings (the live read of a listing page). */
function reads(ids: readonly number[]): { name: string; path: string; requests?: CannonRequest[] }[] {
  let n = 0;
  return [
    { name: 'GET /api/properties', path: '/api/properties' },
    {
      name: 'GET /api/properties/{id}',
      path: `/api/properties/${ids[0]}`,
      // Each request another of the listings, in turn.
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/properties/${ids[n++ % ids.length]}` }) }],
    },
  ];
}

const rps = (r: CannonResult) => Math.round(r.requests.average);
const clean = (r: CannonResult) => r.errors === 0 && r.non2xx === 0;
const line = (setup: string, read: string, r: CannonResult) =>
  `| ${setup} | ${read} | ${rps(r)} | ${ms(r.latency.p50)} | ${ms(r.latency.p99)} | ${r.errors} | ${statusSummary(r)} |`;

type Result = { setup: string; read: string; result: CannonResult };

/** Each read through HAProxy, in front of instance a alone, then of a and b: a warm-up, then the measured run. */
async function throughBalancer(
  ctx: Context,
  { portA, portB, portLb }: { portA: number; portB: number; portLb: number },
  ids: readonly number[],
  duration: number,
): Promise<Result[]> {
  const results: Result[] = [];
  const setups = [
    { setup: 'one instance', servers: [{ name: 'a', port: portA }] },
    {
      setup: 'two instances',
      servers: [
        { name: 'a', port: portA },
        { name: 'b', port: portB },
      ],
    },
  ];
  for (const { setup, servers } of setups) {
    const balancer = await startHaproxy({ port: portLb, servers });
    try {
      for (const read of reads(ids)) {
        const options = {
          url: `${balancer.base}${read.path}`,
          connections: CONNECTIONS,
          ...(read.requests ? { requests: read.requests } : {}),
        };
        // Warm-up (JIT, connection pools, read caches), then the measured run.
        await cannon({ ...options, duration: 3 });
        ctx.log(`instances: ${setup}, ${read.name}, ${duration} s…`);
        results.push({ setup, read: read.name, result: await cannon({ ...options, duration }) });
      }
    } finally {
      await balancer.stop();
    }
  }
  return results;
}

export const measure: Measure = {
  name: 'instances',
  title: 'One and two API instances behind HAProxy on one PostgreSQL: requests per second',
  async run(ctx: Context) {
    if (!haproxyPath()) {
      return {
        rows: [
          {
            measure: 'API instances behind HAProxy: throughput',
            figure: 'haproxy is not installed (apt-get install -y haproxy)',
            target: 'reported',
            status: 'skipped',
          },
        ],
        notes: [],
      };
    }
    const duration = ctx.quick ? 5 : 15;
    const database = await scratchDatabase('ndako_bench_instances');
    ctx.defer(() => database.drop());
    // One data folder and one site for both, as on one machine (docs/deploy.md, "Several API instances").
    const dataDir = ctx.tmpDir('instances');
    // Loopback ports the system picks: the bench's fixed range is left to the measures that need fixed ones.
    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const common = { dataDir, databaseUrl: database.url, siteDir: join(dataDir, 'site') };
    ctx.log('instances: seeding 500 listings into PostgreSQL…');
    // The first migrates and seeds; the second starts on the seeded database.
    const a = await startNdako({ ...common, port: portA, seed: 500 });
    const b = spawnNdako({ ...common, port: portB, seed: 'none' });
    const results: Result[] = [];
    const ids: number[] = [];
    try {
      await waitHealthy(b);
      const list = (await (await fetch(`${a.base}/api/properties?limit=100`)).json()) as {
        data: { id: number }[];
      };
      ids.push(...list.data.map((p) => p.id));
      results.push(...(await throughBalancer(ctx, { portA, portB, portLb }, ids, duration)));
    } finally {
      await b.stop();
      await a.stop();
    }
    const rows: Row[] = reads([0]).map(({ name }) => {
      const [one, two] = ['one instance', 'two instances'].map(
        (setup) => results.find((r) => r.setup === setup && r.read === name)!.result,
      );
      return {
        measure: `${name} through HAProxy, ${CONNECTIONS} connections: one instance / two instances`,
        figure: `${rps(one!)} / ${rps(two!)} req/s (× ${(rps(two!) / rps(one!)).toFixed(2)})`,
        target: 'reported; no 5xx, no socket error',
        status: met(clean(one!) && clean(two!)),
      };
    });
    return {
      rows,
      notes: [
        `autocannon ${CONNECTIONS} connections, no pipelining, ${duration} s per run after a 3 s warm-up, through HAProxy (round-robin, Debian's package) in front of one, then two \`src/server/server.ts\` processes on one PostgreSQL database seeded with the 500-listing demo (each instance its own pool of 10 connections; both instances serve the same SITE_DIR and DATA_DIR). \`GET /api/properties\`: page 1 with no parameters; \`GET /api/properties/{id}\`: each request one of ${ids.length} listings in turn. Both reads are kept ${READ_CACHE_TTL_MS / 1000} s in each instance's read cache, so most answers are cache hits.`,
        `The instances, PostgreSQL, HAProxy and autocannon all share this machine's ${cpus().length} cores: a second instance adds no core, so these figures cannot show the scaling of a deployment where each instance has its own machine; they show that two instances behind the balancer serve the same reads without errors, and what the balancer costs.`,
        '',
        '| Instances | Read | req/s | p50 | p99 | socket errors | statuses |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...results.map((r) => line(r.setup, r.read, r.result)),
      ],
    };
  },
};

if (import.meta.main) await runAlone(measure);
