import type { FastifyBaseLogger } from 'fastify';
import type { AlertInput } from '../../contract/index.ts';
import type { Env } from '../../env.ts';
import { formatPrice, localizePath, pluralText, translator, type Lang } from '../../i18n/index.ts';
import {
  ALERT_CONFIRM_HOURS,
  ALERT_PAGES,
  ALERT_PENDING_DAYS,
  describeFilters,
} from '../../shared/alerts.ts';
import { filterPredicate } from '../../shared/catalogue-filter.ts';
import { isOnTheMarket } from '../../shared/market.ts';
import { approxPriceWith, type Rates } from '../../shared/money.ts';
import { amenityMask } from '../../shared/trust.ts';
import type { AlertsRepository, NewListing, Subscriber } from '../repositories/alerts.ts';
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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the site's pages are (PUBLIC_URL; this server when unset, as the build says too). */
export function siteOrigin(env: Env): string {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
}

/** Where /media/… is served: the API's origin when the site is elsewhere (decision 0019), else the site's. */
function mediaOrigin(env: Env): string {
  return /^https?:\/\//.test(env.PUBLIC_API_BASE) ? new URL(env.PUBLIC_API_BASE).origin : siteOrigin(env);
}

/**
 * Alerts without an account (decision 0028): the confirmation mail of a sign-up, and after each publish one
 * digest per confirmed subscriber whose filters match listings new since its last mail. The matching is the
 * catalogue's own predicate (src/shared/catalogue-filter.ts).
 */
export function createAlerts({ repo, mailer, rates, agency, env, log }: AlertsOptions) {
  const site = siteOrigin(env);
  const media = mediaOrigin(env);
  const page = (path: string, lang: Lang, token?: string) =>
    `${site}${localizePath(path, lang)}${token ? `?token=${token}` : ''}`;
  const unsubscribeHeaders = (link: string) => ({ 'List-Unsubscribe': `<${link}>` });

  async function confirmationMail(input: AlertInput, tokens: { confirm: string; unsubscribe: string }) {
    const t = translator(input.lang, { agency: (await agency()).name });
    const unsubscribe = page(ALERT_PAGES.unsubscribe, input.lang, tokens.unsubscribe);
    const text = t('alerts.mail.confirm.text', {
      // The visitor's search text stays out: it would let anyone send their words from the agency's address.
      filters: describeFilters(input.filters, t, { quoteText: false }),
      hours: ALERT_CONFIRM_HOURS,
      days: ALERT_PENDING_DAYS,
      link: page(ALERT_PAGES.confirm, input.lang, tokens.confirm),
    });
    await mailer.send({
      to: input.email,
      subject: t('alerts.mail.confirm.subject'),
      text: `${text}\n\n${t('alerts.mail.unsubscribe')} : ${unsubscribe}\n`,
      headers: unsubscribeHeaders(unsubscribe),
    });
  }

  function digestMail(
    s: Subscriber,
    listings: NewListing[],
    agencyName: string,
    r: Rates,
    unsubscribe: string,
  ) {
    const t = translator(s.lang, { agency: agencyName });
    const filters = describeFilters(s.filters, t);
    const items = listings.map((l) => {
      const price = `${formatPrice(l.price, l.currency, l.type, s.lang)} (${approxPriceWith(t, l.price, l.currency, l.type, r)})`;
      return { ...l, price, link: page(`/property/${l.id}`, s.lang) };
    });
    const text = [
      t('alerts.mail.digest.intro', { filters }),
      '',
      ...items.flatMap((l) => [
        `${l.title} — ${l.state}`,
        l.price,
        `${t('alerts.mail.digest.view')} : ${l.link}`,
        '',
      ]),
      t('alerts.mail.footer'),
      `${t('alerts.mail.unsubscribe')} : ${unsubscribe}`,
    ].join('\n');
    const html = `<!doctype html><html lang="${s.lang}"><body style="font-family:Arial,sans-serif;color:#222;max-width:600px">
<p>${escapeHtml(t('alerts.mail.digest.intro', { filters }))}</p>
${items
  .map(
    (l) => `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;width:100%"><tr>
<td style="width:132px;vertical-align:top">${
      l.picture
        ? `<a href="${escapeHtml(l.link)}"><img src="${escapeHtml(l.picture.startsWith('/') ? media + l.picture : l.picture)}" width="120" alt="" style="display:block;width:120px;height:auto;border-radius:6px"></a>`
        : ''
    }</td>
<td style="vertical-align:top"><a href="${escapeHtml(l.link)}" style="color:#0b5d3b;font-weight:bold">${escapeHtml(l.title)}</a><br>
${escapeHtml(l.state)}<br><strong>${escapeHtml(l.price)}</strong><br>
<a href="${escapeHtml(l.link)}">${escapeHtml(t('alerts.mail.digest.view'))}</a></td></tr></table>`,
  )
  .join('\n')}
<p style="font-size:12px;color:#666">${escapeHtml(t('alerts.mail.footer'))}<br>
<a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('alerts.mail.unsubscribe'))}</a></p></body></html>`;
    return {
      to: s.email,
      subject: pluralText(t, s.lang, 'alerts.mail.digest.subject', listings.length),
      text,
      html,
      headers: unsubscribeHeaders(unsubscribe),
    };
  }

  /** One subscriber's digest: claims the listings, sends, and gives the claim back if the send failed. */
  async function mailOne(s: Subscriber, matching: NewListing[], until: Date, agencyName: string, r: Rates) {
    const claimed = new Set(
      await repo.claim(
        s.id,
        matching.map((l) => l.id),
      ),
    );
    const listings = matching.filter((l) => claimed.has(l.id));
    if (listings.length === 0) return false;
    const unsubscribe = page(ALERT_PAGES.unsubscribe, s.lang, await repo.unsubscribeToken(s.id));
    const sent = await mailer.send(digestMail(s, listings, agencyName, r, unsubscribe));
    if (sent) await repo.sent(s.id, until);
    else await repo.release(s.id, [...claimed]);
    return sent;
  }

  /** The digests of listings created up to `until` (the start of the publish that put them online). */
  async function digest(until: Date): Promise<{ mailed: number; failed: number }> {
    // The oldest window's start comes from the database and subscribers come in batches: the digest's
    // memory and arguments stay the same however many subscriptions there are (a spread of 130,000 values
    // into Math.min overflowed the stack).
    const since = await repo.windowStart();
    if (!since) return { mailed: 0, failed: 0 };
    const listings = (await repo.listingsCreated(since, until))
      .filter((l) => isOnTheMarket(l.status))
      // The catalogue predicate reads the index's amenity mask.
      .map((l) => ({ ...l, amenityMask: amenityMask(l.amenities) }));
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
          if (await mailOne(s, matching, until, name, r)) mailed++;
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

  let running: Promise<unknown> = Promise.resolve();
  const confirmations = new Set<Promise<void>>();
  return {
    /** Saves a sign-up; its confirmation mail goes in the background (the answer does not wait for SMTP). */
    async subscribe(input: AlertInput): Promise<void> {
      const tokens = await repo.subscribe(input);
      if (!tokens) return;
      const job = confirmationMail(input, tokens)
        .catch((error: unknown) => log.error({ err: error }, 'alert confirmation mail failed'))
        .finally(() => confirmations.delete(job));
      confirmations.add(job);
    },

    /** After a publish: digests run one at a time, in order (never two over the same subscribers at once). */
    digest(until: Date): Promise<{ mailed: number; failed: number }> {
      const next = running.then(() => digest(until));
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
