import type { FastifyBaseLogger } from 'fastify';
import type { AlertInput } from '../../contract/index.ts';
import type { Env } from '../../env.ts';
import { ALERT_PAGES } from '../../shared/alerts.ts';
import { filterPredicate } from '../../shared/catalogue-filter.ts';
import { isOnTheMarket } from '../../shared/market.ts';
import type { Rates } from '../../shared/money.ts';
import { amenityMask } from '../../shared/trust.ts';
import type { AlertsRepository, NewListing, Subscriber } from '../repositories/alerts.ts';
import { alertLinks, confirmationMail, digestMail, type AlertLinks } from './alert-mails.ts';
import type { Mailer } from './mailer.ts';

/** At most this many listings in one digest: the mail stays light; the catalogue link shows the rest. */
const DIGEST_MAX = 12;
/** Subscribers read per query by the digest. */
const SUBSCRIBER_BATCH = 2000;

export interface AlertsOptions {
  repo: AlertsRepository;
  mailer: Mailer;
  rates: () => Promise<Rates>;
  agency: () => Promise<{ name: string }>;
  env: Env;
  log: FastifyBaseLogger;
}

export { siteOrigin } from './alert-mails.ts';

/** What the digest needs besides its window: the options and where links point. */
type DigestContext = AlertsOptions & { links: AlertLinks };

/** One subscriber's digest: claims the listings, sends, and gives the claim back if the send failed. */
async function mailOne(
  { repo, mailer, links }: DigestContext,
  { s, matching, until }: { s: Subscriber; matching: MarketListing[]; until: Date },
  agencyName: string,
  r: Rates,
): Promise<boolean> {
  const claimed = new Set(
    await repo.claim(
      s.id,
      matching.map((l) => l.id),
    ),
  );
  const listings = matching.filter((l) => claimed.has(l.id));
  if (listings.length === 0) return false;
  const unsubscribe = links.page(ALERT_PAGES.unsubscribe, s.lang, await repo.unsubscribeToken(s.id));
  const sent = await mailer.send(digestMail(links, { s, listings, unsubscribe }, agencyName, r));
  if (sent) await repo.sent(s.id, until);
  else await repo.release(s.id, [...claimed]);
  return sent;
}

/** A new listing with the amenity mask the catalogue's predicate reads. */
type MarketListing = NewListing & { amenityMask: ReturnType<typeof amenityMask> };

/** The listings on the market created in the oldest subscriber's window up to `until`, or none. */
async function newListings(repo: AlertsRepository, until: Date): Promise<MarketListing[]> {
  // The oldest window's start comes from the database and subscribers come in batches: the digest's
  // memory and arguments stay the same however many subscriptions there are (a spread of 130,000 values
  // into Math.min overflowed the stack).
  const since = await repo.windowStart();
  if (!since) return [];
  return (
    (await repo.listingsCreated(since, until))
      .filter((l) => isOnTheMarket(l.status))
      // The catalogue predicate reads the index's amenity mask.
      .map((l) => ({ ...l, amenityMask: amenityMask(l.amenities) }))
  );
}

/** The digests of listings created up to `until` (the start of the publish that put them online). */
async function digest(context: DigestContext, until: Date): Promise<{ mailed: number; failed: number }> {
  const { repo, rates, agency, log } = context;
  const listings = await newListings(repo, until);
  let [mailed, failed] = [0, 0];
  if (listings.length === 0) return { mailed, failed };
  const [r, { name }] = await Promise.all([rates(), agency()]);
  for (let after = 0; ;) {
    const subscribers = await repo.subscribers(after, SUBSCRIBER_BATCH);
    if (subscribers.length === 0) break;
    after = subscribers.at(-1)!.id;
    for (const s of subscribers) {
      const passes = filterPredicate(s.filters, r);
      const matching = listings.filter((l) => l.createdAt > s.since && passes(l)).slice(0, DIGEST_MAX);
      if (matching.length === 0) continue;
      // One subscriber's trouble (a refused address) does not stop the others' mails.
      try {
        if (await mailOne(context, { s, matching, until }, name, r)) mailed++;
        else failed++;
      } catch (error) {
        failed++;
        log.error({ err: error, alert: s.id }, 'alert digest failed for one subscriber');
      }
    }
  }
  log.info({ mailed, failed }, 'alert digests sent');
  return { mailed, failed };
}

/**
 * Alerts without an account (decision 0028): the confirmation mail of a sign-up, and after each publish one
 * digest per confirmed subscriber whose filters match listings new since its last mail. The matching is the
 * catalogue's own predicate (src/shared/catalogue-filter.ts).
 */
export function createAlerts(options: AlertsOptions) {
  const { repo, mailer, agency, log } = options;
  const context: DigestContext = { ...options, links: alertLinks(options.env) };
  let running: Promise<unknown> = Promise.resolve();
  const confirmations = new Set<Promise<void>>();
  return {
    /** Saves a sign-up; its confirmation mail goes in the background (the answer does not wait for SMTP). */
    async subscribe(input: AlertInput): Promise<void> {
      const tokens = await repo.subscribe(input);
      if (!tokens) return;
      const job = (async () => {
        const { name } = await agency();
        await mailer.send(confirmationMail(context.links, input, tokens, name));
      })()
        .catch((error: unknown) => log.error({ err: error }, 'alert confirmation mail failed'))
        .finally(() => confirmations.delete(job));
      confirmations.add(job);
    },

    /** After a publish: digests run one at a time, in order (never two over the same subscribers at once). */
    digest(until: Date): Promise<{ mailed: number; failed: number }> {
      const next = running.then(() => digest(context, until));
      running = next.catch((error: unknown) => log.error({ err: error }, 'alert digests failed'));
      return next;
    },

    /** Resolves once the confirmations and digests started so far are over (tests, shutdown). */
    async idle(): Promise<void> {
      await Promise.all([running, ...confirmations]);
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
