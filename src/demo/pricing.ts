import type { Currency, PropertyCategory, PropertyType } from '../contract/index.ts';
import type { CommuneInfo } from './communes.ts';
import { chance, int, pick, skewed, type Rng } from './random.ts';

export const CDF_PER_USD = 2850;
const USD_TO_EUR = 0.92;

type Range = readonly [number, number];

/** Monthly rents in USD by price level: 0 (outskirts) … 4 (Gombe). */
// prettier-ignore
const RENT: Record<PropertyCategory, readonly Range[]> = {
  apartment: [[200, 450], [300, 700], [450, 1300], [900, 2800], [1500, 6000]],
  house:     [[150, 400], [250, 650], [400, 1300], [1000, 3500], [2000, 6000]],
  villa:     [[600, 1500], [800, 1800], [1200, 3000], [2000, 6500], [3000, 8000]],
  office:    [[200, 600], [300, 900], [600, 2500], [1500, 6000], [2500, 15000]],
  land:      [[150, 400], [200, 500], [300, 900], [500, 2000], [1000, 4000]],
};

/** Sale prices in USD by price level. */
// prettier-ignore
const SALE: Record<Exclude<PropertyCategory, 'land'>, readonly Range[]> = {
  apartment: [[20_000, 45_000], [30_000, 70_000], [50_000, 160_000], [120_000, 450_000], [150_000, 900_000]],
  house:     [[25_000, 70_000], [35_000, 110_000], [60_000, 220_000], [180_000, 650_000], [350_000, 1_500_000]],
  villa:     [[80_000, 220_000], [120_000, 300_000], [180_000, 450_000], [350_000, 1_200_000], [600_000, 1_500_000]],
  office:    [[40_000, 120_000], [60_000, 180_000], [100_000, 450_000], [250_000, 1_500_000], [500_000, 4_000_000]],
};

/** Land sells per plot: USD per m² by price level, the total kept between 8 000 and 400 000. */
// prettier-ignore
const LAND_PER_M2: readonly Range[] = [[8, 25], [20, 45], [35, 80], [70, 180], [200, 400]];

/** Plot sizes as sold in Kinshasa, in metres: 20 x 25 is the classic family parcelle. */
// prettier-ignore
const PLOTS: readonly (readonly [number, number])[] = [
  [15, 20], [20, 20], [20, 25], [20, 30], [25, 30], [30, 30], [30, 40], [40, 50], [50, 60], [50, 100],
];

/** Share of each category offered for rent rather than for sale (about 40 % overall). */
export const RENT_SHARE: Record<PropertyCategory, number> = {
  apartment: 0.62,
  house: 0.36,
  villa: 0.35,
  office: 0.6,
  land: 0.04,
};

/** Round to figures an agent would quote. */
export function cleanPrice(v: number): number {
  const step = v < 1000 ? 50 : v < 10_000 ? 100 : v < 100_000 ? 1000 : v < 1_000_000 ? 5000 : 25_000;
  return Math.max(step, Math.round(v / step) * step);
}

/** Francs are quoted with two significant figures and a half step: 1 300 000, 240 000 000. */
export function cleanCdf(v: number): number {
  const step = Math.pow(10, Math.floor(Math.log10(v)) - 1) / 2;
  return Math.round(v / step) * step;
}

const logLerp = ([min, max]: Range, t: number) =>
  Math.exp(Math.log(min) + (Math.log(max) - Math.log(min)) * t);

export interface Shape {
  bedrooms: number | null;
  bathrooms: number | null;
  area: number;
  plot: readonly [number, number] | null;
  level: number;
  /** 0 = smallest of its kind, 1 = largest: pushes the price up its range. */
  size: number;
}

export function shapeOf(rng: Rng, category: PropertyCategory, commune: CommuneInfo): Shape {
  const wide = commune.level === 0 ? PLOTS.length : commune.level >= 3 ? 8 : 7;
  switch (category) {
    case 'apartment': {
      const bedrooms = int(rng, 1, commune.level >= 3 ? 5 : 4);
      return {
        bedrooms,
        bathrooms: Math.max(1, bedrooms - int(rng, 0, 1)),
        area: 35 + bedrooms * 30 + int(rng, 0, 8) * 5,
        plot: null,
        level: int(rng, 0, commune.level >= 3 ? 9 : 4),
        size: (bedrooms - 1) / 4,
      };
    }
    case 'house': {
      const bedrooms = int(rng, 2, 6);
      const plot = pick(rng, PLOTS.slice(0, wide));
      return {
        bedrooms,
        bathrooms: Math.ceil(bedrooms / 2) + int(rng, 0, 1),
        area: 60 + bedrooms * 35 + int(rng, 0, 16) * 5,
        plot,
        level: chance(rng, 0.3) ? 2 : 1,
        size: (bedrooms - 2) / 4,
      };
    }
    case 'villa': {
      const bedrooms = int(rng, 4, 7);
      const plot = pick(rng, PLOTS.slice(5));
      return {
        bedrooms,
        bathrooms: bedrooms + int(rng, 0, 1),
        area: 200 + bedrooms * 50 + int(rng, 0, 20) * 10,
        plot,
        level: 2,
        size: (bedrooms - 4) / 3,
      };
    }
    case 'office': {
      const area = Math.round(skewed(rng, 40, 2500, 2.2) / 10) * 10;
      return {
        bedrooms: null,
        bathrooms: chance(rng, 0.5) ? int(rng, 1, 4) : null,
        area,
        plot: null,
        level: int(rng, 0, 12),
        size: (area - 40) / 2460,
      };
    }
    case 'land': {
      const plot = pick(rng, PLOTS.slice(0, wide));
      return {
        bedrooms: null,
        bathrooms: null,
        area: plot[0] * plot[1],
        plot,
        level: 0,
        size: (plot[0] * plot[1] - 300) / 4700,
      };
    }
  }
}

export function priceOf(
  rng: Rng,
  category: PropertyCategory,
  type: PropertyType,
  commune: CommuneInfo,
  shape: Shape,
): number {
  const t = Math.min(1, Math.max(0, 0.65 * shape.size + 0.35 * rng()));
  if (type === 'rent') return cleanPrice(logLerp(RENT[category][commune.level] as Range, t));
  if (category === 'land') {
    const perM2 = logLerp(LAND_PER_M2[commune.level] as Range, rng());
    return cleanPrice(Math.min(400_000, Math.max(8000, perM2 * shape.area)));
  }
  return cleanPrice(logLerp(SALE[category][commune.level] as Range, t));
}

export function currencyOf(
  rng: Rng,
  commune: CommuneInfo,
  usd: number,
): { price: number; currency: Currency } {
  const cdf = commune.level <= 1 ? 0.17 : commune.level === 2 ? 0.1 : 0.03;
  if (chance(rng, cdf)) return { price: cleanCdf(usd * CDF_PER_USD), currency: 'CDF' };
  if (commune.level >= 3 && chance(rng, 0.06))
    return { price: cleanPrice(usd * USD_TO_EUR), currency: 'EUR' };
  return { price: usd, currency: 'USD' };
}
