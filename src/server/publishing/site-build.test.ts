import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rendererEnv,
  reportOf,
  siteRenderer,
  summaryOf,
  usefulTail,
  type BuildReport,
} from './site-build.ts';

// The server's side of the site renderer, with small scripts standing in for the renderer
// (src/build/render/renderer-process.ts): they answer its messages as it does.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ndako-renderer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A stand-in renderer: `body` runs for each request (`request`, `reply(message)` in scope). */
async function standIn(name: string, body: string): Promise<string> {
  const script = join(dir, `${name}.mjs`);
  await writeFile(
    script,
    `const reply = (m) => process.send(m);
     process.on('message', async (request) => { ${body} });`,
  );
  return script;
}

const job = (signal = new AbortController().signal) => {
  const reports: BuildReport[] = [];
  return {
    reports,
    job: {
      outDir: '/tmp/out',
      previousDir: '/tmp/live',
      signal,
      report: (r: BuildReport) => reports.push(r),
    },
  };
};

describe('siteRenderer', () => {
  it('reports the pages rendered out of those to render, and answers what the build did', async () => {
    const script = await standIn(
      'counts',
      `const { id } = request;
       reply({ type: 'progress', id, progress: { step: 'Génération des pages', done: 0, total: 4 } });
       reply({ type: 'progress', id, progress: { step: 'Génération des pages', done: 3, total: 4 } });
       reply({ type: 'built', id, outcome: { kind: 'applied', dir: request.live, rendered: 4, pages: 30120,
         written: 5, removed: 0, searchBehind: false } });`,
    );
    const renderer = siteRenderer({ env: {}, script });
    const { reports, job: j } = job();
    const result = await renderer.build(j);
    await renderer.close();
    expect(reports).toEqual([
      { step: 'Génération des pages : 0 sur 4', progress: 0 },
      { step: 'Génération des pages : 3 sur 4', progress: 75 },
    ]);
    expect(result).toMatchObject({ kind: 'applied', dir: '/tmp/live' });
    expect(result!.summary).toBe('4 pages rendues sur 30 120, mises en place dans le site en ligne');
    expect(result!.search).toBeUndefined();
  });

  it('keeps one process for the next builds, and starts a new one when the code changed', async () => {
    // The first process says its code changed and stops; the next one answers with its process id.
    const script = await standIn(
      'restart',
      `const { id } = request;
       const fs = await import('node:fs');
       if (!fs.existsSync(process.env.ONCE)) {
         fs.writeFileSync(process.env.ONCE, '');
         reply({ type: 'restart', id, reason: 'code' });
         process.exit(75);
       }
       reply({ type: 'built', id, outcome: { kind: 'new', dir: String(process.pid), rendered: 1, pages: 1,
         written: 1, removed: 0, searchBehind: false } });`,
    );
    const renderer = siteRenderer({ env: { ONCE: join(dir, 'once') }, script });
    const first = await renderer.build(job().job);
    const second = await renderer.build(job().job);
    await renderer.close();
    // The first answer came from the renderer started again after its predecessor stopped.
    expect(first!.dir).toBe(second!.dir);
  });

  it('rejects with a French message and the useful end of the error', async () => {
    const script = await standIn(
      'fails',
      `reply({ type: 'failed', id: request.id, error: 'The API answered 500 to http://127.0.0.1/api/properties\\n    at get (file:///x/api.mjs:517:9)' });`,
    );
    const renderer = siteRenderer({ env: {}, script });
    const error = await renderer.build(job().job).catch((e: Error) => e);
    await renderer.close();
    expect((error as Error).message).toBe(
      'La construction du site a échoué.\nThe API answered 500 to http://127.0.0.1/api/properties',
    );
  });

  it('says so when the renderer dies, with what it printed', async () => {
    const script = await standIn('dies', `console.error('out of memory'); process.exit(3);`);
    const renderer = siteRenderer({ env: {}, script });
    await expect(renderer.build(job().job)).rejects.toThrow(/s’est arrêté \(code 3\)\.\nout of memory/);
  });

  it('renders for production, without a test suite’s scrypt cost, whatever this process runs as', async () => {
    const before = process.env.SCRYPT_LOG2_N;
    process.env.SCRYPT_LOG2_N = '10';
    try {
      const script = await standIn(
        'env',
        `const got = [process.env.NODE_ENV, process.env.SCRYPT_LOG2_N, process.env.API_URL].join();
         if (got !== 'production,,http://127.0.0.1:1') reply({ type: 'failed', id: request.id, error: got });
         else reply({ type: 'built', id: request.id, outcome: { kind: 'new', dir: 'x', rendered: 0, pages: 0,
           written: 0, removed: 0, searchBehind: false } });`,
      );
      expect(process.env.NODE_ENV).toBe('test');
      const renderer = siteRenderer({ env: rendererEnv('http://127.0.0.1:1', 'data'), script });
      await renderer.build(job().job);
      await renderer.close();
    } finally {
      if (before === undefined) delete process.env.SCRYPT_LOG2_N;
      else process.env.SCRYPT_LOG2_N = before;
    }
  });

  it('kills the renderer when a build is aborted', async () => {
    const script = await standIn('hangs', `/* never answers */`);
    const renderer = siteRenderer({ env: {}, script });
    const abort = new AbortController();
    const building = renderer.build(job(abort.signal).job);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    abort.abort();
    await expect(building).rejects.toThrow(/interrompue/);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('asks the renderer to drop a search a new publish makes useless, and keeps the renderer', async () => {
    const script = await standIn(
      'search',
      `const { id } = request;
       if (request.type === 'build') reply({ type: 'built', id, outcome: { kind: 'applied', dir: 'live',
         rendered: 1, pages: 9, written: 1, removed: 0, searchBehind: true, pid: process.pid } });
       if (request.type === 'cancel') reply({ type: 'failed', id: request.id, error: 'cancelled in ' + process.pid });`,
    );
    const renderer = siteRenderer({ env: {}, script });
    const result = await renderer.build(job().job);
    const abort = new AbortController();
    const searching = result!.search!(abort.signal, () => {});
    abort.abort();
    await expect(searching).rejects.toThrow(/interrompue/);
    // The same process answers the next build.
    expect(await renderer.build(job().job)).toMatchObject({ kind: 'applied' });
    await renderer.close();
  });
});

describe('reportOf', () => {
  it('says a step alone when nothing is counted, and never 100 % before the end', () => {
    expect(reportOf({ step: 'Index de la recherche' })).toEqual({
      step: 'Index de la recherche',
      progress: null,
    });
    expect(reportOf({ step: 'Génération des pages', done: 30120, total: 30120 }).progress).toBe(99);
  });
});

describe('summaryOf', () => {
  it('tells a whole build from one put in place', () => {
    const o = { rendered: 1, pages: 2, written: 1, removed: 0, searchBehind: false, dir: 'x', seconds: {} };
    expect(summaryOf({ ...o, kind: 'new' })).toBe('1 page rendue sur 2, site complet');
  });
});

describe('usefulTail', () => {
  it('drops colours, blank lines, locations and stack frames, and keeps the last lines', () => {
    const out =
      '\u001b[31merror\u001b[39m one\n  Location:\n    /x/route-cache.js:32:17\n\n    at x (y:1:2)\ntwo\nthree';
    expect(usefulTail(out, 2)).toBe('two\nthree');
    expect(usefulTail(out)).toBe('error one\ntwo\nthree');
  });
});
