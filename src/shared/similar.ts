/**
 * "Similar listings" on a listing page (decision 0029), chosen at build time from the static data:
 * listings still on the market, of the same type (sale or rent) and category, never the listing itself;
 * ranked by a score where the same commune counts most and a price close to the listing's adds the rest.
 * A candidate neither in the same commune nor within the price band is not similar enough to show.
 */
import type { Commune, Currency, PropertyCategory, PropertyStatus, PropertyType } from './enums.ts';
import { isOnTheMarket } from './market.ts';
import { toUsd, type Rates } from './money.ts';

export interface Comparable {
  id: number;
  status: PropertyStatus;
  type: PropertyType;
  category: PropertyCategory;
  state: Commune;
  price: number;
  currency: Currency;
}

/** How many similar listings a page shows. */
export const SIMILAR_COUNT = 4;
/** The price band: within a factor of 1.5 either way of the listing's price (compared in USD). */
export const PRICE_BAND = 1.5;
const SAME_COMMUNE = 2;

/**
 * The similarity of a candidate to a listing: 0 when it cannot be shown (another type or category, off the
 * market, the listing itself, or neither in its commune nor within its price band); otherwise 2 for the same
 * commune plus, within the band, 1 at the same price falling to 0.5 at the band's edge (on a log scale, so
 * 1.5 times the price and two thirds of it are as far).
 */
export function similarity(target: Comparable, candidate: Comparable, rates: Rates): number {
  return scored(target, toUsd(target.price, target.currency, rates), candidate, (c) =>
    toUsd(c.price, c.currency, rates),
  );
}

/** `similarity` with the prices in USD given (a build converts each listing's price once, not per pair). */
function scored(
  target: Comparable,
  a: number,
  candidate: Comparable,
  usd: (c: Comparable) => number,
): number {
  if (
    candidate.id === target.id ||
    candidate.type !== target.type ||
    candidate.category !== target.category ||
    !isOnTheMarket(candidate.status)
  )
    return 0;
  const b = usd(candidate);
  const distance = a > 0 && b > 0 ? Math.abs(Math.log(b / a)) / Math.log(PRICE_BAND) : Infinity;
  const price = distance <= 1 ? 1 - distance / 2 : 0;
  return (candidate.state === target.state ? SAME_COMMUNE : 0) + price;
}

/** Whether x ranks before y: the higher score, then the newest id. */
const before = (x: { id: number; score: number }, y: { id: number; score: number }) =>
  x.score > y.score || (x.score === y.score && x.id > y.id);

/**
 * The `count` best of the candidates, best first: kept in a short sorted list while going through them once,
 * rather than sorting all of them (a thousand a listing at 10,000 listings, for each listing).
 */
function best(
  target: Comparable,
  candidates: readonly Comparable[],
  usd: (c: Comparable) => number,
  count: number,
): number[] {
  const a = usd(target);
  const top: { id: number; score: number }[] = [];
  for (const c of candidates) {
    const score = scored(target, a, c, usd);
    if (score <= 0) continue;
    const entry = { id: c.id, score };
    if (top.length === count && !before(entry, top[count - 1]!)) continue;
    let i = Math.min(top.length, count - 1);
    if (top.length < count) top.push(entry);
    while (i > 0 && before(entry, top[i - 1]!)) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = entry;
  }
  return top.map((s) => s.id);
}

/** The ids of up to `count` listings most similar to `target`, best first (ties: the newest id first). */
export function similarIds(
  target: Comparable,
  candidates: readonly Comparable[],
  rates: Rates,
  count = SIMILAR_COUNT,
): number[] {
  return best(target, candidates, (c) => toUsd(c.price, c.currency, rates), count);
}

/**
 * Every listing's similar ids at once, for a build: the same answers as `similarIds` for each listing, without
 * scoring every pair. A candidate in the listing's commune scores at least 2 and one elsewhere at most 1, so
 * when the commune alone offers `count` candidates the others cannot enter; otherwise only the candidates of
 * other communes within the price band can (their score is 0 outside it), found by a binary search over the
 * group's prices. The candidates kept are then ranked by `best`, with the same scores as one by one. At 10,000
 * listings this took 6 s of a publish's plan when every listing was scored against its whole group.
 */
export function similarIndex(
  listings: readonly Comparable[],
  rates: Rates,
  count = SIMILAR_COUNT,
): Map<number, number[]> {
  const prices = new Map(listings.map((l) => [l, toUsd(l.price, l.currency, rates)]));
  const usd = (l: Comparable) => prices.get(l) ?? toUsd(l.price, l.currency, rates);
  const groups = new Map<string, { byCommune: Map<Commune, Comparable[]>; byPrice: Comparable[] }>();
  for (const l of listings) {
    if (!isOnTheMarket(l.status)) continue;
    const key = `${l.type}/${l.category}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { byCommune: new Map(), byPrice: [] }));
    const commune = group.byCommune.get(l.state);
    if (commune) commune.push(l);
    else group.byCommune.set(l.state, [l]);
    // Only a positive price can be within another listing's band (a missing one scores 0 there).
    if (usd(l) > 0) group.byPrice.push(l);
  }
  for (const group of groups.values()) group.byPrice.sort((x, y) => usd(x) - usd(y));
  return new Map(
    listings.map((l) => {
      const group = groups.get(`${l.type}/${l.category}`);
      if (!group) return [l.id, []];
      const local = group.byCommune.get(l.state) ?? [];
      const others = local.filter((c) => c.id !== l.id).length;
      const candidates =
        others >= count ? local : [...local, ...withinBand(group.byPrice, usd(l), usd, l.state)];
      return [l.id, best(l, candidates, usd, count)];
    }),
  );
}

/**
 * The listings of another commune whose price may be within the band of `a` (sorted by price; the bounds are
 * widened a little, `best` scores each exactly and drops any outside).
 */
function withinBand(
  byPrice: readonly Comparable[],
  a: number,
  usd: (c: Comparable) => number,
  commune: Commune,
): Comparable[] {
  if (!(a > 0)) return [];
  const low = (a / PRICE_BAND) * (1 - 1e-9);
  const high = a * PRICE_BAND * (1 + 1e-9);
  let lo = 0;
  let hi = byPrice.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (usd(byPrice[mid]!) < low) lo = mid + 1;
    else hi = mid;
  }
  const found: Comparable[] = [];
  for (let i = lo; i < byPrice.length && usd(byPrice[i]!) <= high; i++)
    if (byPrice[i]!.state !== commune) found.push(byPrice[i]!);
  return found;
}
