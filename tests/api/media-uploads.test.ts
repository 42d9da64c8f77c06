import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../src/contract/index.ts';
import { createApp } from '../../src/server/app.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { PARTIAL_UPLOAD_TTL_MS, PARTIAL_UPLOADS } from '../../src/server/services/partial-uploads.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/fixtures.ts';
import { makeImage, minimalMp4, STORED_NAME } from '../helpers/media.ts';
import { writeSite } from '../helpers/site-builder.ts';
import { tusClient, uploadId } from '../helpers/tus.ts';

// Resumable video uploads (tus, decision 0047): created, sent in chunks, resumed from the server's offset
// (on another instance too), finished into the same item as POST /media/upload, refused in French.

let t: TestApp;
let tus: ReturnType<typeof tusClient>;
/** An agent's session: another account than the test admin. */
let agent: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp({ env: { MEDIA_MAX_VIDEO_MB: '1' } });
  tus = tusClient(t.app, t.auth);
  const email = `agent.${Date.now()}@ndako.test`;
  await t.app.repos.accounts.create({
    email,
    name: 'Agent Tus',
    passwordHash: await hashPassword('agent password 1'),
    role: 'agent',
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'agent password 1' },
  });
  agent = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
});
afterAll(async () => {
  await t?.close();
});

/** A video of `bytes` bytes that the sniffer takes for an MP4. */
const video = (bytes: number) => Buffer.concat([minimalMp4(), Buffer.alloc(bytes - minimalMp4().length, 7)]);
const partials = async () => (await readdir(join(t.env.DATA_DIR, PARTIAL_UPLOADS))).sort();
const stored = async () => (await readdir(join(t.env.DATA_DIR, 'media'))).sort();

