import type { AlertInput } from '../../contract/index.ts';
import type { Env } from '../../env.ts';
import { formatPrice, localizePath, pluralText, translator, type Lang } from '../../i18n/index.ts';
import {
  ALERT_CONFIRM_HOURS,
  ALERT_PAGES,
  ALERT_PENDING_DAYS,
  describeFilters,
} from '../../shared/alerts.ts';
import { approxPriceWith, type Rates } from '../../shared/money.ts';
import type { NewListing, Subscriber } from '../repositories/alerts.ts';
import type { VisitorMail } from './mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the site's pages are (PUBLIC_URL; this server when unset, as the build says too). */
export function siteOrigin(env: Env): string {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
}

/** Where /media/… is served: the API's origin when the site is elsewhere (decision 0019), else the site's. */
function mediaOrigin(env: Env): string {
  return /^https?:\/\//.test(env.PUBLIC_API_BASE) ? new URL(env.PUBLIC_API_BASE).origin : siteOrigin(env);
}

/** The addresses an alert's mails link to: the site's pages (with a token for the alert's own) and media. */
export function alertLinks(env: Env) {
  const site = siteOrigin(env);
  return {
    page: (path: string, lang: Lang, token?: string) =>
      `${site}${localizePath(path, lang)}${token ? `?token=${token}` : ''}`,
    media: mediaOrigin(env),
  };
}

export type AlertLinks = ReturnType<typeof alertLinks>;

const unsubscribeHeaders = (link: string) => ({ 'List-Unsubscribe': `<${link}>` });

/** The mail that asks a new subscriber to confirm. */
export function confirmationMail(
  links: AlertLinks,
  input: AlertInput,
  tokens: { confirm: string; unsubscribe: string },
  agencyName: string,
): VisitorMail {
  const t = translator(input.lang, { agency: agencyName });
  const unsubscribe = links.page(ALERT_PAGES.unsubscribe, input.lang, tokens.unsubscribe);
  const text = t('alerts.mail.confirm.text', {
    // The visitor's search text stays out: it would let anyone send their words from the agency's address.
    filters: describeFilters(input.filters, t, { quoteText: false }),
    hours: ALERT_CONFIRM_HOURS,
    days: ALERT_PENDING_DAYS,
    link: links.page(ALERT_PAGES.confirm, input.lang, tokens.confirm),
  });
  return {
    to: input.email,
    subject: t('alerts.mail.confirm.subject'),
    text: `${text}\n\n${t('alerts.mail.unsubscribe')} : ${unsubscribe}\n`,
    headers: unsubscribeHeaders(unsubscribe),
  };
}

type Translate = ReturnType<typeof translator>;
/** A listing as a digest shows it: its price in words and its page's address. */
type DigestItem = Omit<NewListing, 'price'> & { price: string; link: string };

/** One listing of a digest in HTML: a small table (mail clients ignore most CSS), its photo beside its lines. */
function digestItemHtml(t: Translate, l: DigestItem, media: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;width:100%"><tr>
<td style="width:132px;vertical-align:top">${
    l.picture
      ? `<a href="${escapeHtml(l.link)}"><img src="${escapeHtml(l.picture.startsWith('/') ? media + l.picture : l.picture)}" width="120" alt="" style="display:block;width:120px;height:auto;border-radius:6px"></a>`
      : ''
  }</td>
<td style="vertical-align:top"><a href="${escapeHtml(l.link)}" style="color:#0b5d3b;font-weight:bold">${escapeHtml(l.title)}</a><br>
${escapeHtml(l.state)}<br><strong>${escapeHtml(l.price)}</strong><br>
<a href="${escapeHtml(l.link)}">${escapeHtml(t('alerts.mail.digest.view'))}</a></td></tr></table>`;
}

/** A digest in HTML. */
function digestHtml(
  t: Translate,
  {
    lang,
    intro,
    items,
    media,
    unsubscribe,
  }: { lang: Lang; intro: string; items: DigestItem[]; media: string; unsubscribe: string },
): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#222;max-width:600px">
<p>${escapeHtml(intro)}</p>
${items.map((l) => digestItemHtml(t, l, media)).join('\n')}
<p style="font-size:12px;color:#666">${escapeHtml(t('alerts.mail.footer'))}<br>
<a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('alerts.mail.unsubscribe'))}</a></p></body></html>`;
}

/** One subscriber's digest of `listings`, in its language, with prices in its currency and in words. */
export function digestMail(
  links: AlertLinks,
  { s, listings, unsubscribe }: { s: Subscriber; listings: NewListing[]; unsubscribe: string },
  agencyName: string,
  r: Rates,
): VisitorMail {
  const t = translator(s.lang, { agency: agencyName });
  const filters = describeFilters(s.filters, t);
  const items = listings.map((l) => {
    const price = `${formatPrice(l.price, l.currency, l.type, s.lang)} (${approxPriceWith(t, l.price, l.currency, l.type, r)})`;
    return { ...l, price, link: links.page(`/property/${l.id}`, s.lang) };
  });
  const intro = t('alerts.mail.digest.intro', { filters });
  const text = [
    intro,
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
  return {
    to: s.email,
    subject: pluralText(t, s.lang, 'alerts.mail.digest.subject', listings.length),
    text,
    html: digestHtml(t, { lang: s.lang, intro, items, media: links.media, unsubscribe }),
    headers: unsubscribeHeaders(unsubscribe),
  };
}
