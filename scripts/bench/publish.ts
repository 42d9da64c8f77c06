// From a staff edit to the live page, on the 500- and 10,000-listing demos (500 only with
// --quick): log in, PUT a listing's new title, POST /api/publish, then fetch /property/{id}/ every 100 ms
// until it shows the new title (the page is live), and GET /api/publish until the publish has ended (the
// content search's index follows the pages, decision 0045). Three edits, best and worst. A first publish
// before them starts the site renderer and makes the bench's own build (a plain `astro build`) one the
// renderer can change in place. The contract is PublishState in src/contract/admin.ts.
// Usage: node scripts/bench/publish.ts [--quick]
import { setTimeout as sleep } from 'node:timers/promises';
import type { Property } from '../../src/contract/index.ts';
import { adminApi, inputOf, publishAndWait, publishState, type AdminApi } from './lib/admin.ts';
import type { Context } from './lib/context.ts';
import { loadAverage, met, runAlone, type Measure, type MeasureResult, type Row } from './lib/report.ts';

/** The targets (decision 0045): seconds from the edit to the live page. */
const LIMIT_S: Record<number, number> = { 500: 3, 10_000: 10 };
const ROUNDS = 3;
const TIMEOUT_MS = 10 * 60_000;

/** One edit: seconds until the page shows it, and until the publish (search index included) has ended. */
async function timedEdit(api: AdminApi, base: string, listing: Property) {
  const title = `Bench publish ${Date.now()}`;
  const since = (await publishState(api)).lastPublishedAt;
  const t0 = performance.now();
  const put = await api(`/properties/${listing.id}`, {
    method: 'PUT',
    body: JSON.stringify({ ...inputOf(listing), title }),
  });
  if (!put.ok)
    throw new Error(`PUT /api/properties/${listing.id} answered ${put.status}: ${await put.text()}`);
  const ended = publishAndWait(api, since).then((state) => ({ state, at: performance.now() }));
  let live = NaN;
  while (performance.now() - t0 < TIMEOUT_MS) {
    const html = await (await fetch(`${base}/property/${listing.id}/`)).text();
    if (html.includes(title)) {
      live = (performance.now() - t0) / 1000;
      break;
    }
    await sleep(100);
  }
  const { state, at } = await ended;
  return { live, ended: (at - t0) / 1000, state };
}

const s = (x: number) => `${x.toFixed(1)} s`;

export const measure: Measure = {
  name: 'publish',
  title: 'Admin edit → live page',
  async run(ctx: Context) {
    const rows: Row[] = [];
    const notes: string[] = [];
    for (const listings of ctx.quick ? [500] : [500, 10_000]) {
      const site = await ctx.site(listings);
      const api = await adminApi(site.base);
      const id = site.listingId;
      const before = (await (await api(`/properties/${id}`)).json()) as Property;

      ctx.log(`publish: ${listings} listings, first publish (starts the site renderer)…`);
      const first = await publishAndWait(api, (await publishState(api)).lastPublishedAt);
      const loadBefore = loadAverage();
      const runs: Awaited<ReturnType<typeof timedEdit>>[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        ctx.log(`publish: ${listings} listings, edit ${round} of ${ROUNDS} then publish…`);
        runs.push(await timedEdit(api, site.base, before));
      }
      // The listing back as it was, for the measures that follow.
      await api(`/properties/${id}`, { method: 'PUT', body: JSON.stringify(inputOf(before)) });
      await publishAndWait(api, (await publishState(api)).lastPublishedAt);

      const live = runs.map((r) => r.live).sort((a, b) => a - b);
      const ended = runs.map((r) => r.ended).sort((a, b) => a - b);
      const limit = LIMIT_S[listings] ?? 10;
      const what = `${listings.toLocaleString('en')} listings`;
      rows.push(
        {
          measure: `Admin edit → live page, ${what} (best, worst of ${ROUNDS})`,
          figure: live.some(Number.isNaN) ? 'new title never served' : `${s(live[0]!)}, ${s(live.at(-1)!)}`,
          target: `≤ ${limit} s`,
          status: met(live.at(-1)! <= limit),
        },
        {
          measure: `Admin edit → search index updated, ${what} (best, worst of ${ROUNDS})`,
          figure: `${s(ended[0]!)}, ${s(ended.at(-1)!)}`,
          target: 'reported (the pages are live before)',
          status: 'met',
        },
      );
      notes.push(
        `${what}: the first publish, which starts the site renderer (Astro's bundling, then the pages whose key differs from the bench's own build) took ${s((first.lastDurationMs ?? NaN) / 1000)}. Then ${ROUNDS} times listing ${id}: PUT of a new title, POST /api/publish, GET /property/${id}/ every 100 ms until the title is in the page (live: ${runs.map((r) => s(r.live)).join(', ')}), GET /api/publish every 250 ms until the publish has ended, search index included (${runs.map((r) => s(r.ended)).join(', ')}). The publish log's account of the last: ${runs.at(-1)!.state.lastDurationMs} ms to online. Load average before the edits ${loadBefore}, after ${loadAverage()}.`,
      );
    }
    return { rows, notes } satisfies MeasureResult;
  },
};

if (import.meta.main) await runAlone(measure);
