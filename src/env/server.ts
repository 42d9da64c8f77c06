// The HTTP server's settings (address, proxies, timeouts): one group of the configuration src/env.ts reads.
import { isIP } from 'node:net';
import { z } from 'zod';

/** A yes/no variable. */
export const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges (Fastify's trustProxy understands them). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The shortest prefix a trusted range may have: a /8 is already 16 million addresses (10.0.0.0/8, fd00::/8);
 * anything wider, up to 0.0.0.0/0 or ::/0, trusts the Internet's hosts as proxies, i.e. lets any client choose
 * its address with X-Forwarded-For, as TRUST_PROXY=true would.
 */
export const TRUST_PROXY_MIN_PREFIX = 8;

/** The prefix length of a dotted IPv4 netmask (255.255.0.0 → 16), or null when its bits are not contiguous. */
function netmaskPrefix(mask: string): number | null {
  const bits = mask
    .split('.')
    .map((part) => Number(part).toString(2).padStart(8, '0'))
    .join('');
  return /^1*0*$/.test(bits) ? bits.replace(/0+$/, '').length : null;
}

/**
 * How many leading bits of the client's address a trusted range fixes, counted in the family it matches:
 * an IPv4-mapped IPv6 range (::ffff:0.0.0.0/96) matches IPv4 clients too (proxy-addr maps them), so its
 * first 96 bits fix nothing.
 */
function effectivePrefix(address: string, prefix: number): number {
  return /^::ffff:/i.test(address) ? prefix - 96 : prefix;
}

/** Why one trusted proxy entry is refused, or null when it is an address, a narrow enough range or a name. */
function proxyEntryProblem(entry: string): 'unknown' | 'wide' | null {
  if (PROXY_RANGES.has(entry)) return null;
  const [address = '', mask, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return 'unknown';
  if (mask === undefined) return null;
  let prefix: number | null;
  if (/^\d{1,3}$/.test(mask) && Number(mask) <= (family === 4 ? 32 : 128)) prefix = Number(mask);
  else if (family === 4 && isIP(mask) === 4) prefix = netmaskPrefix(mask);
  else return 'unknown';
  if (prefix === null) return 'unknown';
  return effectivePrefix(address, prefix) < TRUST_PROXY_MIN_PREFIX ? 'wide' : null;
}

/**
 * The reverse proxies whose X-Forwarded-For is believed, as Fastify's `trustProxy` list: the client address
 * is the last one in the header that was not added by one of them. Empty or false trusts none (the socket's
 * address is the client's). `true` (trust every hop) is refused: any client could then choose its own
 * address with the header and walk past every per-address limit.
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (['', 'false', '0', 'no'].includes(value.toLowerCase())) return false as const;
    if (['true', '1', 'yes'].includes(value.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would let any client choose its address with X-Forwarded-For; list the ' +
          'addresses of your reverse proxies instead, e.g. TRUST_PROXY=127.0.0.1 (a proxy on this ' +
          'machine), TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8',
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => proxyEntryProblem(entry) === 'unknown');
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY lists addresses or CIDR ranges (comma-separated); not understood: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    const wide = entries.filter((entry) => proxyEntryProblem(entry) === 'wide');
    if (wide.length) {
      ctx.addIssue({
        code: 'custom',
        message:
          `TRUST_PROXY ranges must be /${TRUST_PROXY_MIN_PREFIX} or narrower (a wider one trusts hosts of the ` +
          `Internet, who could then choose their address with X-Forwarded-For): ${wide.join(', ')}; list your ` +
          'reverse proxies, e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=loopback',
      });
      return z.NEVER;
    }
    return entries;
  });

export const ServerVars = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** The public address of the site, used in links sent by e-mail and in visit-request checks. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxy.default(false),
  /** A request whose headers and body have not all arrived after this long is answered 408 and closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  /** A connection with no traffic either way for this long is closed. */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(75),
  /** How long an idle kept-alive connection waits for its next request. */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(65),
});
