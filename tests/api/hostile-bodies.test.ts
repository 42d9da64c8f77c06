import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { TestApp } from '../helpers/app.ts';
import { ADDRESS_MAX_FAILURES } from '../../src/server/services/login-throttle.ts';
import { expectError, nextIp } from '../helpers/fixtures.ts';
import {
  brokenJson,
  keysOf,
  mutatedBody,
  NOT_JSON_TYPES,
  parsesAsJson,
  pollutingBody,
  toJson,
  wrongShapeBody,
} from '../helpers/hostile.ts';
import { buildWorldApp, methodOf, ROUTES, urlOf, type Route, type World } from '../helpers/routes.ts';
import { snapshot } from '../helpers/snapshot.ts';

// Every call with a JSON body gets generated bodies that its contract refuses: wrong types, missing fields,
// huge strings, control characters, lone surrogates, prototype keys, deep nesting, 1e309, broken JSON, other
// content types. As admin (so that validation is what answers) and without a token, each one is a 4xx with
// a French message, never a 5xx, and the whole batch changes nothing in the database or on disk.

const RUNS = 200;
const BODYLESS_RUNS = 25;

let t: TestApp;
let w: World;
beforeAll(async () => {
  ({ t, w } = await buildWorldApp());
});
afterAll(() => t.close());

interface Case {
  payload: string | Buffer;
  contentType: string;
}

const JSON_TYPE = 'application/json';
const BODY_LIMIT = 1_048_576;

// Characters no stored text may hold, whatever the contract says: controls (tabs and new lines aside), and
// lone surrogates (PostgreSQL refuses them or turns them into U+FFFD).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udfff]/u;

/**
 * True when the server must refuse the request: not JSON, too large, refused by the call's contract, or a
 * field that would be stored (anything but a password) holding, once trimmed as every text field is, a
 * character no text may hold. The last rule does not trust the contract, so that loosening it shows up here.
 */
function mustBeRefused(schema: z.ZodType, keys: string[], c: Case): boolean {
  if (c.contentType !== JSON_TYPE || Buffer.byteLength(c.payload) > BODY_LIMIT) return true;
  const parsed = parsesAsJson(c.payload);
  if (!parsed.ok) return true;
  const body = parsed.value;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const stored = keys.filter((k) => !/password/i.test(k)).map((k) => (body as Record<string, unknown>)[k]);
    const texts = stored.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => typeof v === 'string');
    if (texts.some((text) => UNSTORABLE.test(text.trim()))) return true;
  }
  return !schema.safeParse(body).success;
}

function hostileCase(schema: z.ZodType, sample: Record<string, unknown>): fc.Arbitrary<Case> {
  const sampleText = JSON.stringify(sample);
  const json = (value: unknown): Case => ({ payload: toJson(value), contentType: JSON_TYPE });
  const form = new URLSearchParams(Object.entries(sample).map(([k, v]) => [k, String(v)])).toString();
  return fc.oneof(
    { weight: 8, arbitrary: mutatedBody(schema, sample).map(json) },
    { weight: 2, arbitrary: wrongShapeBody(sample).map(json) },
    { weight: 1, arbitrary: pollutingBody(sample).map(json) },
    {
      weight: 2,
      arbitrary: brokenJson(sampleText).map((payload): Case => ({ payload, contentType: JSON_TYPE })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...NOT_JSON_TYPES), fc.constantFrom(sampleText, form, ''))
        .map(([contentType, payload]): Case => ({ payload, contentType })),
    },
  );
}

const send = (route: Route, c: Case, authorization?: string) =>
  t.app.inject({
    method: methodOf(route),
    url: urlOf(route, w),
    remoteAddress: route.call === 'POST /api/auth/login' ? LOGIN_ADDRESS : nextIp(),
    headers: { 'content-type': c.contentType, ...(authorization ? { authorization } : {}) },
    payload: c.payload,
  });
const describeCase = (route: Route, c: Case, authorization?: string) =>
  `${route.call} ${authorization ? 'as admin' : 'without token'} ${c.contentType} ${JSON.stringify(String(c.payload).slice(0, 300))}`;

/** Sends `c` to the call as admin and without a token: refused both times. */
async function expectRefused(route: Route, c: Case) {
  for (const authorization of [t.auth.authorization, undefined]) {
    const res = await send(route, c, authorization);
    expectError(
      res,
      authorization || route.access === 'public' ? undefined : 401,
      describeCase(route, c, authorization),
    );
  }
}

/** Where the generated logins come from: locked out beforehand (see lockOut). */
const LOGIN_ADDRESS = '10.250.0.1';

/**
 * A spraying address is stopped after ADDRESS_MAX_FAILURES failures in 15 minutes: the generated logins the
 * contract takes, all from that address, are then answered 429 at once instead of each costing a scrypt
 * verification (and a new session when right).
 */
async function lockOut() {
  for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
    await t.app.repos.accounts.recordFailure(`spray${i}@ndako.test`, LOGIN_ADDRESS);
  }
}

const bodied = ROUTES.filter((r) => r.body);
const bodyless = ROUTES.filter((r) => !r.body && !r.multipart && !r.call.startsWith('GET'));

describe('generated hostile bodies', () => {
  it.for(bodied.map((r) => r.call))('%s refuses them all and changes nothing', async (call) => {
    const route = bodied.find((r) => r.call === call)!;
    const [schema, example] = route.body!;
    const sample = example(w);
    expect(schema.safeParse(sample).success, 'the example is valid').toBe(true);
    const keys = keysOf(schema, sample);
    if (call === 'POST /api/auth/login') await lockOut();
    // The few generated bodies the contract takes may be stored; each one moves the baseline, after checking
    // that the refused requests before it changed nothing.
    let baseline = await snapshot(t);
    await fc.assert(
      fc.asyncProperty(hostileCase(schema, sample), async (c) => {
        try {
          if (mustBeRefused(schema, keys, c)) return await expectRefused(route, c);
          expect(await snapshot(t)).toEqual(baseline);
          const res = await send(route, c, t.auth.authorization);
          expect(res.statusCode, describeCase(route, c, t.auth.authorization)).toBeLessThan(500);
          if (res.statusCode >= 400)
            expectError(res, undefined, describeCase(route, c, t.auth.authorization));
        } catch (error) {
          // Shrinking replays cases one by one: each starts from what the failing one left.
          baseline = await snapshot(t);
          throw error;
        }
        baseline = await snapshot(t);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot(t)).toEqual(baseline);
  });

  it.for(bodyless.map((r) => r.call))(
    '%s refuses broken JSON and other content types, on an existing record, and changes nothing',
    async (call) => {
      const route = bodyless.find((r) => r.call === call)!;
      const cases = fc.oneof(
        brokenJson('{"a":1}').map((payload): Case => ({ payload, contentType: JSON_TYPE })),
        fc
          .constantFrom(...NOT_JSON_TYPES.filter((type) => !type.startsWith('multipart/')))
          .map((contentType): Case => ({ payload: '{"a":1}', contentType })),
      );
      const before = await snapshot(t);
      await fc.assert(
        fc.asyncProperty(
          cases.filter((c) => !parsesAsJson(c.payload).ok || c.contentType !== JSON_TYPE),
          (c) => expectRefused(route, c),
        ),
        { numRuns: BODYLESS_RUNS },
      );
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('left Object.prototype alone', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).filter((k) => /polluted|isAdmin/.test(k))).toEqual(
      [],
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
