import sharp from 'sharp';
import { crc32 } from 'node:zlib';

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
