import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../src/contract/index.ts';
import { createApp } from '../../src/server/app.ts';
import { PARTIAL_UPLOAD_TTL_MS, PARTIAL_UPLOADS } from '../../src/server/services/partial-uploads.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/fixtures.ts';
import { minimalMp4 } from '../helpers/media.ts';
import { MEDIA_BUCKET, startS3, type S3Server } from '../helpers/s3-server.ts';
import { writeSite } from '../helpers/site-builder.ts';
import { tusClient, uploadId } from '../helpers/tus.ts';

// Resumable video uploads with MEDIA_STORE=s3 against s3rver: the partial file is an S3 multipart upload under
// partial-uploads/ in the media bucket, so that another instance resumes it; once finished, the video is a
// media object like any upload and nothing stays under the prefix.

const BASE = 'https://media.ndako.test';
const MiB = 1_048_576;
let s3: S3Server;
let t: TestApp;
let tus: ReturnType<typeof tusClient>;
beforeAll(async () => {
  s3 = await startS3();
  t = await buildTestApp({
    env: { ...s3.env, MEDIA_STORE: 's3', S3_BUCKET: MEDIA_BUCKET, MEDIA_PUBLIC_BASE: BASE },
  });
  tus = tusClient(t.app, t.auth);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const partials = () => s3.keys(MEDIA_BUCKET, `${PARTIAL_UPLOADS}/`);
const video = (bytes: number) => Buffer.concat([minimalMp4(), Buffer.alloc(bytes - minimalMp4().length, 3)]);

describe('resumable uploads in the bucket', () => {
  it('keeps the partial file as a multipart upload that another instance resumes, then stores the video', async () => {
    // 7 MiB: a whole S3 part (5 MiB) and a remainder, in 1 MiB chunks as the admin sends them.
    const data = video(7 * MiB);
    const created = await tus.create(data.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const id = uploadId(location);
    for (let offset = 0; offset < 3 * MiB; offset += MiB) {
      const sent = await tus.patch(location, offset, data.subarray(offset, offset + MiB));
      expect(sent.statusCode, sent.body).toBe(204);
    }
    expect(await partials()).toEqual([`${PARTIAL_UPLOADS}/${id}.info`, `${PARTIAL_UPLOADS}/${id}.part`]);

    const second = await createApp({ env: t.env, database: t.database, siteBuilder: writeSite('Ndako') });
    try {
      expect((await tus.head(location, second)).headers['upload-offset']).toBe(String(3 * MiB));
      for (let offset = 3 * MiB; offset < data.length; offset += MiB) {
        const sent = await tus.patch(location, offset, data.subarray(offset, offset + MiB), second);
        expect(sent.statusCode, sent.body).toBe(204);
      }
      const finished = await tus.finish(location, second);
      expect(finished.statusCode, finished.body).toBe(201);
      expect(finished.json<UploadResponse>()).toEqual({
        id,
        type: 'video',
        url: `${BASE}/media/${id}.mp4`,
        thumbnail: `${BASE}/media/${id}-thumb.webp`,
      });
    } finally {
      await second.close();
    }
    expect(Buffer.compare(await s3.bytes(MEDIA_BUCKET, `media/${id}.mp4`), data)).toBe(0);
    expect((await s3.head(MEDIA_BUCKET, `media/${id}.mp4`)).ContentType).toBe('video/mp4');
    expect(await partials()).toEqual([]);
  });

  it('refuses a declared length over the limit before anything is written', async () => {
    expectError(await tus.create(200 * MiB), 413);
    expect(await partials()).toEqual([]);
  });

  it('sweeps uploads older than the time they are kept, aborting their multipart upload', async () => {
    const location = await tus.create(6 * MiB);
    expect((await tus.patch(location.headers.location as string, 0, video(MiB))).statusCode).toBe(204);
    expect((await partials()).length).toBe(2);
    expect(await t.app.partialUploads.sweep()).toBe(0);
    expect(await t.app.partialUploads.sweep(Date.now() + PARTIAL_UPLOAD_TTL_MS + 60_000)).toBe(1);
    expect(await partials()).toEqual([]);
    expect((await tus.head(location.headers.location as string)).statusCode).toBe(404);
  });
});
