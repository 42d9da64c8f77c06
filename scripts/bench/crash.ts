// Crash safety: bursts of public writes (contact messages, visit requests, view increments), the server killed
// with SIGKILL in the middle of each, restarted; after every restart each acknowledged (2xx) write must be
// there. 20 rounds (3 with --quick) on PGlite and on PostgreSQL; then a second server on the same PGlite
// DATA_DIR must be refused.
// Usage: node scripts/bench/crash.ts [--quick]
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from './lib/context.ts';
import { met, runAlone, type Measure, type MeasureResult } from './lib/report.ts';
import {
  assertPortFree,
  login,
  scratchDatabase,
  spawnNdako,
  startNdako,
  type NdakoOptions,
  type Proc,
} from './lib/server.ts';

const PER_KIND = 20;

/** A small deterministic generator, so that runs kill at the same points. */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

async function pages<T>(get: (page: number) => Promise<{ data: T[]; total: number }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await get(page);
    all.push(...data);
    if (all.length >= total || data.length === 0) return all;
  }
}

type Api = (path: string, init?: RequestInit & { ip?: string }) => Promise<Response>;

/** The admin API of whichever server runs now (each round restarts it), as `token`'s holder. */
const adminApi =
  (server: () => Proc, token: string): Api =>
  (path, init = {}) =>
    fetch(`${server().base}/api${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.ip ? { 'x-forwarded-for': init.ip } : {}),
      },
    });

/** What the server acknowledged, and what it answered otherwise, over every round. */
interface Tally {
  messages: Set<number>;
  visits: Set<number>;
  views: number;
  highestView: number;
  cutOff: number;
  otherStatuses: Map<number, number>;
}

/**
 * One round's burst: PER_KIND messages, visit requests and view increments at once, each from its own
 * address; `enough` resolves after `killAfter` acknowledgements, `settled` once every request has ended.
 */
function writeBurst(
  api: Api,
  {
    round,
    killAfter,
    propertyId,
    today,
  }: { round: number; killAfter: number; propertyId: number; today: string },
  tally: Tally,
): { enough: Promise<void>; settled: Promise<unknown> } {
  let acks = 0;
  let reached!: () => void;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  const ack = () => ++acks >= killAfter && reached();
  const send = async (path: string, init: RequestInit & { ip: string }, onOk: (body: unknown) => void) => {
    try {
      const res = await api(path, init);
      if (res.ok) {
        onOk(await res.json());
        ack();
      } else tally.otherStatuses.set(res.status, (tally.otherStatuses.get(res.status) ?? 0) + 1);
    } catch {
      tally.cutOff++;
    }
  };
  const burst = Array.from({ length: PER_KIND }, (_, i) => [
    send(
      '/messages',
      {
        method: 'POST',
        ip: `10.${round}.1.${i + 1}`,
        body: JSON.stringify({
          senderName: 'Bench',
          senderEmail: 'bench@example.cd',
          subject: `Crash ${round}.${i}`,
          content: 'Durability bench',
        }),
      },
      (m) => tally.messages.add((m as { id: number }).id),
    ),
    send(
      '/mail/send-visit',
      {
        method: 'POST',
        ip: `10.${round}.2.${i + 1}`,
        body: JSON.stringify({
          name: 'Bench',
          visitDate: today,
          telephone: '+243 81 000 0000',
          // A path: the bench's server has no PUBLIC_URL, and the API accepts a full address only on its own origin.
          url: `/property/${propertyId}/`,
        }),
      },
      (v) => tally.visits.add((v as { id: number }).id),
    ),
    send(`/properties/${propertyId}/view`, { method: 'PATCH', ip: `10.${round}.3.${i + 1}` }, (v) => {
      tally.views++;
      tally.highestView = Math.max(tally.highestView, (v as { viewCount: number }).viewCount);
    }),
  ]).flat();
  return { enough, settled: Promise.all(burst) };
}

/** Every acknowledged write looked up after the restart: answers those missing. */
async function missingWrites(api: Api, propertyId: number, tally: Tally): Promise<string[]> {
  const list = (what: string) =>
    pages((page) =>
      api(`/${what}?limit=100&page=${page}`).then(
        (r) => r.json() as Promise<{ data: { id: number }[]; total: number }>,
      ),
    );
  const stored = {
    messages: new Set((await list('messages')).map((m) => m.id)),
    visits: new Set((await list('visits')).map((v) => v.id)),
  };
  const property = (await (await api(`/properties/${propertyId}`)).json()) as { viewCount: number };
  const { views, highestView } = tally;
  return [
    ...[...tally.messages].filter((id) => !stored.messages.has(id)).map((id) => `message ${id}`),
    ...[...tally.visits].filter((id) => !stored.visits.has(id)).map((id) => `visit ${id}`),
    ...(property.viewCount < Math.max(views, highestView)
      ? [`views: ${property.viewCount} stored, ${views} acknowledged (highest ${highestView})`]
      : []),
  ];
}

/** The rows and the note of one database's rounds. */
function crashReport(
  { kind, rounds, refusal }: { kind: 'pglite' | 'postgres'; rounds: number; refusal: string | null },
  { tally, lost, killTimes }: { tally: Tally; lost: string[]; killTimes: number[] },
): MeasureResult {
  const acked = tally.messages.size + tally.visits.size + tally.views;
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const statuses = [...tally.otherStatuses].map(([s, n]) => `${s} × ${n}`).join(', ') || 'none';
  return {
    rows: [
      {
        measure: `Crash: SIGKILL mid-burst × ${rounds}, ${name}`,
        figure: `${lost.length} of ${acked} acknowledged writes missing (${tally.messages.size} messages, ${tally.visits.size} visits, ${tally.views} views acknowledged; ${tally.cutOff} requests cut off)`,
        target: 'every acknowledged write present',
        status: met(lost.length === 0 && acked > 0),
      },
      ...(refusal === null
        ? []
        : [
            {
              measure: 'Second server on the same PGlite DATA_DIR',
              figure: refusal,
              target: 'refused',
              status: met(refusal.startsWith('refused')),
            },
          ]),
    ],
    notes: [
      `- ${name}: ${rounds} rounds of ${PER_KIND * 3} concurrent writes (${PER_KIND} \`POST /api/messages\`, ${PER_KIND} \`POST /api/mail/send-visit\`, ${PER_KIND} \`PATCH /api/properties/{id}/view\`, each from its own X-Forwarded-For address so that the per-address rate limits do not answer 429), SIGKILL after a varying number of acknowledgements (${Math.round(Math.min(...killTimes))}–${Math.round(Math.max(...killTimes))} ms into the burst), restart, then every acknowledged message and visit looked up by id through the admin API and the stored view count compared with the acknowledged increments. Answers other than 2xx: ${statuses}.${lost.length ? ` Missing: ${lost.slice(0, 10).join('; ')}.` : ''}`,
    ],
  };
}

