import fc from 'fast-check';
import { z } from 'zod';

// Generators of hostile input for the hostile-*.test.ts suites: strings the database cannot hold, numbers
// JSON can say but JavaScript cannot, prototype keys, deep nesting, broken JSON, wrong content types.

/** JSON text that JSON.stringify cannot write (1e309, 40 digits, 5000 levels of nesting): spliced in by `toJson`. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** JSON text of `value`, with its RawJson tokens written as they are. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const nonce = Math.random().toString(36).slice(2);
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawJson)) return v;
    raws.push(v.text);
    return `@raw${nonce}:${raws.length - 1}@`;
  });
  return (text ?? 'null').replace(
    new RegExp(`"@raw${nonce}:(\\d+)@"`, 'g'),
    (_m, i: string) => raws[Number(i)]!,
  );
}

/** An object with `key` as an own property, even when the key is `__proto__`. */
export function withKey(target: object, key: string, value: unknown): Record<string, unknown> {
  const copy = Array.isArray(target) ? [...target] : { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy as Record<string, unknown>;
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
/** Any code point, lone surrogates and control characters included. */
const anyChar = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate, control);

export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  'a\u0000b',
  '\u0000',
  'x\ud800y',
  '\udfff',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u202etxt.exe',
  '\ufeff',
  "'",
  "' OR '1'='1",
  "'; DROP TABLE properties; --",
  '%',
  '_',
  '\\',
  "%_\\'",
  '\\%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '//evil.example/x',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  '[object Object]',
];

/** Strings built to hurt: injections, control characters, lone surrogates, huge ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: anyChar, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('A', 'é', '🏡', '\u0000', '%'), fc.integer({ min: 150, max: 20_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** Numbers and number-like tokens that are wrong somewhere: negative, fractional, huge, not finite. */
export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, -1e-9, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 1e13 + 1, 1e8 + 1, 1001),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: -1 }),
  fc
    .constantFrom('1e309', '-1e309', '1E400', '123456789012345678901234567890', '-0.0e-400', '2147483648')
    .map((s) => new RawJson(s)),
);

/** Keys an attacker adds: prototype pollution, and names of Object.prototype's members. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export const hostileKey: fc.Arbitrary<string> = fc.constantFrom(
  ...PROTOTYPE_KEYS,
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isAdmin',
  'role',
  'id',
  'createdAt',
  'viewCount',
  '',
  '\u0000',
  '$where',
);

/** Values of the wrong kind for any field: strings, numbers, booleans, null, arrays, objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constant({}),
    fc.constant([]),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value nested `depth` levels deep in objects or arrays (as text: JSON.stringify would overflow the stack). */
