import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { afterAll, expect, it } from 'vitest';
import { inlineScriptHashes } from './csp-hashes.ts';
import { leanSearchablePage } from './lean-html.ts';
import { endPagePass, pageFacts, pagePass, placeCopies } from './page-pass.ts';
import { pagePassPort } from './page-pass-port.ts';

const root = mkdtempSync(join(tmpdir(), 'ndako-page-pass-'));
const out = join(root, 'site');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (n: number) =>
  `<!doctype html><html lang="fr"><head><title>Villa ${n}</title><script>console.log(${n})</script></head>` +
  `<body><main data-pagefind-body><h1>Villa ${n} à Ngaliema</h1>${'<p>Piscine, forage, groupe électrogène. </p>'.repeat(60)}</main></body></html>`;

/** Runs one of the integration's hooks as Astro would. */
const hook = (integration: AstroIntegration, name: string, args: object) =>
  (integration.hooks as Record<string, (a: object) => unknown>)[name]!(args);

it('hands the build’s last steps what the worker worked out for the bytes a file holds, and nothing for others', async () => {
  const pass = pagePass();
  const logger = { warn: () => {}, info: () => {} };
  await hook(pass, 'astro:config:done', { config: { outDir: pathToFileURL(`${out}/`) } });
  await hook(pass, 'astro:build:start', { logger });
  const port = pagePassPort();
  expect(port).toBeDefined();

  // Astro renders and writes; the middleware hands each page over. Page 2 and its twin have the same bytes.
  const files = {
    one: join(out, 'property/1/index.html'),
    two: join(out, 'property/2/index.html'),
    twin: join(out, 'en/property/2/index.html'),
    changed: join(out, 'property/3/index.html'),
    small: join(out, 'robots.txt'),
  };
  for (const [path, file, body] of [
    ['/property/1/', files.one, page(1)],
    ['/property/2/', files.two, page(2)],
    ['/en/property/2/', files.twin, page(2)],
    ['/property/3/', files.changed, page(3)],
    ['/robots.txt', files.small, 'User-agent: *'],
  ] as const) {
    port!.page({ path, html: path.endsWith('/'), body: Buffer.from(body) });
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, body);
  }
  // A file whose bytes are not what was rendered (an integration rewrote it): no facts, no copies.
  writeFileSync(files.changed, `${page(3)}<!-- changed -->`);

  for (const n of [1, 2] as const) {
    const facts = await pageFacts(n === 1 ? files.one : files.two);
    expect(facts).toEqual({ scripts: inlineScriptHashes(page(n)), lean: leanSearchablePage(page(n)) });
    expect(facts?.lean).toContain(`Villa ${n} à Ngaliema`);
  }
  expect(await pageFacts(files.changed)).toBeUndefined();
  expect(pagePassPort()).toBeUndefined();

  expect(await Promise.all([files.one, files.two, files.twin].map(placeCopies))).toEqual([true, true, true]);
  expect(await placeCopies(files.changed)).toBe(false);
  // Too small to compress: the worker saw it and wrote no copy.
  expect(await placeCopies(files.small)).toBe(true);
  expect(existsSync(`${files.small}.br`)).toBe(false);
  for (const file of [files.one, files.two, files.twin]) {
    const body = readFileSync(file);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body)).toBe(true);
  }

  await endPagePass();
  expect(existsSync(`${out}.pages`)).toBe(false);
});

it('makes the rendering wait while the worker is far behind, and loses no page', async () => {
  const pass = pagePass();
  await hook(pass, 'astro:config:done', { config: { outDir: pathToFileURL(`${out}-2/`) } });
  await hook(pass, 'astro:build:start', { logger: { warn: () => {}, info: () => {} } });
  const port = pagePassPort()!;
  const files = Array.from({ length: 150 }, (_, n) => join(`${out}-2`, `property/${n}/index.html`));
  const handed = files.map((file, n) => {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, page(n));
    return port.page({ path: `/property/${n}/`, html: true, body: Buffer.from(page(n)) });
  });
  // Handed over without waiting for the worker: past the first pages, each hand-over makes the page wait.
  expect(handed.slice(0, 10).every((h) => h === undefined)).toBe(true);
  expect(handed.filter((h) => h instanceof Promise).length).toBeGreaterThan(50);
  await Promise.all(handed);
  for (const [n, file] of files.entries()) expect((await pageFacts(file))?.lean).toContain(`Villa ${n} à`);
  await endPagePass();
});
