import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, PublishState } from '../../src/contract/index.ts';
import { publishLease as leaseTable } from '../../src/db/schema.ts';
import { publishLease } from '../../src/server/publishing/publish-lease.ts';
import { buildSecondInstance, buildTestApp, type TestApp } from '../helpers/app.ts';
import { steeredBuilder } from '../helpers/site-builder.ts';

// One publish at a time across API instances on one database (decision 0031): two apps on one database
// stand for two `npm start` processes; each builds with its own steered builder, so a test sees who built.
let t: TestApp;
let second: FastifyInstance;
let closeSecond: () => Promise<void>;
const builderA = steeredBuilder();
const builderB = steeredBuilder();
beforeAll(async () => {
  t = await buildTestApp({ siteBuilder: builderA.build });
  ({ app: second, close: closeSecond } = await buildSecondInstance(t, builderB.build));
});
afterAll(async () => {
  await closeSecond();
  await t.close();
});

const publish = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/publish', headers: t.auth });
const state = async (app: FastifyInstance) => {
  const res = await app.inject({ url: '/api/publish', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublishState>();
};
/** Waits (10 s at most) for `condition`. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await condition()).toBe(true);
}
const sitePublishes = async () =>
  (await t.app.inject({ url: '/api/audit?entity=site&limit=100', headers: t.auth })).json<{
    data: AuditEntry[];
  }>().data;

const run = { startedAt: new Date(), step: 'Préparation' };

describe('publishing across instances', () => {
  it('builds on one instance at a time; the other shows that build and leaves it one more run', async () => {
    builderA.hold();
    expect((await publish(t.app)).statusCode).toBe(202);
    await until(() => builderA.runs.length === 1);

    const onB = await publish(second);
    expect(onB.statusCode).toBe(202);
    const shown = onB.json<PublishState>();
    expect(shown.state).toBe('running');
    const onA = await state(t.app);
    expect(onA.state).toBe('running');
    // The admin on B follows A's build: same start, A's step; already in B's answer to its publish, sent
    // while B was still asking for the lease.
    expect(shown.startedAt).toBe(onA.startedAt);
    expect(await state(second)).toMatchObject({ state: 'running', startedAt: onA.startedAt, step: onA.step });
    expect(builderB.runs).toHaveLength(0);

    builderA.release();
    // A runs once more for B's request (edits made during its build are not left out); B never builds.
    await until(async () => builderA.runs.length === 2 && (await state(t.app)).state === 'idle');
    expect((await state(second)).state).toBe('idle');
    expect(builderB.runs).toHaveLength(0);
    expect((await sitePublishes()).filter((e) => e.action === 'publish')).toHaveLength(2);
    expect(await t.database.db.select().from(leaseTable)).toEqual([]);
  });

  it('lets one of two instances taking the lease at the same moment have it', async () => {
    const repo = t.app.repos.publishLease;
    const taken = await Promise.all([
      repo.take('instance-1', 5_000, run),
      repo.take('instance-2', 5_000, run),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = taken[0] ? 'instance-1' : 'instance-2';
    expect(await repo.take(winner === 'instance-1' ? 'instance-2' : 'instance-1', 5_000, run)).toBe(false);
    expect(await repo.release(winner)).toBeNull();
  });

  it('lets a crashed holder’s lease expire: publishing is blocked for its time, then works', async () => {
    // An instance that took the lease and died: it never renews it nor ends it.
    expect(await t.app.repos.publishLease.take('crashed-instance', 400, run)).toBe(true);
    expect((await publish(second)).json<PublishState>().state).toBe('running');
    expect(builderB.runs).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await state(second)).state).toBe('idle');
    expect((await publish(second)).statusCode).toBe(202);
    await until(async () => builderB.runs.length === 1 && (await state(second)).state === 'idle');
  });

  it('stops a build whose lease is no longer its own, rather than putting two builds online', async () => {
    const lost: string[] = [];
    const lease = publishLease(t.app.repos.publishLease, { ttlMs: 2_000, renewMs: 50, log: t.app.log });
    const held = await lease.acquire({ id: null, name: 'Test' }, { ...run, progress: null }, (reason) =>
      lost.push(reason),
    );
    expect(held).not.toBeNull();
    // As if its lease had expired and another instance had taken it.
    await t.database.db.update(leaseTable).set({ holder: 'another-instance' });
    await until(() => lost.length > 0);
    expect(lost[0]).toMatch(/repris par une autre instance/);
    await held!.release();
    await t.database.db.delete(leaseTable);
  });
});
