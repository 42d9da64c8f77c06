import type { Lang } from '../../i18n/core.ts';
import type { Translate } from '../../i18n/types.ts';
import { cardView } from '../../shared/card.ts';
import { formatAreaWith, formatPriceWith, pluralText } from '../../shared/format.ts';
import type { Listing } from '../../shared/listing-index.ts';
import { approxPriceWith, type Rates } from '../../shared/money.ts';
import { availabilityText } from '../../shared/trust.ts';

/** One line of the compare table: its heading and, for each listing, the lines of its cell. */
export interface CompareRow {
  key: string;
  label: string;
  cells: string[][];
}

const DAY_MS = 86_400_000;
/** The index's days since the epoch as the YYYY-MM-DD the trust helpers read. */
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The compare page's rows (decision 0027), from the catalogue index alone: prices in both currencies as the
 * cards show them, the move-in total in both too, then the facts, amenities, status and availability.
 */
export function compareRows(
  listings: readonly Listing[],
  t: Translate,
  lang: Lang,
  rates: Rates,
  now: Date,
): CompareRow[] {
  const unknown = t('compare.unknown');
  const views = listings.map((l) => cardView(l, t, lang, rates));
  const row = (key: string, label: string, cell: (l: Listing, i: number) => string[]): CompareRow => ({
    key,
    label,
    cells: listings.map(cell),
  });
  const count = (n: number | null) => [n == null ? unknown : String(n)];
  return [
    row('price', t('property.price'), (_, i) => [views[i]?.price ?? '', views[i]?.approx ?? '']),
    row('moveIn', t('moveIn.title'), (l) => {
      if (l.type === 'sale') return [t('compare.moveIn.sale')];
      if (l.moveInMonths == null) return [unknown];
      const amount = l.price * l.moveInMonths;
      return [
        formatPriceWith(t, amount, l.currency, 'sale'),
        approxPriceWith(t, amount, l.currency, 'sale', rates),
        pluralText(t, lang, 'moveIn.months', l.moveInMonths),
      ];
    }),
    row('type', t('property.facts.type'), (l) => [t(`type.${l.type}`)]),
    row('category', t('property.facts.category'), (l) => [t(`category.${l.category}`)]),
    row('area', t('facts.areaLabel'), (l) => [formatAreaWith(t, l.area)]),
    row('bedrooms', t('facts.bedroomsLabel'), (l) => count(l.bedrooms)),
    row('bathrooms', t('facts.bathroomsLabel'), (l) => count(l.bathrooms)),
    row('commune', t('property.facts.commune'), (l) => [l.state, l.address]),
    row('amenities', t('property.amenities'), (l) =>
      l.amenities.length ? l.amenities.map((a) => t(`amenity.${a}`)) : [t('compare.none')],
    ),
    row('status', t('property.facts.status'), (l) => [t(`status.${l.status}`)]),
    row('availability', t('compare.row.availability'), (l) => [
      l.availableDay == null ? unknown : availabilityText(isoDay(l.availableDay), now, t, lang),
    ]),
  ];
}
