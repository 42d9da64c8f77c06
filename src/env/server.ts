// The HTTP server's settings (address, proxies, timeouts): one group of the configuration src/env.ts reads.
import { isIP } from 'node:net';
import { z } from 'zod';

/** A yes/no variable. */
export const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges (Fastify's trustProxy understands them). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an IP address, an address/prefix (CIDR), an address/netmask, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', mask, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(mask) === 4;
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
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY lists addresses or CIDR ranges (comma-separated); not understood: ${wrong.join(', ')}`,
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
