import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * How many leading bits of an IPv6 address name one client. An IPv6 host is given a whole /64 and can
 * rotate through its 2^64 addresses freely: counting full addresses would give it a fresh limit with each
 * address it picks.
 */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * The key under which per-address limits count a client: its IPv4 address (an IPv4-mapped IPv6 one counts
 * as the IPv4 address), or its IPv6 /64. The rate-limit plugin's own normaliser, so that the login
 * throttle and the route limits (`ipv6Subnet` in app.ts) count one client alike.
 */
export const addressKey = (ip: string): string => normalizeIP(ip, IPV6_CLIENT_PREFIX);

/**
 * The key under which a staff route's limit counts a caller (its `keyGenerator`): the account, known since
 * the route's authentication runs before the limit, so that the agents behind one office address do not
 * share a count; the address only should a route be limited before it authenticates.
 */
export const accountKey = (req: FastifyRequest): string =>
  req.account ? `account ${req.account.id}` : addressKey(req.ip);
