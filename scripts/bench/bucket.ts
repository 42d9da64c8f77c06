// Publishing the site to a bucket (SITE_STORE=s3, decision 0030) at real size: the 500-listing demo's build,
// put by the publisher's bucket target into s3rver (an S3-compatible server from npm, in a process of its
// own on this machine), first into an empty bucket, then after one listing's title was edited and the demo
// server published again (incremental, decision 0033). Counts what s3rver received: requests, and of them
// the objects uploaded (PUT with a body) and copied (CopyObject).
// Usage: node scripts/bench/bucket.ts
import type { Property } from '../../src/contract/index.ts';
import { s3Client } from '../../src/media/s3.ts';
import { siteBucket, type SiteUploadReport } from '../../src/server/publishing/site-bucket.ts';
import { startS3rver, type S3Request } from '../lib/s3rver.ts';
import { adminApi, inputOf, publishAndWait, publishState } from './lib/admin.ts';
import type { Context } from './lib/context.ts';
import { loadAverage, met, runAlone, type Measure } from './lib/report.ts';

const LISTINGS = 500;
const BUCKET = 'ndako-site';

interface Round {
  report: SiteUploadReport;
  seconds: number;
  requests: S3Request[];
}

/** Requests s3rver received, of them uploads (PUT with a body) and copies (CopyObject), and seconds. */
const figure = (r: Round) => {
  const count = (keep: (q: S3Request) => boolean) => r.requests.filter(keep).length;
  const uploads = count((q) => q.method === 'PUT' && !q.copy);
  const copies = count((q) => q.copy);
  const other = r.requests.length - uploads - copies;
  const n = (value: number) => value.toLocaleString('en');
  return `${n(r.requests.length)} requests (${n(uploads)} uploads, ${n(copies)} copies, ${n(other)} other), ${r.seconds.toFixed(1)} s`;
};

export const measure: Measure = {
  name: 'bucket',
  title: 'Site to a bucket',
  async run(ctx: Context) {
    const site = await ctx.site(LISTINGS);
    const api = await adminApi(site.base);
    const s3 = await startS3rver([BUCKET]);
    ctx.defer(s3.stop);
    const client = s3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    ctx.defer(() => client.destroy());
    const bucket = siteBucket(client, BUCKET, 'site');
    const round = async (): Promise<Round> => {
      await s3.drain();
      const t0 = performance.now();
      const report = await bucket.upload(site.siteDir);
      const seconds = (performance.now() - t0) / 1000;
      return { report, seconds, ...(await s3.drain()) };
    };

    // The bench built the demo itself: a publish makes SITE_DIR a build of the publisher's, as in production.
    ctx.log(`bucket: ${LISTINGS} listings, a publish of the demo server first…`);
    let state = await publishAndWait(api, (await publishState(api)).lastPublishedAt);
    const loadBefore = loadAverage();
    ctx.log('bucket: first publish into an empty bucket…');
    const first = await round();

    const id = site.listingId;
    const before = (await (await api(`/properties/${id}`)).json()) as Property;
    const put = await api(`/properties/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ ...inputOf(before), title: `Bench bucket ${Date.now()}` }),
    });
    if (!put.ok) throw new Error(`PUT /api/properties/${id} answered ${put.status}: ${await put.text()}`);
    ctx.log('bucket: one listing edited, the demo server publishing again…');
    state = await publishAndWait(api, state.lastPublishedAt);
    ctx.log('bucket: publish after the edit…');
    const second = await round();
    // Put the listing back as it was, for the measures that follow.
    await api(`/properties/${id}`, { method: 'PUT', body: JSON.stringify(inputOf(before)) });

    const changed = second.report.files - second.report.unchanged;
    return {
      rows: [
        {
          measure: `Site to a bucket, first publish (${first.report.files.toLocaleString('en')} files)`,
          figure: figure(first),
          target: 'reported',
          status: 'met',
        },
        {
          measure: `Site to a bucket, after one listing edited (${changed} files changed)`,
          figure: figure(second),
          target: '≤ 10 % of the files’ requests',
          status: met(second.requests.length <= second.report.files / 10),
        },
      ],
      notes: [
        `${LISTINGS}-listing demo, s3rver 3.7 on loopback (one process, storing in /dev/shm where there is one); the client is the publisher's (eight requests at a time). Load average before ${loadBefore}, after ${loadAverage()}.`,
        `Between the two, listing ${id}'s title was changed and the demo server published (mode ${state.mode}, ${((state.lastDurationMs ?? NaN) / 1000).toFixed(1)} s). Uploads are the objects of the files that build changed, the build's changed shards, its index and the pointer (decision 0030); the first publish's objects: ${first.report.sent.toLocaleString('en')} (files of the same bytes and headers are one object).`,
      ],
    };
  },
};

if (import.meta.main) await runAlone(measure);
