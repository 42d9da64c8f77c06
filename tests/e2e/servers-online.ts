import type { FullConfig } from '@playwright/test';
import type { E2EServer } from './server.ts';

// Playwright starts its web servers one after another, each once the previous one answers its `url`: the
// two servers here (about 15 s each to seed and build) would start in turn. They are given no `url`, so
// Playwright starts them at once and goes on; this global setup, which runs next, waits for each site to
// be online, and says which server failed to start rather than letting every test fail.

/** A server listens within seconds (before it builds): none answering by then did not start. */
const LISTEN_MS = 60_000;
/** Then its first build, during which it answers 503 "en préparation": seconds here, minutes at most. */
const ONLINE_MS = 300_000;

/** The servers' output (their log, on stdout) is shown only when asked, as Playwright does for its servers. */
const SEE_OUTPUT = 'DEBUG=pw:webserver shows its output (a port in use, an error while seeding or building).';

type Answer = number | 'refused' | 'slow';

async function ask(url: string): Promise<Answer> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    return res.status;
  } catch (error) {
    // A server busy building may take long to answer; anything else (refused, reset, not HTTP) is no answer.
    return (error as Error).name === 'TimeoutError' ? 'slow' : 'refused';
  }
}

/** Resolves once `/` answers 200; throws once the server is known not to start or to have stopped. */
async function waitOnline({ port }: E2EServer): Promise<void> {
  const url = `http://127.0.0.1:${port}/`;
  const started = Date.now();
  let listened = false;
  for (;;) {
    const answer = await ask(url);
    if (answer === 200) return;
    const waited = Date.now() - started;
    if (answer !== 'refused') listened = true;
    else if (listened) throw new Error(`The e2e server at ${url} stopped during its start. ${SEE_OUTPUT}`);
    else if (waited > LISTEN_MS)
      throw new Error(`No e2e server answered at ${url} in ${LISTEN_MS / 1000} s. ${SEE_OUTPUT}`);
    if (waited > ONLINE_MS)
      throw new Error(`The e2e site at ${url} was not online after ${ONLINE_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export default async function serversOnline(config: FullConfig): Promise<void> {
  await Promise.all((config.metadata.servers as E2EServer[]).map(waitOnline));
}
