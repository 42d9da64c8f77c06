// HAProxy from Debian's package (`apt-get install haproxy`) in front of several Ndako instances on this
// machine, round-robin: what tests/deploy/instances.test.ts and the bench's `instances` measure run through.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hasEnded } from './child-process.ts';

/** The haproxy binary (Debian puts it in /usr/sbin, not always on a user's PATH), or null when missing. */
export function haproxyPath(): string | null {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

export interface Balancer {
  /** http://127.0.0.1:port */
  base: string;
  /** SIGTERM, resolved once HAProxy is gone (its configuration folder deleted). */
  stop(): Promise<void>;
}

/**
 * Starts HAProxy on 127.0.0.1:`port`, balancing HTTP requests round-robin over `servers` (each request on
 * its own, even on a kept-alive connection). It adds X-Forwarded-For (the instances trust 127.0.0.1 as
 * their proxy) and names the instance that answered in `x-served-by`, so a test can see requests alternate.
 */
export async function startHaproxy(o: {
  port: number;
  servers: { name: string; port: number }[];
}): Promise<Balancer> {
  const binary = haproxyPath();
  if (!binary) throw new Error('haproxy is not installed: apt-get install -y haproxy');
  const dir = await mkdtemp(join(tmpdir(), 'ndako-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  await writeFile(
    config,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 120s',
      '  timeout server 120s',
      '  option forwardfor',
      'frontend ndako',
      `  bind 127.0.0.1:${o.port}`,
      '  default_backend api',
      'backend api',
      '  balance roundrobin',
      '  http-response set-header x-served-by %[srv_name]',
      ...o.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`),
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (!hasEnded(child)) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  // Listening once a TCP connection to its port succeeds.
  for (let i = 0; ; i++) {
    if (hasEnded(child)) {
      await stop();
      throw new Error(`haproxy exited at start:\n${output}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(o.port, '127.0.0.1', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (i > 100) {
      await stop();
      throw new Error(`haproxy did not listen on ${o.port}:\n${output}`);
    }
    await sleep(100);
  }
  return { base: `http://127.0.0.1:${o.port}`, stop };
}
