import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBareApp } from '../helpers/app.ts';

// A client that sends its request a few bytes a second keeps its socket busy, never idle: without a request
// time limit it could hold a connection (and a slot of the server) for as long as it likes.

let app: Awaited<ReturnType<typeof buildBareApp>>;
let port: number;
beforeAll(async () => {
  app = await buildBareApp({ REQUEST_TIMEOUT_SECONDS: '2', CONNECTION_TIMEOUT_SECONDS: '2' });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** Opens a socket, sends `head`, then one byte every 200 ms; resolves when the server closes it. */
function trickle(head: string, drip = 'x'): Promise<{ afterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let dripper: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(dripper);
      socket.destroy();
      reject(new Error('the server kept the trickling connection open for 10 s'));
    }, 10_000);
    socket.on('connect', () => {
      socket.write(head);
      dripper = setInterval(() => socket.writable && socket.write(drip), 200);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(dripper);
      clearTimeout(giveUp);
      resolve({ afterMs: Date.now() - started, answer });
    });
  });
}

describe('request and connection time limits', () => {
  it('cuts a request whose body trickles in', async () => {
    const { afterMs, answer } = await trickle(
      'POST /api/messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"senderName":"',
    );
    expect(afterMs).toBeGreaterThanOrEqual(1900);
    expect(afterMs).toBeLessThan(6000);
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a request whose headers trickle in', async () => {
    const { afterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 'a');
    expect(afterMs).toBeLessThan(6000);
  });

  // Seen once to hang 30 s in a full CI run (Node's idle-socket timer not firing while the machine was loaded
  // by a second suite); a retry with a 10 s limit keeps the check without letting that stall fail CI.
  it('closes a connection that sends nothing', { retry: 2, timeout: 10_000 }, async () => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.on('close', resolve));
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('answers a normal request', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
