import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../src/contract/index.ts';
import { PARTIAL_UPLOADS } from '../../src/server/services/partial-uploads.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError } from '../helpers/fixtures.ts';
import { hostileString } from '../helpers/hostile.ts';
import {
  jpegClaiming,
  makeImage,
  minimalMp4,
  minimalWebm,
  multipartBody,
  pngClaiming,
  STORED_NAME,
  tinyZip,
  type Part,
} from '../helpers/media.ts';
import { snapshot } from '../helpers/snapshot.ts';

// Uploads that lie: files whose bytes are not what their name and declared type say, polyglots carrying a
// PHP, HTML or ZIP payload, pixel bombs, path-traversal file names, and multipart bodies broken in every
// way. Never a 5xx; an accepted file is re-encoded (or, for a video, kept) under a random name inside
// DATA_DIR/media with no trace of the payload; a refused one leaves no row and no file anywhere.

const FILE_RUNS = 100;
const MULTIPART_RUNS = 150;

let t: TestApp;
beforeAll(async () => {
  // Hundreds of uploads from one account in seconds: far past the per-minute limit staff have.
  t = await buildTestApp({ env: { MEDIA_UPLOADS_PER_MINUTE: '100000' } });
});
afterAll(() => t.close());

const mediaDir = () => join(t.env.DATA_DIR, 'media');
const BOUNDARY = 'ndako-hostile-boundary';
const send = (payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { ...t.auth, 'content-type': contentType },
    payload,
  });

/** What an upload may change, read after each generated one; the other tables are compared around the batch. */
const uploadState = () => snapshot(t, ['media']);
const otherTables = async () => {
  const { media: _media, DATA_DIR: _files, ...rest } = await snapshot(t);
  return rest;
};

/** Markers of what a hostile file carries beside its pixels; none may reach a stored file. */
const PAYLOADS = ['<?php', '<script', '<html', 'PK\u0003\u0004', 'x.php'];

interface Sample {
  data: Buffer;
  /** What the bytes are: a real image or video, or nothing the API stores; 'either' when the decoder decides. */
  kind: 'image' | 'video' | 'none' | 'either';
}
let samples: Record<string, Sample>;

beforeAll(async () => {
  const png = await makeImage('png', 40, 30);
  const jpeg = await makeImage('jpeg', 40, 30);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
  const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
  const php = '<?php system($_GET["c"]); ?>';
  samples = {
    png: { data: png, kind: 'image' },
    jpeg: { data: jpeg, kind: 'image' },
    webp: { data: await makeImage('webp', 40, 30), kind: 'image' },
    mp4: { data: minimalMp4(), kind: 'video' },
    webm: { data: minimalWebm(), kind: 'video' },
    'JPEG then ZIP (polyglot)': { data: Buffer.concat([jpeg, tinyZip()]), kind: 'image' },
    'JPEG then PHP': { data: Buffer.concat([jpeg, Buffer.from(php)]), kind: 'image' },
    'JPEG then HTML': { data: Buffer.concat([jpeg, Buffer.from(html)]), kind: 'image' },
    'PNG then HTML': { data: Buffer.concat([png, Buffer.from(html)]), kind: 'image' },
    'truncated JPEG': { data: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), kind: 'either' },
    'SVG with a script': { data: Buffer.from(svg), kind: 'none' },
    HTML: { data: Buffer.from(html), kind: 'none' },
    PHP: { data: Buffer.from(php), kind: 'none' },
    ZIP: { data: tinyZip(), kind: 'none' },
    'ZIP then JPEG': { data: Buffer.concat([tinyZip(), jpeg]), kind: 'none' },
    'JPEG magic, then HTML': { data: Buffer.concat([jpeg.subarray(0, 4), Buffer.from(html)]), kind: 'none' },
    PDF: { data: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), kind: 'none' },
    'random bytes': {
      data: Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256)),
      kind: 'none',
    },
    empty: { data: Buffer.alloc(0), kind: 'none' },
  };
});

