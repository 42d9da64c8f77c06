import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBareApp } from '../helpers/app.ts';
import { expectError, messageInput } from '../helpers/fixtures.ts';

// A failed query is logged with its SQLSTATE and the database's message, never with its parameters (what
// visitors wrote, password hashes).

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
let t: Awaited<ReturnType<typeof buildBareApp>>;
beforeAll(async () => {
  t = await buildBareApp({}, { level: 'error', stream });
});
afterAll(() => t.close());

describe('logs of database errors', () => {
  it('leave out the query parameters of a failed insert', async () => {
    const secret = 'Mon code de porte est 4512, appelez-moi';
    // The table gone, the insert of a visitor's message fails in the database.
    await t.database.db.execute(sql`DROP TABLE messages CASCADE`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: '192.0.2.10',
      payload: messageInput({ content: secret }),
    });
    expectError(res, 500);
    const logged = lines.filter((line) => line.includes('unhandled error'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain('4512');
    expect(logged[0]).not.toContain('mireille@example.cd');
    const entry = JSON.parse(logged[0]!) as { err: { type: string; sqlstate: string; cause: string } };
    expect(entry.err).toMatchObject({ type: 'DatabaseError', sqlstate: '42P01' });
    expect(entry.err.cause).toMatch(/messages/);
  });

  it('keep the message of other errors', async () => {
    t.app.log.error({ err: new Error('the disk is on fire') }, 'other');
    expect(lines.at(-1)).toContain('the disk is on fire');
  });
});
