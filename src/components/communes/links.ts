import type { Commune, PropertyCategory, PropertyType } from '../../contract/index.ts';

/**
 * The catalogue pre-filtered to a commune, with the parameters it reads (src/islands/catalogue/query.ts):
 * `state`, `type`, `category`, and `view=map` for its map.
 */
export function catalogueSearch(
  commune: Commune,
  filter: { type?: PropertyType; category?: PropertyCategory | null; view?: 'map' } = {},
): string {
  const params = new URLSearchParams({ state: commune });
  if (filter.type) params.set('type', filter.type);
  if (filter.category) params.set('category', filter.category);
  if (filter.view) params.set('view', filter.view);
  return `/properties?${params}`;
}