const FILENAMES = [
  'photo.png',
  'clip.mp4',
  'photo.jpg',
  'shell.php',
  'x.php.jpg',
  'x.jpg.php',
  '.htaccess',
  '../../etc/passwd',
  '../../../../../../tmp/ndako-pwned.png',
  '..%2f..%2fetc%2fpasswd.png',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '/tmp/ndako-pwned.png',
  'C:\\Windows\\x.png',
  'a\u0000.php.png',
  '%00.png',
  '',
  '.',
  '..',
  'media/../../x.png',
  `${'a'.repeat(300)}.png`,
  'é🏡 photo.png',
  '<script>alert(1)</script>.png',
];
const filename = fc.oneof(
  fc.constantFrom(...FILENAMES),
  hostileString.filter((s) => s.length < 300 && !/[\r\n"]/.test(s)),
);
const declaredType = fc.constantFrom(
  undefined,
  'image/png',
  'image/jpeg',
  'video/mp4',
  'text/html',
  'image/svg+xml',
  'application/x-php',
  'application/octet-stream',
);
const typeField = fc.constantFrom(
  undefined,
  'image',
  'video',
  '',
  'audio',
  'IMAGE',
  'image\u0000',
  '__proto__',
);

/** What the server must answer: 400 for no file or a bad `type`, 415 for what is not a matching image or video. */
function expectedStatus(sample: Sample, type: string | undefined): number[] {
  if (sample.data.length === 0) return [400];
  if (type !== undefined && type !== 'image' && type !== 'video') return [400];
  if (sample.kind === 'none') return [415];
  if (sample.kind === 'either') return type === 'video' ? [415] : [201, 415];
  return type === undefined || type === sample.kind ? [201] : [415];
}

/** Checks what an accepted upload stored: random names inside the media folder, pixels only. */
async function expectCleanlyStored(item: UploadResponse, label: string) {
  const stored = (await readdir(mediaDir())).filter((name) => name.startsWith(item.id));
  expect(stored.length, label).toBeGreaterThanOrEqual(2);
  for (const name of stored) {
    expect(name, label).toMatch(STORED_NAME);
    const data = (await readFile(join(mediaDir(), name))).toString('latin1');
    if (item.type === 'image')
      for (const marker of PAYLOADS) expect(data.includes(marker), `${label}: ${name}`).toBe(false);
  }
  if (item.type === 'image')
    expect((await sharp(join(mediaDir(), stored[0]!)).metadata()).format).toBe('webp');
}

/** Every file under DATA_DIR is a stored media file (or the empty folders of the site and of resumable uploads). */
async function expectNothingElseWritten() {
  const entries = await readdir(t.env.DATA_DIR, { recursive: true });
  for (const entry of entries) {
    if (entry === 'media' || entry === 'site' || entry === PARTIAL_UPLOADS) continue;
    expect(entry.startsWith(`media${sep}`), entry).toBe(true);
    expect(entry.slice('media/'.length), entry).toMatch(STORED_NAME);
  }
}

/** A relative file name must not have become a file where it points (the media folder and its parents aside). */
function expectNotWrittenAt(name: string) {
  if (name.includes('\u0000') || isAbsolute(name)) return;
  const target = resolve(mediaDir(), name);
  if (`${mediaDir()}${sep}`.startsWith(`${target}${sep}`) || target === sep) return;
  expect(existsSync(target), target).toBe(false);
}

/**
 * Uploads `label`'s bytes named `name`, declared as `contentType`, with the `type` field, and checks the
 * answer against what the bytes are; a refusal must leave the media table and folder as `baseline`.
 */
async function expectUploadByBytes(
  [label, name, contentType, type]: [string, string, string | undefined, string | undefined],
  baseline: Awaited<ReturnType<typeof uploadState>>,
) {
  const sample = samples[label]!;
  const parts: Part[] = [];
  if (type !== undefined) parts.push({ name: 'type', data: type });
  parts.push({ name: 'file', filename: name, ...(contentType ? { contentType } : {}), data: sample.data });
  const what = `${label} named ${JSON.stringify(name)} as ${contentType}, type ${JSON.stringify(type)}`;
  const res = await send(multipartBody(parts, BOUNDARY));
  expect(expectedStatus(sample, type), `${what} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
  if (res.statusCode === 201) await expectCleanlyStored(res.json<UploadResponse>(), what);
  else {
    expectError(res, res.statusCode, what);
    expect(await uploadState()).toEqual(baseline);
  }
  expectNotWrittenAt(name);
  return res.statusCode;
}

describe('lying uploads', () => {
  it.each([
    [['png', 'clip.mp4', 'video/mp4', 'video'], 415],
    [['png', 'clip.mp4', 'video/mp4', undefined], 201],
    [['HTML', 'photo.jpg', 'image/jpeg', 'image'], 415],
    [['SVG with a script', 'logo.png', 'image/png', 'image'], 415],
    [['PHP', 'photo.jpg', 'image/jpeg', undefined], 415],
    [['ZIP then JPEG', 'photo.jpg', 'image/jpeg', 'image'], 415],
    [['JPEG then ZIP (polyglot)', 'photo.jpg', 'image/jpeg', 'image'], 201],
    [['JPEG then PHP', 'shell.php.jpg', 'image/jpeg', 'image'], 201],
    [['JPEG then HTML', 'page.html', 'text/html', undefined], 201],
    [['jpeg', '../../etc/passwd', 'image/jpeg', 'image'], 201],
    [['jpeg', '../../../../../../tmp/ndako-pwned.png', 'image/jpeg', 'image'], 201],
    [['jpeg', '..%2f..%2fetc%2fpasswd.png', 'image/jpeg', 'image'], 201],
    [['jpeg', 'a\u0000.php.png', 'image/jpeg', 'image'], 201],
    [['mp4', '../../x.mp4', 'video/mp4', 'video'], 201],
  ] as const)(
    '%j → %i: judged by its bytes, stored under a random name without its payload or leaving nothing',
    async (upload, status) => {
      expect(await expectUploadByBytes([...upload], await uploadState())).toBe(status);
    },
  );

  it('generated ones are stored by what their bytes are, or refused leaving nothing', async () => {
    const others = await otherTables();
    let baseline = await uploadState();
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.constantFrom(...Object.keys(samples)), filename, declaredType, typeField),
        async (upload) => {
          try {
            await expectUploadByBytes(upload, baseline);
          } finally {
            baseline = await uploadState();
          }
        },
      ),
      { numRuns: FILE_RUNS },
    );
    await expectNothingElseWritten();
    expect(await otherTables()).toEqual(others);
  });
});

type Corruption = (body: Buffer) => { payload: Buffer; contentType: string };
const header = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;
const keep = (payload: Buffer, contentType = header()) => ({ payload, contentType });

describe('generated broken multipart bodies', () => {
  it('never get a 5xx, and a refused one leaves nothing', async () => {
    const png = await makeImage('png', 40, 30);
    const valid = (extra: Part[] = []) =>
      multipartBody([
        { name: 'type', data: 'image' },
        ...extra,
        { name: 'file', filename: 'a.png', contentType: 'image/png', data: png },
      ]);
    const corruption: fc.Arbitrary<Corruption> = fc.oneof(
      fc.double({ min: 0, max: 1, noNaN: true }).map(
        (at): Corruption =>
          (b) =>
            keep(b.subarray(0, Math.floor(b.length * at))),
      ),
      fc
        .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.uint8Array({ minLength: 1, maxLength: 64 }))
        .map(([at, junk]): Corruption => (b) => {
          const i = Math.floor(b.length * at);
          return keep(Buffer.concat([b.subarray(0, i), junk, b.subarray(i)]));
        }),
      fc.constantFrom<Corruption>(
        (b) => keep(b, 'multipart/form-data'),
        (b) => keep(b, 'multipart/form-data; boundary='),
        (b) => keep(b, 'multipart/form-data; boundary=""'),
        (b) => keep(b, header('another-boundary')),
        (b) => keep(b, `${header()}; charset=utf-16`),
        (b) => keep(b, 'multipart/mixed; boundary=ndako-hostile-boundary'),
        (b) => keep(b, 'Multipart/Form-Data; BOUNDARY=ndako-hostile-boundary'),
        (b) => keep(Buffer.from(b.toString('latin1').replaceAll('\r\n', '\n'), 'latin1')),
        (b) => keep(Buffer.from(b.toString('latin1').replace(/--\r\n$/, ''), 'latin1')),
        (b) =>
          keep(
            Buffer.from(
              b.toString('latin1').replace('Content-Disposition: form-data; ', 'Content-Disposition: '),
              'latin1',
            ),
          ),
        (b) =>
          keep(
            Buffer.from(
              b.toString('latin1').replace(/Content-Disposition[^\r]*filename="a.png"/, 'X-Nothing: 1'),
              'latin1',
            ),
          ),
        (b) =>
          keep(
            Buffer.from(
              b.toString('latin1').replace('filename="a.png"', "filename*=UTF-8''..%2F..%2Fetc%2Fpasswd"),
              'latin1',
            ),
          ),
        (b) =>
          keep(
            Buffer.from(
              b.toString('latin1').replace('Content-Type: image/png', `X-Long: ${'a'.repeat(100_000)}`),
              'latin1',
            ),
          ),
        (b) =>
          keep(
            Buffer.from(
              b.toString('latin1').replace('Content-Type: image/png', 'Content-Transfer-Encoding: base64'),
              'latin1',
            ),
          ),
        (b) => keep(Buffer.concat([Buffer.from('preamble garbage\r\n'), b])),
        (b) => keep(Buffer.concat([b, Buffer.from('epilogue garbage')])),
        () => keep(Buffer.alloc(0)),
        () => keep(Buffer.from('--ndako-hostile-boundary--\r\n')),
        () => {
          const long = 'b'.repeat(300);
          return keep(multipartBody([{ name: 'file', filename: 'a.png', data: png }], long), header(long));
        },
        () => keep(valid([{ name: 'file', filename: 'b.png', contentType: 'image/png', data: png }])),
        () => keep(valid(Array.from({ length: 8 }, (_, i) => ({ name: `f${i}`, data: 'x' })))),
        () => keep(valid([{ name: '__proto__', data: 'x' }])),
        () => keep(valid([{ name: 'constructor', data: 'x' }])),
        () => keep(valid([{ name: 'type', data: 'video' }])),
        () => keep(valid([{ name: 'type', data: 'x'.repeat(2_000_000) }])),
      ),
    );
    const others = await otherTables();
    let baseline = await uploadState();
    await fc.assert(
      fc.asyncProperty(corruption, async (corrupt) => {
        const { payload, contentType } = corrupt(valid());
        const what = `${contentType} ${JSON.stringify(payload.toString('latin1').slice(0, 400))}`;
        try {
          const res = await send(payload, contentType);
          expect(res.statusCode, `${what} → ${res.statusCode} ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 201) await expectCleanlyStored(res.json<UploadResponse>(), what);
          else {
            expectError(res, undefined, what);
            expect(await uploadState()).toEqual(baseline);
          }
        } finally {
          baseline = await uploadState();
        }
      }),
      { numRuns: MULTIPART_RUNS },
    );
    await expectNothingElseWritten();
    expect(await otherTables()).toEqual(others);
  });
});

describe('pixel bombs', () => {
  it.each([
    ['a PNG', () => pngClaiming(30_000, 30_000)],
    ['a JPEG', () => jpegClaiming(30_000, 30_000)],
  ])('%s of 8×8 pixels declaring 30000 × 30000 gets 413 and stores nothing', async (_what, make) => {
    const bomb = await make();
    expect(bomb.length).toBeLessThan(4000);
    const before = await snapshot(t);
    const res = await send(
      multipartBody([{ name: 'file', filename: 'bomb.png', contentType: 'image/png', data: bomb }]),
    );
    expectError(res, 413);
    expect(await snapshot(t)).toEqual(before);
  });
});
