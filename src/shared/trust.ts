/**
 * The trust facts (decision 0023) as the public pages show them, for the build and the browser alike: whether a staff
 * check is recent enough to be shown, the availability line, and the amenities as the index's bitmask.
 * Dates are decided against the reader's today: a published page outlives 90 days, so the build never
 * bakes "verified" in for good (src/browser/trust.ts runs these in the browser).
 */
import type { Lang } from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import { AMENITIES, CARD_AMENITIES, CARD_AMENITY_COUNT, VERIFICATION_DAYS, type Amenity } from './enums.ts';

const DAY_MS = 86_400_000;
/** Kinshasa's day: the agency's dates and the visitors' are both read there. */
const TIME_ZONE = 'Africa/Kinshasa';

/** True while a check made at `verifiedAt` is less than VERIFICATION_DAYS old (a clock a little ahead too). */
export function isRecentCheck(verifiedAt: string | null | undefined, now: Date): boolean {
  if (!verifiedAt) return false;
  const at = Date.parse(verifiedAt);
  if (!Number.isFinite(at)) return false;
  const age = now.getTime() - at;
  return age > -DAY_MS && age < VERIFICATION_DAYS * DAY_MS;
}

/**
 * Date formatters are made on first use and kept: creating one costs ICU's set-up, too much to repeat for
 * every card of a 30,000-page build, and none is made where a page loads without formatting a date (the
 * catalogue).
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
let isoDayFormat: Intl.DateTimeFormat | undefined;

/** "24 novembre 2026", "24 November 2026"; Lingala writes the months in French, as Kinois do. */
export function formatDay(iso: string, lang: Lang): string {
  // A bare YYYY-MM-DD is a calendar day: read it at noon UTC so no time zone moves it to another day.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso;
  const locale = lang === 'en' ? 'en-GB' : 'fr-FR';
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(at));
}

/** Today in Kinshasa as YYYY-MM-DD. */
export function kinshasaToday(now: Date): string {
  isoDayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });
  return isoDayFormat.format(now);
}

/** "Disponible dès le {date}" for a day still to come, "Disponible maintenant" once it has come. */
export function availabilityText(availableFrom: string, now: Date, t: Translate, lang: Lang): string {
  return availableFrom > kinshasaToday(now)
    ? t('trust.availableFrom', { date: formatDay(availableFrom, lang) })
    : t('trust.availableNow');
}

export function verifiedText(verifiedAt: string, t: Translate, lang: Lang): string {
  return t('trust.verified', { date: formatDay(verifiedAt, lang) });
}

/** Bit i set when the listing has AMENITIES[i]: the listing index's column 19 and the catalogue's filter. */
export function amenityMask(list: readonly string[]): number {
  let mask = 0;
  AMENITIES.forEach((a, i) => {
    if (list.includes(a)) mask |= 1 << i;
  });
  return mask;
}

export function amenitiesOfMask(mask: number): Amenity[] {
  return AMENITIES.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The two or three amenities a card has room for, most asked first (CARD_AMENITIES). */
export function cardAmenities(list: readonly Amenity[]): Amenity[] {
  return CARD_AMENITIES.filter((a) => list.includes(a)).slice(0, CARD_AMENITY_COUNT);
}
