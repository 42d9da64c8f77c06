import type { Property } from '../contract/index.ts';
import { PAGE_SIZE } from '../islands/catalogue/paging.ts';
import { decodeCore } from '../shared/catalogue-files.ts';
import { isOnTheMarket } from '../shared/market.ts';
import { allProperties, featuredProperties, teamMembers } from './api.ts';
import { catalogueParts } from './catalogue-index.ts';
import { communeMarkets } from './communes.ts';
import { listingDigests } from './page-keys.ts';

/**
 * What the pages that show figures or selections of the listings are rendered from, worked out in one
 * place for the page and for its key (page-keys.ts): a key made from anything else could miss a change.
 */

/** The home page: its featured listings and the number of listings on the market ("Plus de 400"). */
export async function homeData() {
  const [featured, all] = await Promise.all([featuredProperties(), allProperties()]);
  return { featured, onTheMarket: all.filter((p) => isOnTheMarket(p.status)).length };
}
export const homeKey = async () => {
  const { featured, onTheMarket } = await homeData();
  return [await listingDigests(featured), onTheMarket];
};

/** The about page's figures from the data: listings sold, communes served, the team. */
export async function aboutData() {
  const [properties, team] = await Promise.all([allProperties(), teamMembers()]);
  return {
    sold: properties.filter((p) => p.status === 'sold').length,
    communes: new Set(properties.map((p) => p.state)).size,
    team,
  };
}

/** The communes' index: how many listings each commune has on the market. */
export const communeCounts = async () =>
  [...(await communeMarkets()).values()].map((m) => [m.commune, m.stats.total] as const);

/**
 * The catalogue's first view, rendered into its page (decisions 0043, 0046): the build's own cards of the
 * first page, newest first, and how many listings the catalogue has.
 */
export async function catalogueFirstView() {
  const [{ core }, all] = await Promise.all([catalogueParts(), allProperties()]);
  const newest = decodeCore(core);
  const byId = new Map(all.map((p) => [p.id, p]));
  const firstCards: Property[] = newest.slice(0, PAGE_SIZE).flatMap((l) => byId.get(l.id) ?? []);
  return { core, firstCards, total: newest.length };
}
export const catalogueKey = async () => {
  const { core, firstCards, total } = await catalogueFirstView();
  return [core.communes, await listingDigests(firstCards), total];
};
