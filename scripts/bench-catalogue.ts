// Measures the catalogue at scale: builds a demo of SEED_PROPERTIES listings (default 10,000), then, in
// Chromium with the CPU slowed 4× (a low-end phone), times filter changes from input to results on screen.
// Usage: node scripts/bench-catalogue.ts [listings]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Page {
  goto(url: string): Promise<unknown>;
  waitForFunction(fn: string): Promise<unknown>;
  evaluate<T>(fn: string): Promise<T>;
  context(): {
    newCDPSession(page: Page): Promise<{ send(method: string, params: object): Promise<unknown> }>;
  };
}
const { chromium } = createRequire(import.meta.url)('playwright-core') as {
  chromium: { launch(o: object): Promise<{ newPage(o: object): Promise<Page>; close(): Promise<void> }> };
};

const listings = Number(process.argv[2] ?? 10_000);
const port = 4480;
const dataDir = mkdtempSync(join(tmpdir(), 'ndako-bench-'));
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const server = spawn(process.execPath, ['scripts/start.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_DIR: join(dataDir, 'site'),
    SEED_PROPERTIES: String(listings),
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench password',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (;;) {
    const res = await fetch(`${base}/properties/`).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const ready = (performance.now() - started) / 1000;
  const index = readFileSync(join(dataDir, 'site', 'data', 'listings.json'));
  const rows = (JSON.parse(index.toString()) as { rows: unknown[] }).rows.length;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${base}/properties`);
  await page.waitForFunction(
    `document.querySelectorAll('astro-island[ssr]').length === 0 && /\\d/.test(document.querySelector('.catalogue .count')?.textContent ?? '') && !document.querySelector('.catalogue .count').textContent.includes('…')`,
  );
  const changes: [string, string][] = [
    ['Type', 'rent'],
    ['Catégorie', 'house'],
    ['Commune', 'Gombe'],
    ['Commune', ''],
    ['Catégorie', ''],
    ['Type', 'sale'],
    ['Type', ''],
  ];
  const times: number[] = [];
  for (const [label, value] of changes) {
    // From the change event to the frame that shows the new count (results rendered).
    const ms = await page.evaluate<number>(`new Promise((done) => {
      const select = [...document.querySelectorAll('.catalogue label')].find((l) => l.textContent.startsWith(${JSON.stringify(label)})).querySelector('select');
      const count = document.querySelector('.catalogue .count');
      const before = count.textContent;
      const t0 = performance.now();
      const observer = new MutationObserver(() => {
        if (count.textContent !== before) { observer.disconnect(); requestAnimationFrame(() => done(performance.now() - t0)); }
      });
      observer.observe(count, { childList: true, characterData: true, subtree: true });
      select.value = ${JSON.stringify(value)};
      select.dispatchEvent(new Event('change', { bubbles: true }));
      setTimeout(() => { observer.disconnect(); done(performance.now() - t0); }, 5000);
    })`);
    times.push(ms);
  }
  await browser.close();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`\nCatalogue benchmark — ${rows} listings in the index (${listings} seeded)`);
  console.log(`  seed + start + site build:       ${ready.toFixed(1)} s`);
  console.log(
    `  listings.json:                   ${(index.length / 1024).toFixed(0)} KB raw, ${(gzipSync(index).length / 1024).toFixed(0)} KB gzip, ${(gzipSync(index).length / rows).toFixed(0)} B/listing gzip`,
  );
  console.log(
    `  filter change → results, 4× CPU: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target ≤ 100 ms)`,
  );
  console.log(`  each: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}
