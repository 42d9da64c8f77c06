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

/** The filters in words, in `t`'s language: "À louer · Appartement · Gombe · 500 – 1,000 USD · Forage". */
export function describeFilters(f: CatalogueFilters, t: Translate): string {
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
  if (f.q) parts.push(`"${f.q}"`);
  return parts.length > 0 ? parts.join(' · ') : t('alerts.words.everything');
}
