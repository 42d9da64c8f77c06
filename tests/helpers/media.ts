import sharp from 'sharp';
import { crc32 } from 'node:zlib';

/** The names the server gives stored files: a random id, then the width or `-thumb`. */
export const STORED_NAME = /^[a-f0-9]{32}(-\d+|-thumb)?\.(webp|mp4|webm)$/;

/** A solid-colour image of the given format, made with sharp. */
export function makeImage(
  format: 'png' | 'jpeg' | 'webp' | 'avif',
  width = 640,
  height = 480,
  background = '#3366aa',
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background } });
  return image[format]().toBuffer();
}

/** A multipart body as the admin's upload sends it: `file` and, optionally, `type`. */
export function uploadForm(
  data: Buffer | string,
  filename: string,
  contentType: string,
  type?: string,
): FormData {
  const form = new FormData();
  if (type !== undefined) form.append('type', type);
  form.append(
    'file',
    new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type: contentType }),
    filename,
  );
  return form;
}

/** The smallest MP4 file-type recognises: an `ftyp` box (isom) and an empty `mdat`. */
export function minimalMp4(): Buffer {
  return Buffer.concat([
    Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
    Buffer.from('000000086672656500000010', 'hex'),
    Buffer.from('6d646174', 'hex'),
    Buffer.alloc(8),
  ]);
}

/** An EBML header with DocType "webm", then the start of a Segment. */
export function minimalWebm(): Buffer {
  const header = Buffer.from('4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');
  return Buffer.concat([
    Buffer.from('1a45dfa3', 'hex'),
    Buffer.from([0x80 | header.length]),
    header,
    Buffer.from('1853806701ffffffffffffff', 'hex'),
    Buffer.alloc(32),
  ]);
}

/**
 * A pixel bomb: a real PNG whose header is rewritten to claim width × height pixels (the CRC fixed so it
 * still parses), though its data is tiny.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage('png', 8, 8));
  // Signature (8) + IHDR length (4) + "IHDR" (4): width and height follow, then the rest, then the CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** Random pixels compress badly: a PNG of noise is about width × height × 3 bytes. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export interface Part {
  name: string;
  /** Makes the part a file. */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body written as a client may (FormData would escape what a hostile one sends raw); headers in UTF-8. */
export function multipartBody(parts: Part[], boundary = 'ndako-hostile-boundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A JPEG whose frame header (SOF0) claims width × height pixels. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await makeImage('jpeg', 8, 8));
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no SOF0 marker');
  // Marker (2), length (2), precision (1), then height and width.
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A little-endian record of `size` bytes: [offset, 2 or 4 bytes, value] for each field, zeros elsewhere. */
function record(size: number, fields: [number, 2 | 4, number][]): Buffer {
  const out = Buffer.alloc(size);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) out.writeUInt16LE(value, offset);
    else out.writeUInt32LE(value, offset);
  }
  return out;
}

/** The smallest ZIP archive: one stored file `x.php`, then the central directory. */
export function tinyZip(content = '<?php system($_GET["c"]); ?>'): Buffer {
  const data = Buffer.from(content);
  const name = Buffer.from('x.php');
  const crc = crc32(data);
  const n = data.length;
  // Local file header, central directory header, end of central directory.
  const local = record(30, [
    [0, 4, 0x04034b50],
    [4, 2, 10],
    [14, 4, crc],
    [18, 4, n],
    [22, 4, n],
    [26, 2, name.length],
  ]);
  const central = record(46, [
    [0, 4, 0x02014b50],
    [4, 2, 10],
    [6, 2, 10],
    [16, 4, crc],
    [20, 4, n],
    [24, 4, n],
    [28, 2, name.length],
  ]);
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, 1],
    [10, 2, 1],
    [12, 4, 46 + name.length],
    [16, 4, 30 + name.length + n],
  ]);
  return Buffer.concat([local, name, data, central, name, end]);
}
