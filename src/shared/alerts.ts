import { AREA_RANGE, PRICE_RANGE, type CatalogueFilters } from './catalogue-filter.ts';
import type { Translate } from '../i18n/types.ts';
import { AMENITIES } from './enums.ts';
import { formatNumber } from './format.ts';

/**
 * Alerts without an account (decision 0028): the periods the server applies and the privacy page states,
 * the pages the e-mail links open, and the filters said in words.
 */

// The contract accepts an alert's language from this list (it may import src/shared only).
export { LANGS } from '../i18n/core.ts';

/** A confirmation link works this long after the sign-up. */
export const ALERT_CONFIRM_HOURS = 48;
/** A subscription never confirmed is deleted this long after the sign-up (retention job). */
export const ALERT_PENDING_DAYS = 7;
/** An unsubscribed subscription is deleted this long after unsubscribing (retention job). */
export const ALERT_UNSUBSCRIBED_DAYS = 7;
/**
 * Sign-ups are typed by anyone for any address, and each sends a mail from the agency's: while an address
 * has a sign-up waiting for confirmation, at most one confirmation mail reaches it per this many hours...
 */
export const ALERT_CONFIRMATION_EVERY_HOURS = 24;
/** ...it has at most this many sign-ups waiting... */
export const ALERT_PENDING_PER_EMAIL = 3;
/** ...and one mail domain at most this many made in the last day (a company's addresses one by one). */
export const ALERT_PENDING_PER_DOMAIN_PER_DAY = 50;
/**
 * The `code` of the API's 429 for each of those two limits: the sign-up form says which, in the visitor's
 * language (confirm the waiting ones, or come back tomorrow), where a rate limit's 429 says "wait a few minutes".
 */
export const ALERT_REFUSED = {
  pendingForAddress: 'ALERT_PENDING_FOR_ADDRESS',
  pendingForDomain: 'ALERT_PENDING_FOR_DOMAIN',
} as const;

/** The static pages an alert's e-mail links to, before the language prefix; the token goes in `?token=`. */
export const ALERT_PAGES = { confirm: '/alerts/confirm/', unsubscribe: '/alerts/unsubscribe/' } as const;

const bound = (value: number, def: number) => (value === def ? null : value);

/** "1,000 – 5,000", "dès 1,000", "jusqu'à 5,000" (en-US numbers in every language, spec §9). */
function range(t: Translate, min: number | null, max: number | null, unit: string): string {
  const n = (v: number) => `${formatNumber(v)} ${unit}`;
  if (min !== null && max !== null) return `${formatNumber(min)} – ${n(max)}`;
  return min !== null
    ? t('alerts.words.from', { value: n(min) })
    : t('alerts.words.upTo', { value: n(max!) });
}

/**
 * The filters in words, in `t`'s language: "À louer · Appartement · Gombe · 500 – 1,000 USD · Forage".
 * `quoteText: false` names the search text without quoting it: the confirmation mail goes to an address
 * whose owner may not have asked, and must carry no words the sender chose.
 */
export function describeFilters(f: CatalogueFilters, t: Translate, { quoteText = true } = {}): string {
  const parts: string[] = [];
  if (f.type) parts.push(t(`type.${f.type}`));
  if (f.category) parts.push(t(`category.${f.category}`));
  if (f.state) parts.push(f.state);
  const [pMin, pMax] = [bound(f.minPrice, PRICE_RANGE.min), bound(f.maxPrice, PRICE_RANGE.max)];
  if (pMin !== null || pMax !== null) parts.push(range(t, pMin, pMax, f.currency));
  const [aMin, aMax] = [bound(f.minArea, AREA_RANGE.min), bound(f.maxArea, AREA_RANGE.max)];
  if (aMin !== null || aMax !== null) parts.push(range(t, aMin, aMax, t('unit.squareMeters')));
  AMENITIES.forEach((a, i) => {
    if (f.amenities & (1 << i)) parts.push(t(`amenity.${a}`));
  });
  if (f.q) parts.push(quoteText ? `"${f.q}"` : t('alerts.words.text'));
  return parts.length > 0 ? parts.join(' · ') : t('alerts.words.everything');
}
