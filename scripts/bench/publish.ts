// From a staff edit to the live page, on the 10,000-listing demo (500 with --quick): log in, PUT a listing's
// new title, POST /api/publish, poll GET /api/publish until idle, then fetch /property/{id}/ until it shows
// the new title. The publish is incremental (decision 0033): a first publish makes the live build one the
// next can reuse, then the edit is timed. The contract is PublishState in src/contract/admin.ts.
// Usage: node scripts/bench/publish.ts [--quick]
import { setTimeout as sleep } from 'node:timers/promises';
import type { Property } from '../../src/contract/index.ts';
import { adminApi, inputOf, publishAndWait, publishState } from './lib/admin.ts';
import type { Context } from './lib/context.ts';
import { loadAverage, met, runAlone, type Measure, type MeasureResult } from './lib/report.ts';

const LIMIT_S = 60;
const TIMEOUT_MS = 10 * 60_000;

const row = (listings: number, figure: string, status: MeasureResult['rows'][number]['status']) => ({
  measure: `Admin edit → live page, ${listings.toLocaleString('en')} listings`,
  figure,
  target: `≤ ${LIMIT_S} s`,
  status,
});

export const measure: Measure = {
  name: 'publish',
  title: 'Admin edit → live page',
  async run(ctx: Context) {
    const listings = ctx.quick ? 500 : 10_000;
    const site = await ctx.site(listings);
    const api = await adminApi(site.base);
    const id = site.listingId;
    const before = (await (await api(`/properties/${id}`)).json()) as Property;
    const title = `Bench publish ${Date.now()}`;

    // The site the bench built is a plain folder; a first publish makes it a build the next one reuses.
    ctx.log(`publish: ${listings} listings, first publish (makes the live build incremental-ready)…`);
    const first = await publishAndWait(api, (await publishState(api)).lastPublishedAt);
    const previous = first;
    const loadBefore = loadAverage();
    ctx.log(`publish: ${listings} listings, edit then publish…`);

    const t0 = performance.now();
    const put = await api(`/properties/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...inputOf(before), title }),
    });
    if (!put.ok) throw new Error(`PUT /api/properties/${id} answered ${put.status}: ${await put.text()}`);
    const state = await publishAndWait(api, previous.lastPublishedAt);
    const published = (performance.now() - t0) / 1000;
    let live = NaN;
    while (performance.now() - t0 < TIMEOUT_MS) {
      const html = await (await fetch(`${site.base}/property/${id}/`)).text();
      if (html.includes(title)) {
        live = (performance.now() - t0) / 1000;
        break;
      }
      await sleep(250);
    }
    // Put the listing back as it was, for the measures that follow.
    await api(`/properties/${id}`, { method: 'PUT', body: JSON.stringify(inputOf(before)) });
    return {
      rows: [
        row(
          listings,
          Number.isNaN(live) ? 'new title never served' : `${live.toFixed(1)} s`,
          met(live <= LIMIT_S),
        ),
      ],
      notes: [
        `The first publish (full: the bench's own build is not one the publisher made) took ${((first.lastDurationMs ?? NaN) / 1000).toFixed(1)} s. Load average before the timed publish ${loadBefore}, after ${loadAverage()}.`,
        `Listing ${id}: PUT of a new title, POST /api/publish (mode ${state.mode}), GET /api/publish every 250 ms until idle (${published.toFixed(1)} s after the PUT; the build itself ${((state.lastDurationMs ?? NaN) / 1000).toFixed(1)} s), then GET /property/${id}/ every 250 ms until the new title is in the page.`,
      ],
    };
  },
};

if (import.meta.main) await runAlone(measure);
