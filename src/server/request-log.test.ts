import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QuietRequestLog } from './request-log.ts';

/** The messages an app logs for one good request, one unknown route and one failure, at `level`. */
async function messagesAt(level: string): Promise<string[]> {
  const lines: string[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(line) } },
    logController: new QuietRequestLog(),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('kaput');
  });
  await app.ready();
  await app.inject('/ok');
  await app.inject('/missing');
  await app.inject('/boom');
  await app.close();
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('QuietRequestLog', () => {
  it('logs requests only at debug, and failures at every level down to error', async () => {
    const info = await messagesAt('info');
    expect(info).not.toContain('incoming request');
    expect(info).not.toContain('request completed');
    expect(info.some((m) => m.includes('not found'))).toBe(false);
    expect(info).toContain('kaput');
    expect(await messagesAt('error')).toContain('kaput');

    const debug = await messagesAt('debug');
    expect(debug.filter((m) => m === 'incoming request')).toHaveLength(3);
    expect(debug).toContain('request completed');
    expect(debug).toContain('Route GET:/missing not found');
  });
});