export const deepNest = (depth: number, arrays: boolean): RawJson =>
  new RawJson(
    arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** The keys a body may have: those of its schema and those of its example. */
export function keysOf(schema: z.ZodType, sample: Record<string, unknown>): string[] {
  const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
  return [...new Set([...shape, ...Object.keys(sample)])];
}

/**
 * A hostile value for a field that holds `example`: mostly of the same kind (a string the database cannot
 * hold for a string, a number out of range or a numeric string for a number), else of any kind.
 */
function nearMiss(example: unknown): fc.Arbitrary<unknown> {
  const numeric = fc.constantFrom('1500', '1e3', 'NaN', '-1', '0x10', '');
  if (typeof example === 'string') return fc.oneof({ weight: 3, arbitrary: hostileString }, hostileValue);
  if (typeof example === 'number')
    return fc.oneof({ weight: 2, arbitrary: hostileNumber }, numeric, hostileValue);
  return hostileValue;
}

type Mutation = (body: Record<string, unknown>) => Record<string, unknown>;

/** One change that breaks a body: a field set to a hostile value, removed, or an extra key. */
function mutation(keys: string[], sample: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    {
      weight: 5,
      arbitrary: key.chain((k) =>
        nearMiss(sample[k]).map(
          (v): Mutation =>
            (b) =>
              withKey(b, k, v),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: key.map((k): Mutation => (b) => {
        const copy = { ...b };
        delete copy[k];
        return copy;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(hostileKey, hostileValue).map(
        ([k, v]): Mutation =>
          (b) =>
            withKey(b, k, v),
      ),
    },
    {
      weight: 1,
      // A field's value wrapped in an array, or its array's items replaced.
      arbitrary: fc.tuple(key, hostileValue).map(
        ([k, v]): Mutation =>
          (b) =>
            withKey(b, k, Array.isArray(b[k]) ? [...(b[k] as unknown[]), v] : [b[k]]),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(key, fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(
        ([k, depth, arrays]): Mutation =>
          (b) =>
            withKey(b, k, deepNest(depth, arrays)),
      ),
    },
  );
}

/** A body like `sample` with one to three hostile changes. */
export function mutatedBody(schema: z.ZodType, sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc
    .array(mutation(keysOf(schema, sample), sample), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce((body, change) => change(body), sample));
}

/** Whole bodies of the wrong shape: a primitive, an array, the example inside an array, deep nesting. */
export function wrongShapeBody(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileValue,
    fc.constant([sample]),
    fc.constant(JSON.stringify(sample)),
    fc
      .integer({ min: 1000, max: 5000 })
      .chain((depth) => fc.boolean().map((arrays) => deepNest(depth, arrays))),
  );
}

/** The example with a prototype-polluting key, at the top or inside a nested object. */
export function pollutingBody(sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const payload = fc.constantFrom<unknown>(
    { polluted: 'yes' },
    { isAdmin: true, toString: 'x' },
    { prototype: { polluted: 'yes' } },
  );
  return fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), payload, fc.boolean()).map(([key, value, nested]) => {
    const evil = key === 'constructor' ? withKey({}, 'prototype', value) : value;
    return nested
      ? withKey(sample, 'media', [withKey({ type: 'image', url: '/media/a.webp' }, key, evil)])
      : withKey(sample, key, evil);
  });
}

/** JSON text that does not parse, or is empty. */
export function brokenJson(sampleText: string): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    fc.constantFrom<string | Buffer>(
      '',
      ' ',
      '{',
      '}',
      '{"a":',
      "{'title':'x'}",
      '{"title":"x",}',
      '{"price":NaN}',
      '{"price":Infinity}',
      '{"a":undefined}',
      '/* comment */{}',
      '{"a":1}{"b":2}',
      '[1,2',
      '"unterminated',
      '\u0000',
      'null null',
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      '['.repeat(100_000) + ']'.repeat(99_999),
    ),
    fc.integer({ min: 1, max: Math.max(1, sampleText.length - 1) }).map((n) => sampleText.slice(0, n)),
    hostileString.filter((s) => s.length > 0).map((s) => `${sampleText}${s}`),
  );
}

/** True when `text` is JSON that Fastify's parser takes (no prototype keys, no `constructor.prototype`). */
export function parsesAsJson(text: string | Buffer): { ok: true; value: unknown } | { ok: false } {
  let value: unknown;
  try {
    value = JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
  } catch {
    return { ok: false };
  }
  // Depth first without recursion: bodies may be nested thousands of levels deep.
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Object.hasOwn(v, '__proto__')) return { ok: false };
    const ctor = (v as Record<string, unknown>)['constructor'];
    if (
      Object.hasOwn(v, 'constructor') &&
      ctor !== null &&
      typeof ctor === 'object' &&
      Object.hasOwn(ctor, 'prototype')
    )
      return { ok: false };
    for (const child of Object.values(v)) stack.push(child);
  }
  return { ok: true, value };
}

/** Content types that are not JSON. */
export const NOT_JSON_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/xml',
  'text/html',
  'text/javascript',
  'application/javascript',
  'application/octet-stream',
  'application/vnd.api+json',
  'application/json-patch+json',
  'application/jsonx',
  'application/x-json',
  'text/json',
  'json',
  'application/',
  '*/*',
  ';',
  'image/png',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'multipart/mixed; boundary=x',
] as const;

/**
 * The string as a URL component: UTF-8 bytes outside A–Z a–z 0–9 - _ . ~ as %XX (a lone surrogate travels
 * as U+FFFD, as browsers send it).
 */
export const percentEncode = (s: string): string =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) && b < 0x80
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
