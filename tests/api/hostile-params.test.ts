import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Page, Property } from '../../src/contract/index.ts';
import type { TestApp } from '../helpers/app.ts';
import { createProperty, expectError, nextIp } from '../helpers/fixtures.ts';
import { hostileString, NASTY_STRINGS, percentEncode } from '../helpers/hostile.ts';
import { buildWorldApp, methodOf, pathOf, validRequest, type Route, type World } from '../helpers/routes.ts';
import { snapshot } from '../helpers/snapshot.ts';

// Generated path parameters and query strings for every call of the route table: as admin and without a
// token, never a 5xx; a bad id is a French 4xx that changes nothing, a query is answered 200 exactly when
// its contract takes it (else a French 400), and a search for LIKE's metacharacters finds them literally.

const ID_RUNS = 60;
const QUERY_RUNS = 60;

let t: TestApp;
let w: World;
let routes: Route[];
beforeAll(async () => {
  ({ t, w, routes } = await buildWorldApp());
});
afterAll(() => t.close());

/** Path segments as they would be typed in a URL (already encoded where they need to be). */
const RAW_IDS = [
  '',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e309',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '..',
  '.',
  '%2e%2e',
  '..%2f..%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%2f',
  '1%2f2',
  '%00',
  '1%00',
  '%ff',
  '%',
  '%zz',
  '%20',
  '%C2%B2',
  '%D9%A1',
  '%EF%BC%91',
  '0b1',
  '0o7',
  "'%20OR%201=1%20--",
  '1;DROP%20TABLE%20properties',
  '%3Cscript%3E',
  '__proto__',
  'constructor',
  '*',
  '{id}',
  'ABCDEF0123456789ABCDEF0123456789',
  'a'.repeat(201),
  '9'.repeat(400),
];

const idSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_IDS),
  hostileString.filter((s) => s.length < 300).map(percentEncode),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
  fc.double().map(String),
);

/** The existing records an id could still name once decoded ("1", " 1", "0x1", "1e0"…). */
function namesARecord(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return false;
  }
  const ids = [w.property.id, w.member.id, w.message.id, w.visit.id, w.agent.id];
  return decoded === w.media.id || ids.includes(Number(decoded));
}

describe('generated path parameters', () => {
  it('never name a record, are refused with a French 4xx and change nothing, for every call with an {id}', async () => {
    const withId = routes.filter((r) => r.target);
    expect(withId.length).toBeGreaterThanOrEqual(13);
    const before = await snapshot(t);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withId),
        idSegment.filter((s) => !namesARecord(s)),
        async (route, id) => {
          for (const authorization of [t.auth.authorization, undefined]) {
            const request = validRequest(route, w, id);
            const res = await t.app.inject({ ...request, headers: authorization ? { authorization } : {} });
            expectError(
              res,
              undefined,
              `${route.call} ${authorization ? 'as admin' : 'without token'}: ${request.url}`,
            );
          }
        },
      ),
      { numRuns: ID_RUNS * withId.length },
    );
    expect(await snapshot(t)).toEqual(before);
  });
});

/** The query string's object as Fastify's parser gives it: repeated keys become arrays. */
function parseQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(query)) {
    const seen = out[key];
    const next = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    Object.defineProperty(out, key, { value: next, enumerable: true, configurable: true, writable: true });
  }
  return out;
}

const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '100',
    '101',
    '100000',
    '100001',
    '0',
    '-1',
    '-0',
    '1.5',
    '1e3',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    ' 1',
    '99999999999999999999',
    '',
    'true',
    'TRUE',
    'sold',
    'SOLD',
    'sold ',
    'rent',
    'Gombe',
    'gombe',
    'newest',
    'views',
    'Agent Senior',
    '%',
    '_',
    '\\',
    "'",
    "%_\\'",
    '%%',
    "' OR '1'='1",
    'a'.repeat(100),
    'a'.repeat(101),
    'é'.repeat(5000),
  ),
  fc.constantFrom(...NASTY_STRINGS),
  hostileString.filter((s) => s.length < 200),
);

function queryOf(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
  const key = fc.constantFrom(...known, '__proto__', 'constructor', 'toString', 'q[]', 'page[a]', 'a.b', '');
  return fc
    .array(fc.tuple(key, queryValue), { minLength: 1, maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'));
}

/** The GET calls with a query that answer something else than a page of a list. */
const UNPAGED = ['GET /api/dashboard/leads', 'GET /api/requests/export.csv'];

describe('generated query strings', () => {
  it('are answered 200 exactly when the contract takes them, else a French 400, on every GET call', async () => {
    const reads = routes.filter((r) => methodOf(r) === 'GET' && !r.target);
    const before = await snapshot(t);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads).chain((route) => fc.tuple(fc.constant(route), queryOf(route.query))),
        async ([route, query]) => {
          const url = `${pathOf(route)}?${query}`;
          const res = await t.app.inject({ url, headers: t.auth, remoteAddress: nextIp() });
          const valid = (route.query ?? z.object({})).safeParse(parseQuery(query)).success;
          if (!valid) {
            expectError(res, 400, url);
            return;
          }
          expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(200);
          if (route.query && !UNPAGED.includes(route.call)) {
            const page = res.json<Page<unknown>>();
            expect(Array.isArray(page.data) && page.data.length <= page.limit, url).toBe(true);
          }
          const anonymous = await t.app.inject({ url, remoteAddress: nextIp() });
          if (route.access === 'public') expect(anonymous.statusCode, url).toBe(200);
          else expectError(anonymous, 401, url);
        },
      ),
      { numRuns: QUERY_RUNS * reads.length },
    );
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('searching for LIKE metacharacters', () => {
  const TITLES = [
    '100% neuf',
    'a_b',
    'c\\d',
    "l'étage",
    'a%b_c\\d',
    'ab',
    'AB',
    '50%_off',
    '\\%',
    "O'Neil_%",
  ];
  let listings: Property[];
  beforeAll(async () => {
    listings = [w.property];
    for (const title of TITLES) listings.push(await createProperty(t, { title, address: 'Av. Test' }));
  });

  it('finds exactly the listings whose title, address or commune contain the text, case aside', async () => {
    const alphabet = fc.constantFrom('a', 'B', 'b', '%', '_', '\\', "'", ' ', '0', 'e');
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: alphabet, minLength: 1, maxLength: 4 }), async (q) => {
        const res = await t.app.inject({ url: '/api/properties', query: { q, limit: '100' } });
        expect(res.statusCode, res.body).toBe(200);
        const needle = q.trim().toLowerCase();
        const expected = listings
          .filter((p) => [p.title, p.address, p.state].some((f) => f.toLowerCase().includes(needle)))
          .map((p) => p.id)
          .sort((a, b) => a - b);
        const found = res
          .json<Page<Property>>()
          .data.map((p) => p.id)
          .sort((a, b) => a - b);
        expect(found, JSON.stringify(q)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
