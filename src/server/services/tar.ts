import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';

// The few parts of the POSIX ustar format a backup needs: regular files with short relative names. Written
// here rather than taken from a package so backups stay readable by any `tar -xzf` and the server gains no
// dependency; names over 100 bytes are refused, not truncated.

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 100 || name.startsWith('/') || name.split('/').includes('..'))
    throw new Error(`Nom de fichier impossible dans une archive : ${name}`);
  const block = Buffer.alloc(BLOCK);
  bytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes tar entries to `out` (a gzip stream), waiting when it is full; each entry's SHA-256 is returned. */
export function tarWriter(out: Writable) {
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  return {
    async entry(name: string, data: Buffer, mtime = new Date()): Promise<string> {
      await write(header(name, data.length, mtime));
      await write(data);
      await write(padding(data.length));
      return createHash('sha256').update(data).digest('hex');
    },

    /** A file already opened (so a file deleted meanwhile is skipped by the caller, never half-written). */
    async file(name: string, handle: FileHandle, size: number, mtime: Date): Promise<string> {
      await write(header(name, size, mtime));
      const hash = createHash('sha256');
      let left = size;
      const buffer = Buffer.alloc(1 << 20);
      while (left > 0) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), size - left);
        // A file that shrank while it was read: fill with zeros so the archive stays well-formed; the
        // hash in the manifest then tells the restore it is not the file it should be.
        const chunk = bytesRead > 0 ? buffer.subarray(0, bytesRead) : Buffer.alloc(left);
        hash.update(chunk);
        await write(Buffer.from(chunk));
        left -= chunk.length;
      }
      await write(padding(size));
      return hash.digest('hex');
    },

    async end(): Promise<void> {
      await write(Buffer.alloc(BLOCK * 2));
      out.end();
      await once(out, 'finish');
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes, in pieces; must be read to the end before the next entry. */
  chunks: AsyncGenerator<Buffer>;
}

/** Reads the regular-file entries of a tar stream (already gunzipped), one at a time. */
export async function* tarEntries(input: Readable): AsyncGenerator<TarEntry> {
  const source = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer = Buffer.alloc(0);
  const fill = async (n: number): Promise<boolean> => {
    while (pending.length < n) {
      const next = await source.next();
      if (next.done) return false;
      pending = pending.length ? Buffer.concat([pending, next.value]) : next.value;
    }
    return true;
  };
  const take = (n: number) => {
    const out = pending.subarray(0, n);
    pending = pending.subarray(n);
    return out;
  };
  for (;;) {
    if (!(await fill(BLOCK))) throw new Error('Archive tronquée');
    const block = take(BLOCK);
    if (block.every((b) => b === 0)) return;
    const text = (start: number, length: number) =>
      block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const prefix = text(345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(0, 100);
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    let left = size;
    async function* chunks(): AsyncGenerator<Buffer> {
      while (left > 0) {
        if (!pending.length && !(await fill(1))) throw new Error('Archive tronquée');
        const piece = take(Math.min(left, pending.length));
        left -= piece.length;
        yield Buffer.from(piece);
      }
    }
    const body = chunks();
    if (type === '0') yield { name, size, chunks: body };
    for await (const piece of body) void piece;
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad && !(await fill(pad))) throw new Error('Archive tronquée');
    take(pad);
  }
}