async function crashRounds(
  ctx: Context,
  kind: 'pglite' | 'postgres',
  rounds: number,
): Promise<MeasureResult> {
  const dataDir = ctx.tmpDir(`crash-${kind}`);
  const port = ctx.port();
  const database = kind === 'postgres' ? await scratchDatabase('ndako_bench_crash') : null;
  const options: NdakoOptions = {
    port,
    dataDir,
    seed: 'none',
    ...(database ? { databaseUrl: database.url } : {}),
  };
  let server: Proc = await startNdako(options);
  const api = adminApi(() => server, await login(server.base));
  const listing = {
    title: 'Crash bench',
    description: 'Durability',
    price: 1,
    area: 1,
    address: 'Av. 1',
    state: 'Gombe',
  };
  const created = await api('/properties', { method: 'POST', body: JSON.stringify(listing) });
  const propertyId = ((await created.json()) as { id: number }).id;
  const today = new Date().toISOString().slice(0, 10);
  const tally: Tally = {
    messages: new Set(),
    visits: new Set(),
    views: 0,
    highestView: 0,
    cutOff: 0,
    otherStatuses: new Map(),
  };
  const lost: string[] = [];
  const rng = random(kind === 'pglite' ? 1 : 2);
  const killTimes: number[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const killAfter = 5 + Math.floor(rng() * (PER_KIND * 3 - 10));
      const burst = { round, killAfter, propertyId, today };
      const { enough, settled } = writeBurst(api, burst, tally);
      const t0 = performance.now();
      await Promise.race([enough, settled]);
      killTimes.push(performance.now() - t0);
      await server.kill();
      await settled;
      server = await startNdako(options);
      for (const m of await missingWrites(api, propertyId, tally))
        if (!lost.includes(m)) lost.push(`round ${round}: ${m}`);
    }
    const refusal = kind === 'pglite' ? await secondServerRefused(ctx, options, server) : null;
    return crashReport({ kind, rounds, refusal }, { tally, lost, killTimes });
  } finally {
    await server.stop();
    await database?.drop();
    ctx.releasePort(port);
  }
}

/** Starts a second server on the running one's DATA_DIR: it must exit, saying why, and leave the first alone. */
async function secondServerRefused(ctx: Context, options: NdakoOptions, first: Proc): Promise<string> {
  const port = ctx.port();
  await assertPortFree(port);
  const second = spawnNdako({ ...options, port });
  try {
    const code = await Promise.race([second.exited, sleep(60_000).then(() => 'running' as const)]);
    const firstHealthy = (await fetch(`${first.base}/api/health`).catch(() => null))?.ok === true;
    if (code === 'running') return 'accepted: the second server is still running after 60 s';
    const said = /already open/.test(second.output())
      ? '"already open in another Ndako process"'
      : 'no reason given';
    if (code === 0) return `exited with 0 (${said})`;
    return `${firstHealthy ? 'refused' : 'exited, but the first server stopped answering'}: exit ${code}, ${said}`;
  } finally {
    await second.kill();
    ctx.releasePort(port);
  }
}

export const measure: Measure = {
  name: 'crash',
  title: 'Crash safety: SIGKILL during bursts of writes',
  async run(ctx: Context) {
    const rounds = ctx.quick ? 3 : 20;
    const results = [await crashRounds(ctx, 'pglite', rounds), await crashRounds(ctx, 'postgres', rounds)];
    return { rows: results.flatMap((r) => r.rows), notes: results.flatMap((r) => r.notes) };
  },
};

if (import.meta.main) await runAlone(measure);
