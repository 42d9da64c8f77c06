// What s3rver 3.7 lacks of S3's multipart uploads and the resumable video uploads' store (@tus/s3-store) asks
// for: ListParts (where an upload stands, to resume it) and AbortMultipartUpload (an upload abandoned or
// expired). s3rver keeps an upload's parts as files `<n>` with `<n>.md5` in a folder per upload id; these
// two read and remove that folder, and answer as S3 does.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 's3rver';

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const noSuchUpload = (ctx: Context) => {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = xml(
    '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
  );
};

/** Koa middleware answering ListParts and AbortMultipartUpload; any other request goes on to s3rver. */
export function multipartExtras(uploadsFolder: (bucket: string) => string) {
  return async (ctx: Context, next: () => Promise<void>) => {
    const uploadId = ctx.query['uploadId'];
    const [, bucket, ...key] = ctx.path.split('/');
    if (!uploadId || !bucket || key.length === 0 || !/^[a-f0-9]+$/.test(uploadId)) return next();
    const folder = join(uploadsFolder(bucket), uploadId);
    if (ctx.method === 'DELETE') {
      if (!(await stat(folder).catch(() => null))) return noSuchUpload(ctx);
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET') return next();
    const names = await readdir(folder).catch(() => null);
    if (!names) return noSuchUpload(ctx);
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [{ size }, md5] = await Promise.all([
          stat(join(folder, String(n))),
          readFile(join(folder, `${n}.md5`), 'utf8'),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    ctx.type = 'application/xml';
    ctx.body = xml(
      `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${decodeURIComponent(key.join('/'))}</Key>` +
        `<UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}
