import { describe, expect, it } from 'vitest';
import type { SiteManifest } from '../../contract/site-manifest.ts';
import { astroBuildEnv, expectedPages, processBuilder, usefulTail, type BuildReport } from './site-build.ts';

// The build runner with a small script standing in for `astro build`, printing the lines astro prints.

const script = (body: string) =>
  processBuilder({
    command: process.execPath,
    args: ['-e', body],
    env: (outDir) => ({ OUT: outDir }),
    expected: async () => 4,
  });

const run = (body: string, signal = new AbortController().signal) => {
  const reports: BuildReport[] = [];
  const done = script(body)({ outDir: '/tmp/out', signal, report: (r) => reports.push(r) });
  return { reports, done };
};

describe('processBuilder', () => {
  it('counts the pages astro reports writing against the expected number', async () => {
    const { reports, done } = run(`
      console.log(' generating static routes ');
      console.log('10:00:01   ├─ /data/listings.json (+6ms) ');
      console.log('10:00:01   ├─ /404.html (+8ms) ');
      console.log('10:00:01   ├─ /en/about/index.html (+3ms) ');
      console.log('10:00:01   └─ /property/7/index.html (+1ms) ');
      console.log('10:00:02 [build] 3 page(s) built in 2.12s');
      if (process.env.OUT !== '/tmp/out') process.exit(3);
    `);
    await done;
    expect(reports[0]).toEqual({ step: 'Compilation des scripts et des styles', progress: 0 });
    expect(reports.map((r) => r.progress)).toEqual([0, 0, 25, 50, 75]);
    expect(reports.at(-1)!.step).toBe('Génération des pages : 3 sur 4');
  });

  it('rejects with a French message and the useful end of stderr', async () => {
    const { done } = run(`
      console.error('The API answered 500 to http://127.0.0.1/api/properties');
      console.error('  Stack trace:');
      console.error('    at get (file:///x/api.mjs:517:9)');
      process.exit(1);
    `);
    const error = await done.catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'La construction du site a échoué (code 1).\nThe API answered 500 to http://127.0.0.1/api/properties',
    );
  });

  it('builds the site for production, without a test suite’s scrypt cost, whatever this process runs as', async () => {
    // This process runs as Vitest sets it (NODE_ENV=test); an API suite would also lower scrypt's cost.
    const before = process.env.SCRYPT_LOG2_N;
    process.env.SCRYPT_LOG2_N = '10';
    try {
      // The stand-in build fails, saying what it got, unless it runs as production without the setting.
      const build = processBuilder({
        command: process.execPath,
        args: [
          '-e',
          `const got = [process.env.NODE_ENV, process.env.SCRYPT_LOG2_N, process.env.BUILD_OUT_DIR];
           if (got.join() !== 'production,,/tmp/out') { console.error(JSON.stringify(got)); process.exit(3); }`,
        ],
        env: astroBuildEnv('http://127.0.0.1:1', 'data'),
        expected: async () => null,
      });
      expect(process.env.NODE_ENV).toBe('test');
      await build({ outDir: '/tmp/out', signal: new AbortController().signal, report: () => {} });
    } finally {
      if (before === undefined) delete process.env.SCRYPT_LOG2_N;
      else process.env.SCRYPT_LOG2_N = before;
    }
  });

  it('kills the build process when aborted', async () => {
    const abort = new AbortController();
    const { done } = run(`console.log(process.pid); setInterval(() => {}, 1000);`, abort.signal);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    abort.abort();
    await expect(done).rejects.toThrow(/interrompue/);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('expectedPages', () => {
  it('is every page of a language and every listing, in each language of the live build', () => {
    const manifest = { fixedPages: 11, languages: [{}, {}, {}] } as SiteManifest;
    expect(expectedPages(manifest, 12)).toBe(69);
    expect(expectedPages(manifest, 0)).toBe(33);
  });

  it('is unknown before the first build', () => expect(expectedPages(null, 12)).toBeNull());
});

describe('usefulTail', () => {
  it('drops colours, blank lines, locations and stack frames, and keeps the last lines', () => {
    const out =
      '\u001b[31merror\u001b[39m one\n  Location:\n    /x/route-cache.js:32:17\n\n    at x (y:1:2)\ntwo\nthree';
    expect(usefulTail(out, 2)).toBe('two\nthree');
    expect(usefulTail(out)).toBe('error one\ntwo\nthree');
  });
});
