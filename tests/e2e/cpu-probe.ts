import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Browser, TestInfo } from '@playwright/test';

// Where the end-to-end suite's CPU goes, test by test: with E2E_CPU_LOG set to a file, each test appends one
// JSON line with its wall seconds and the CPU seconds it cost, per kind of Chromium process (renderer,
// browser, GPU, network service…) and for Playwright's worker. CI is bound by the machine's two cores, so a
// test's cost is its CPU, not its wall time (decision 0038). `node scripts/e2e-cpu.ts` runs the suite so and sums the log.
// Unset, nothing is measured.

interface ProcessInfo {
  id: number;
  type: string;
  cpuTime: number;
}

/** The browser's processes' CPU, read every half second: a renderer may end before the test does. */
async function watch(browser: Browser) {
  const cdp = await browser.newBrowserCDPSession();
  const first = new Map<number, number>();
  const last = new Map<number, ProcessInfo>();
  let started = false;
  const read = async () => {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] };
    for (const p of processInfo) {
      // Processes already there count from now; those born during the test, from their start.
      if (!first.has(p.id)) first.set(p.id, started ? 0 : p.cpuTime);
      last.set(p.id, p);
    }
  };
  await read();
  started = true;
  const timer = setInterval(() => void read().catch(() => {}), 500);
  return async () => {
    clearInterval(timer);
    await read().catch(() => {});
    await cdp.detach().catch(() => {});
    const byType: Record<string, number> = {};
    for (const p of last.values())
      byType[p.type] = (byType[p.type] ?? 0) + p.cpuTime - (first.get(p.id) ?? 0);
    return byType;
  };
}

/** The auto fixture's body: measures the test it wraps when E2E_CPU_LOG names a file. */
export async function cpuProbe(browser: Browser, use: () => Promise<void>, info: TestInfo) {
  const log = process.env.E2E_CPU_LOG;
  if (!log) return use();
  const stop = await watch(browser);
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  await use();
  const byType = await stop();
  const worker = process.cpuUsage(cpu0);
  const round = (n: number) => Math.round(n * 100) / 100;
  const line = {
    project: info.project.name,
    file: basename(info.file),
    title: info.title,
    wall: round((Date.now() - t0) / 1000),
    playwright: round((worker.user + worker.system) / 1e6),
    ...Object.fromEntries(Object.entries(byType).map(([type, s]) => [type, round(s)])),
  };
  appendFileSync(log, `${JSON.stringify(line)}\n`);
}
