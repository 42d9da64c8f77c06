import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { kinshasaDay } from '../../shared/kinshasa-time.ts';

/**
 * The part of an address that stands for one subscriber: an IPv4 address whole (an IPv4-mapped IPv6 one
 * too), the first 64 bits of an IPv6 one, since a phone or a home network gets a /64 and picks addresses in it.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export interface VisitorIdentity {
  /** The Kinshasa day the identity holds for. */
  day: string;
  /** Keyed hash of address (/64) and browser: one visitor for the day. */
  visitor: string;
  /** Keyed hash of the address (/64) alone: how many browsers one address brings is capped. */
  address: string;
}

/**
 * A visitor's identity for the day, derived on the server from what every request carries (no cookie, no
 * storage in the browser): HMAC-SHA-256 under the day's secret, shared by the API instances through the
 * database and deleted when the day is over, so that nothing stored can be traced back to an address or
 * linked from one day to the next (decision 0048).
 */
export function visitorIdentities(daySalt: (day: string) => Promise<string>) {
  let salt = { day: '', value: '' };
  return async (ip: string, agent: string, now = new Date()): Promise<VisitorIdentity> => {
    const day = kinshasaDay(now);
    if (salt.day !== day) salt = { day, value: await daySalt(day) };
    const hash = (text: string) => createHmac('sha256', salt.value).update(text).digest('hex').slice(0, 32);
    const address = addressKey(ip);
    return { day, visitor: hash(`${address}|${agent}`), address: hash(`address|${address}`) };
  };
}
export type VisitorIdentities = ReturnType<typeof visitorIdentities>;
