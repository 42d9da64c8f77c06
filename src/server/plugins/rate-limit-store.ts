import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedStateRepository } from '../repositories/shared-state.ts';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface RouteParams {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Windows older than this are forgotten (the longest limit's window is 15 minutes). */
const FORGET_AFTER_MS = 3_600_000;
/** At most one clean-up of old windows per this long, per instance. */
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * A @fastify/rate-limit store over the database, so every API instance on one DATABASE_URL counts the
 * same requests: a visitor cannot get N times the limit by landing on N instances behind the balancer.
 * Each route gets its own keys (as the plugin's own stores do). A database that cannot answer lets the
 * request through and logs it: a limit must not take the forms down with it.
 */
export function databaseRateLimitStore(state: SharedStateRepository, log: FastifyBaseLogger) {
  let lastPurge = 0;
  const purge = () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    state
      .purgeHits(new Date(Date.now() - FORGET_AFTER_MS))
      .catch((error: unknown) => log.warn({ err: error }, 'Rate-limit windows could not be purged'));
  };

  return class DatabaseStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(params: object = {}, prefix = '') {
      const groupId = (params as RouteParams).groupId;
      this.prefix = prefix || (groupId ? `${groupId}|` : '');
    }

    incr(key: string, answer: Answer, timeWindow: number) {
      purge();
      state.hit(`${this.prefix}${key}`, timeWindow).then(
        (result) => answer(null, result),
        (error: unknown) => {
          log.error({ err: error }, 'Rate limit not counted: the database did not answer');
          answer(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    read(key: string, answer: Answer, timeWindow: number) {
      state.peek(`${this.prefix}${key}`, timeWindow).then(
        (result) => answer(null, result),
        (error: unknown) => answer(error as Error),
      );
    }

    // The plugin's types name route options, but what it passes is the route's merged limit settings
    // (groupId, routeInfo: the route's method and url), as its own stores read them.
    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      const params = options as unknown as RouteParams;
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      const route = params.groupId ?? `${method} ${params.routeInfo?.url ?? ''}`;
      return new DatabaseStore(params, `${route}|`);
    }
  };
}