async function created(length: number, app = t.app): Promise<string> {
  const res = await tus.create(length, {}, app);
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

describe('a resumable upload', () => {
  it('is sent in chunks, resumed from the offset the server has, and finished into a video item', async () => {
    const data = video(300_000);
    const res = await tus.create(data.length);
    expect(res.statusCode, res.body).toBe(201);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/api\/media\/uploads\/[a-f0-9]{32}$/);
    expect(res.headers['upload-expires']).toBeTruthy();
    expect(res.headers['tus-resumable']).toBe('1.0.0');

    const first = await tus.patch(location, 0, data.subarray(0, 100_000));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');
    // A chunk sent again at an offset the server is past: refused, and the offset asked again.
    expectError(await tus.patch(location, 0, data.subarray(0, 100_000)), 409);
    const head = await tus.head(location);
    expect([head.statusCode, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([
      200,
      '100000',
      '300000',
    ]);
    // Not finished yet: nothing to store.
    const early = expectError(await tus.finish(location), 409);
    expect(early.message).toContain('100000 octets reçus sur 300000');
    const last = await tus.patch(location, 100_000, data.subarray(100_000));
    expect([last.statusCode, last.headers['upload-offset']]).toEqual([204, '300000']);

    const before = await stored();
    const finished = await tus.finish(location);
    expect(finished.statusCode, finished.body).toBe(201);
    const item = finished.json<UploadResponse>();
    const id = uploadId(location);
    expect(item).toEqual({
      id,
      type: 'video',
      url: `/media/${id}.mp4`,
      thumbnail: `/media/${id}-thumb.webp`,
    });
    expect((await stored()).filter((n) => !before.includes(n))).toEqual([`${id}-thumb.webp`, `${id}.mp4`]);
    expect((await stored()).every((n) => STORED_NAME.test(n))).toBe(true);
    const served = await t.app.inject(item.url);
    expect(Buffer.compare(served.rawPayload, data)).toBe(0);
    // The partial file is gone; its address answers 404 in French, and the finish again the same item.
    expect(await partials()).toEqual([]);
    expect((await tus.head(location)).statusCode).toBe(404);
    const again = await tus.finish(location);
    expect([again.statusCode, again.json()]).toEqual([200, item]);
  });

  it('keeps the bytes of a chunk cut on the way, and goes on from there', async () => {
    const data = video(200_000);
    const location = await created(data.length);
    // The app's own HTTP server on a real socket (not app.listen: no start-up jobs in a test).
    await new Promise<void>((resolve) => t.app.server.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    try {
      // A phone losing its signal: 120,000 bytes of a chunk announced as 200,000 arrive, then the socket dies.
      await new Promise<void>((resolve) => {
        const req = request(`${address}${location}`, {
          method: 'PATCH',
          headers: {
            ...t.auth,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(data.length),
          },
        });
        req.on('error', () => resolve());
        req.write(data.subarray(0, 120_000), () => setTimeout(() => req.destroy(), 300));
      });
      let offset = 0;
      for (let tries = 0; tries < 50 && offset === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        offset = Number((await tus.head(location)).headers['upload-offset']);
      }
      expect(offset).toBe(120_000);
      expect((await tus.patch(location, offset, data.subarray(offset))).statusCode).toBe(204);
      const finished = await tus.finish(location);
      expect(finished.statusCode, finished.body).toBe(201);
      const served = await t.app.inject(finished.json<UploadResponse>().url);
      expect(Buffer.compare(served.rawPayload, data)).toBe(0);
    } finally {
      await new Promise((resolve) => t.app.server.close(resolve));
    }
  });

  it('resumes on another API instance sharing the data folder and database', async () => {
    const second = await createApp({ env: t.env, database: t.database, siteBuilder: writeSite('Ndako') });
    try {
      const data = video(200_000);
      const location = await created(data.length);
      expect((await tus.patch(location, 0, data.subarray(0, 80_000))).statusCode).toBe(204);
      const head = await tus.head(location, second);
      expect(head.headers['upload-offset']).toBe('80000');
      expect((await tus.patch(location, 80_000, data.subarray(80_000), second)).statusCode).toBe(204);
      const finished = await tus.finish(location, second);
      expect(finished.statusCode, finished.body).toBe(201);
      expect(finished.json<UploadResponse>().id).toBe(uploadId(location));
    } finally {
      await second.close();
    }
  });

  it('is refused in French when it is not a video once complete, and nothing of it stays', async () => {
    const png = await makeImage('png', 40, 30);
    const location = await created(png.length);
    expect((await tus.patch(location, 0, png)).statusCode).toBe(204);
    const before = await stored();
    const refused = expectError(await tus.finish(location), 415);
    expect(refused.message).toContain('pas une vidéo');
    expect(await stored()).toEqual(before);
    expect(await partials()).toEqual([]);
    expect(await t.app.repos.media.item(uploadId(location))).toBeNull();
  });

  it('refuses a declared length over MEDIA_MAX_VIDEO_MB at creation, and more bytes than declared', async () => {
    const refused = expectError(await tus.create(1_048_577), 413);
    expect(refused.message).toBe('Vidéo trop volumineuse : 1 Mo au plus');
    expect(await partials()).toEqual([]);
    const location = await created(1000);
    expectError(await tus.patch(location, 0, video(2000)), 413);
    expect((await tus.remove(location)).statusCode).toBe(204);
    expect(await partials()).toEqual([]);
  });

  it('answers bad calls with a French 4xx, never a 5xx', async () => {
    const location = await created(5000);
    const cases = [
      ['no Tus-Resumable', t.app.inject({ method: 'POST', url: '/api/media/uploads', headers: t.auth })],
      ['no Upload-Length', tus.create('', { 'upload-length': '' })],
      ['a negative length', tus.create(-5)],
      ['a length deferred', tus.create('', { 'upload-defer-length': '1' })],
      ['parallel parts', tus.create(10, { 'upload-concat': 'partial' })],
      ['broken metadata', tus.create(10, { 'upload-metadata': 'a b c d,,' })],
      ['no offset', tus.patch(location, 0, Buffer.alloc(10), t.app, { 'upload-offset': '' })],
      ['a text chunk', tus.patch(location, 0, Buffer.alloc(10), t.app, { 'content-type': 'text/plain' })],
      ['an unknown upload', tus.patch(`/api/media/uploads/${'0'.repeat(32)}`, 0, Buffer.alloc(10))],
      ['a malformed id', tus.head('/api/media/uploads/..%2F..%2Fmedia')],
      ['an unknown finish', tus.finish(`/api/media/uploads/${'1'.repeat(32)}`)],
    ] as const;
    for (const [label, sent] of cases) {
      const res = await sent;
      if (label === 'a malformed id') expect(res.statusCode, label).toBe(400);
      else expectError(res, undefined, label);
    }
    expect((await partials()).length).toBe(2);
    await tus.remove(location);
  });

  it("is another account's: refused to it, whatever it calls", async () => {
    const location = await created(5000);
    const other = tusClient(t.app, agent);
    expectError(await other.patch(location, 0, Buffer.alloc(10)), 403);
    expect((await other.head(location)).statusCode).toBe(403);
    expectError(await other.remove(location), 403);
    expectError(await other.finish(location), 403);
    expect((await tus.head(location)).headers['upload-offset']).toBe('0');
    // Its owner name in the metadata is the server's, whatever the client claims.
    const claimed = await other.create(10, {
      'upload-metadata': `owner ${Buffer.from('1').toString('base64')}`,
    });
    expect((await tus.head(claimed.headers.location as string)).statusCode).toBe(403);
    await tus.remove(location);
    await other.remove(claimed.headers.location as string);
  });

  it('needs a session', async () => {
    const location = await created(10);
    const anonymous = tusClient(t.app, {});
    expectError(await anonymous.create(10), 401);
    expectError(await anonymous.patch(location, 0, Buffer.alloc(10)), 401);
    expect((await anonymous.head(location)).statusCode).toBe(401);
    expectError(await anonymous.finish(location), 401);
    await tus.remove(location);
  });

  it('counts its creations per account: one agent at the limit leaves the others of the same address theirs', async () => {
    const other = tusClient(t.app, agent);
    const locations: string[] = [];
    let refused;
    for (let i = 0; i <= 60 && !refused; i++) {
      const res = await other.create(10);
      if (res.statusCode === 429) refused = res;
      else locations.push(res.headers.location as string);
    }
    if (!refused) throw new Error('61 creations in a row, none refused');
    expect(expectError(refused, 429).message).toMatch(/^Trop de requêtes/);
    // The admin's calls come from the same address (inject's 127.0.0.1).
    const mine = await created(10);
    await Promise.all([...locations.map((l) => other.remove(l)), tus.remove(mine)]);
  });
});

describe('the sweep', () => {
  it('deletes uploads older than the time they are kept, finished or not, and leaves the others', async () => {
    const data = video(1000);
    const abandoned = await created(5000);
    const complete = await created(data.length);
    expect((await tus.patch(complete, 0, data)).statusCode).toBe(204);
    expect(await t.app.partialUploads.sweep()).toBe(0);
    expect((await tus.head(abandoned)).statusCode).toBe(200);
    expect(await t.app.partialUploads.sweep(Date.now() + PARTIAL_UPLOAD_TTL_MS + 60_000)).toBe(2);
    expect(await partials()).toEqual([]);
    expectError(await tus.patch(abandoned, 0, Buffer.alloc(10)), 404);
    expectError(await tus.finish(complete), 404);
  });
});
