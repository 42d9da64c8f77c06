// A stand-in map tile server for the bench: every address answers the same PNG of a fixed size,
// so the bytes a session spends on tiles are counted the same on every run, without the internet. The size
// is the one measured on the published demo: about four tiles for 100 KB.
import { createServer, type Server } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

export const TILE_BYTES = 25 * 1024;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A 256 × 256 grey PNG, padded with a private ancillary chunk (which decoders skip) to exactly `bytes`. */
export function tilePng(bytes = TILE_BYTES): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(256, 0);
  ihdr.writeUInt32BE(256, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(257 * 256, 0xd0);
  for (let y = 0; y < 256; y++) rows[y * 257] = 0; // filter byte of each row
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
  ];
  const end = chunk('IEND', Buffer.alloc(0));
  const used = parts.reduce((s, b) => s + b.length, 0) + end.length;
  const padding = bytes - used - 12;
  if (padding < 0) throw new Error(`a tile cannot be smaller than ${used + 12} bytes`);
  return Buffer.concat([...parts, chunk('npAd', Buffer.alloc(padding)), end]);
}

/** Serves the tile on 127.0.0.1:port; MAP_TILE_URL for it is `${base}/{z}/{x}/{y}.png`. */
export async function startTileStub(
  port: number,
): Promise<{ url: string; served(): number; close(): Promise<void> }> {
  const png = tilePng();
  let served = 0;
  const server: Server = createServer((_req, res) => {
    served++;
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': png.length,
      'cache-control': 'public, max-age=86400',
      'access-control-allow-origin': '*',
    });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
