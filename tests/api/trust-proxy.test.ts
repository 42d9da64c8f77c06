import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/env.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { expectError, messageInput } from '../helpers/fixtures.ts';
import { ADDRESS_MAX_FAILURES } from '../../src/server/services/login-throttle.ts';

// TRUST_PROXY lists the reverse proxies whose X-Forwarded-For is believed. A client that is not one of them
// cannot choose its address with the header: per-address limits (login, forms) stay on its real address.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
});
afterAll(() => t.close());

let n = 0;
/** A different made-up visitor address each call. */
const forged = () => `203.0.113.${++n % 250}`;

const message = (remoteAddress: string, xff: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/messages',
    remoteAddress,
    headers: { 'x-forwarded-for': xff },
    payload: messageInput(),
  });
const login = (remoteAddress: string, xff: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': xff },
    payload: { email, password: 'not the password' },
  });

describe('TRUST_PROXY as a list of proxies', () => {
  it('ignores X-Forwarded-For from an untrusted peer: the form limit counts its own address', async () => {
    const peer = '198.51.100.7';
    for (let i = 0; i < 10; i++) expect((await message(peer, forged())).statusCode).toBe(201);
    expectError(await message(peer, forged()), 429);
  });

  it('ignores X-Forwarded-For from an untrusted peer: the login limit counts its own address', async () => {
    const peer = '198.51.100.8';
    // Each try names another account: only the per-address limit can stop them, and it counts the peer.
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      expectError(await login(peer, forged(), `nobody${i}@ndako.test`), 401);
    }
    expectError(await login(peer, forged(), 'nobody-else@ndako.test'), 429);
  });

  it('believes a trusted proxy: each forwarded visitor has its own limit', async () => {
    for (let i = 0; i < 12; i++) expect((await message('127.0.0.1', forged())).statusCode).toBe(201);
    // A proxy inside 10.0.0.0/8 is trusted too.
    for (let i = 0; i < 12; i++) expect((await message('10.1.2.3', forged())).statusCode).toBe(201);
  });

  it('takes the address the trusted proxy saw, not what the client prepended to the header', async () => {
    const visitor = '192.0.2.44';
    // The client wrote its own X-Forwarded-For; the proxy appended the address it saw connecting.
    for (let i = 0; i < 10; i++) {
      expect((await message('127.0.0.1', `${forged()}, ${visitor}`)).statusCode).toBe(201);
    }
    expectError(await message('127.0.0.1', `${forged()}, ${visitor}`), 429);
  });
});

// An IPv6 host holds a whole /64 and can rotate through it. The login throttle counted each
// address apart; the route limits already keyed a /64 (the plugin's default, now written out), pinned here.
describe('per-address limits on IPv6', () => {
  const inPrefix = (prefix: string) => `${prefix}:${(++n).toString(16)}:${(n * 7).toString(16)}:1:2`;

  it('count a /64 as one address for the forms', async () => {
    const prefix = '2001:db8:36:6';
    for (let i = 0; i < 10; i++) {
      const res = await message(inPrefix(prefix), '');
      expect(res.statusCode, res.body).toBe(201);
    }
    expectError(await message(inPrefix(prefix), ''), 429);
    // The next /64 is another client.
    expect((await message(inPrefix('2001:db8:36:7'), '')).statusCode).toBe(201);
  });

  it('count a /64 as one address for login failures', async () => {
    const prefix = '2001:db8:36:8';
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      expectError(await login(inPrefix(prefix), '', `rotating${i}@ndako.test`), 401);
    }
    expectError(await login(inPrefix(prefix), '', 'rotating-last@ndako.test'), 429);
  });
});

describe('TRUST_PROXY setting', () => {
  const trust = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts no one when unset, empty or false', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
  });

  it('reads addresses, CIDR ranges, netmasks and proxy-addr range names', () => {
    expect(trust('127.0.0.1,10.0.0.0/8, ::1, fd00::/8,192.168.0.0/255.255.0.0,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      '192.168.0.0/255.255.0.0',
      'loopback',
    ]);
  });

  it('refuses true (every hop trusted) with a message saying what to write instead', () => {
    expect(() => trust('true')).toThrow(/TRUST_PROXY=127\.0\.0\.1/);
    expect(() => trust('1')).toThrow(/list the addresses of your reverse proxies/);
  });

  it('refuses what is not an address', () => {
    expect(() => trust('127.0.0.1,proxy.local')).toThrow(/not understood: proxy\.local/);
    expect(() => trust('10.0.0.0/33')).toThrow(/not understood/);
    expect(() => trust('10.0.0.0/255.0.255.0')).toThrow(/not understood/);
  });

  // A range that wide trusts the Internet's hosts as proxies, as TRUST_PROXY=true would.
  it.each([
    '0.0.0.0/0',
    '::/0',
    '0.0.0.0/1,128.0.0.0/1',
    '2000::/3',
    '10.0.0.0/7',
    '0.0.0.0/0.0.0.0',
    '::ffff:0.0.0.0/96',
    '::ffff:0:0/100',
  ])('refuses a range as wide as %s', (value) => {
    expect(() => trust(`127.0.0.1,${value}`)).toThrow(/must be \/8 or narrower/);
  });

  it('accepts ranges of /8 and narrower, in either notation and family', () => {
    expect(trust('10.0.0.0/8,fd00::/8,::ffff:10.0.0.0/104,172.16.0.0/255.240.0.0')).toHaveLength(4);
  });
});
