import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { DEFAULT_FILTERS } from '../../shared/catalogue-filter.ts';
import type { AlertsRepository, NewListing, Subscriber } from '../repositories/alerts.ts';
import { createAlerts } from './alerts.ts';
import type { VisitorMail } from './mailer.ts';

const quiet = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;
const DAY = 86_400_000;

/**
 * The digest over more subscriptions than a spread into Math.min takes (about 125,000 on Node 24): the
 * subscriptions live in an array standing for the table, read the way the repository reads it (id order,
 * after an id, a limit), so what is checked is the service's batching, not the SQL (tests/api/alerts.test.ts).
 */
describe('the alert digest with 200,000 confirmed subscriptions', () => {
  it('reads them in batches, takes the oldest window from the repository, and mails the one that matches', async () => {
    const until = new Date('2026-11-28T12:00:00Z');
    const since = new Date(until.getTime() - DAY);
    const subscribers: Subscriber[] = Array.from({ length: 200_000 }, (_, i) => ({
      id: i + 1,
      email: `many${i}@example.cd`,
      lang: 'fr',
      filters: { ...DEFAULT_FILTERS, state: i === 199_999 ? 'Gombe' : 'Limete' },
      since: new Date(since.getTime() + i),
    }));
    const listing: NewListing = {
      id: 7,
      title: 'Studio',
      address: 'Avenue',
      type: 'rent',
      category: 'apartment',
      state: 'Gombe',
      price: 500,
      currency: 'USD',
      area: 40,
      amenities: [],
      status: 'available',
      createdAt: new Date(until.getTime() - 1000),
      picture: null,
    };
    let largestBatch = 0;
    let listingsSince: Date | null = null;
    const repo: Partial<AlertsRepository> = {
      windowStart: () => Promise.resolve(since),
      // Without arguments, the whole table (what a digest reading them all at once would get).
      subscribers: (after = 0, limit = subscribers.length) => {
        largestBatch = Math.max(largestBatch, limit);
        const from = subscribers.findIndex((s) => s.id > after);
        return Promise.resolve(from < 0 ? [] : subscribers.slice(from, from + limit));
      },
      listingsCreated: (from) => {
        listingsSince = from;
        return Promise.resolve([listing]);
      },
      claim: (_, ids) => Promise.resolve(ids),
      release: () => Promise.resolve(),
      unsubscribeToken: () => Promise.resolve('t'.repeat(43)),
      sent: () => Promise.resolve(),
    };
    const mails: VisitorMail[] = [];
    const alerts = createAlerts({
      repo: repo as AlertsRepository,
      mailer: {
        notify() {},
        send: (mail) => Promise.resolve(Boolean(mails.push(mail))),
        idle: () => Promise.resolve(),
        close() {},
      },
      rates: () => Promise.resolve({ cdfPerUsd: 2800, usdPerEur: 1.1, setAt: null }),
      agency: () => Promise.resolve({ name: 'Ndako' }),
      env: parseEnv({ NODE_ENV: 'test' }),
      log: quiet,
    });
    expect(await alerts.digest(until)).toEqual({ mailed: 1, failed: 0 });
    expect(mails.map((m) => m.to)).toEqual(['many199999@example.cd']);
    expect(listingsSince).toEqual(since);
    expect(largestBatch).toBeLessThanOrEqual(5000);
  });
});
