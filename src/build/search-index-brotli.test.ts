import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { brotliCopies } from './search-index-brotli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A file as Pagefind writes it: its signature and the data, in gzip. */
const pagefindFile = (data: string) => gzipSync(Buffer.from(`pagefind_dcd${data}`), { level: 6 });
const repetitive = (n: number) =>
  Array.from({ length: n }, (_, i) => `maison ${i % 37} piscine forage ${i}`).join(' ');

describe('brotliCopies', () => {
  it('writes a Brotli copy of the unpacked data, signature included, of Pagefind’s larger files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-pagefind-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'index'));
    const files = {
      'wasm.fr.pagefind': repetitive(4000),
      'pagefind.fr_1234.pf_meta': repetitive(500),
      'index/fr_abc.pf_index': repetitive(2000),
    };
    for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), pagefindFile(data));

    const { files: written, saved } = await brotliCopies(dir);

    expect(written).toBe(3);
    let total = 0;
    for (const [name, data] of Object.entries(files)) {
      const br = readFileSync(join(dir, `${name}.br`));
      // What the browser hands Pagefind's script after Content-Encoding: br: signature and data, as it expects.
      expect(brotliDecompressSync(br).toString()).toBe(`pagefind_dcd${data}`);
      const packed = readFileSync(join(dir, name)).length;
      expect(br.length).toBeLessThan(packed);
      total += packed - br.length;
    }
    expect(saved).toBe(total);
  });

  it('leaves the fragments, other files and data without Pagefind’s signature alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-pagefind-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'fragment'));
    writeFileSync(join(dir, 'fragment/fr_abc.pf_fragment'), pagefindFile(repetitive(200)));
    writeFileSync(join(dir, 'pagefind-entry.json'), JSON.stringify({ version: '1' }));
    writeFileSync(join(dir, 'wasm.xx.pagefind'), gzipSync(Buffer.from(repetitive(2000))));

    expect(await brotliCopies(dir)).toEqual({ files: 0, saved: 0, reused: 0 });
    expect(existsSync(join(dir, 'fragment/fr_abc.pf_fragment.br'))).toBe(false);
    expect(existsSync(join(dir, 'wasm.xx.pagefind.br'))).toBe(false);
  });

  it('writes a Brotli copy of Pagefind’s entry, which is under the 1 KB where the build’s own copies start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ndako-pagefind-'));
    dirs.push(dir);
    const entry = JSON.stringify({
      version: '1.6.0',
      languages: Object.fromEntries(
        ['en', 'fr', 'ln'].map((l) => [l, { hash: `${l}_ac3dfcc45e`, wasm: l, page_count: 416 }]),
      ),
    });
    writeFileSync(join(dir, 'pagefind-entry.json'), entry);

    const { files } = await brotliCopies(dir);

    expect(files).toBe(1);
    const br = readFileSync(join(dir, 'pagefind-entry.json.br'));
    expect(brotliDecompressSync(br).toString()).toBe(entry);
    expect(br.length).toBeLessThan(entry.length * 0.8);
  });

  it('links the copy of a file the build online has with the same bytes, and makes the others anew', async () => {
    const before = mkdtempSync(join(tmpdir(), 'ndako-pagefind-'));
    const dir = mkdtempSync(join(tmpdir(), 'ndako-pagefind-'));
    dirs.push(before, dir);
    for (const d of [before, dir]) mkdirSync(join(d, 'index'));
    const same = pagefindFile(repetitive(2000));
    writeFileSync(join(before, 'index/fr_abc.pf_index'), same);
    writeFileSync(join(dir, 'index/fr_abc.pf_index'), same);
    // Same name, other bytes (Pagefind's WebAssembly is named by language only): made again.
    writeFileSync(join(before, 'wasm.fr.pagefind'), pagefindFile(repetitive(3000)));
    writeFileSync(join(dir, 'wasm.fr.pagefind'), pagefindFile(repetitive(3001)));
    await brotliCopies(before);

    const { files, reused } = await brotliCopies(dir, before);

    expect(reused).toBe(1);
    expect(files).toBe(1);
    const linked = join(dir, 'index/fr_abc.pf_index.br');
    expect(statSync(linked).ino).toBe(statSync(join(before, 'index/fr_abc.pf_index.br')).ino);
    expect(statSync(join(dir, 'wasm.fr.pagefind.br')).ino).not.toBe(
      statSync(join(before, 'wasm.fr.pagefind.br')).ino,
    );
    expect(brotliDecompressSync(readFileSync(join(dir, 'wasm.fr.pagefind.br'))).toString()).toBe(
      `pagefind_dcd${repetitive(3001)}`,
    );
  });
});
