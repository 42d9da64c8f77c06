import type { Commune, Property } from '../contract/index.ts';
import { COMMUNES } from '../shared/enums.ts';
import { isOnTheMarket } from '../shared/market.ts';
import { marketStats, type MarketStats } from '../shared/market-stats.ts';
import { similarIndex } from '../shared/similar.ts';
import { allProperties, buildRates } from './api.ts';
import { perBuild } from './build-context.ts';

/**
 * What the commune pages and the listing pages' "similar" block read of the build's data (decision
 * 0029), computed once per build from the same listings as every other page and shared by the three languages.
 */
export interface CommuneMarket {
  commune: Commune;
  /** Its listings on the market, newest first. */
  listings: Property[];
  stats: MarketStats;
}

export function communeMarkets(): Promise<Map<Commune, CommuneMarket>> {
  return perBuild('communes', async () => {
    const [all, rates] = await Promise.all([allProperties(), buildRates()]);
    const open = all.filter((p) => isOnTheMarket(p.status));
    return new Map(
      COMMUNES.map((commune) => {
        const listings = open.filter((p) => p.state === commune);
        return [commune, { commune, listings, stats: marketStats(listings, rates) }];
      }),
    );
  });
}

/** Up to four listings similar to the one given, best first (src/shared/similar.ts). */
export async function similarListings(id: number): Promise<Property[]> {
  const { byId, index } = await perBuild('similar', async () => {
    const [all, rates] = await Promise.all([allProperties(), buildRates()]);
    return { byId: new Map(all.map((p) => [p.id, p])), index: similarIndex(all, rates) };
  });
  return (index.get(id) ?? []).map((i) => byId.get(i)).filter((p): p is Property => p !== undefined);
}
