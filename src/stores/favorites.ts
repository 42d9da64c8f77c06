import { persistedIds, readIds } from './persisted-ids.ts';

/** Spec §3: the ids of the visitor's favourite properties, kept in the browser only. */
export const FAVORITES_KEY = 'favoriteProperties';

/** The one favourites store every island and script reads; it mirrors localStorage, across tabs too. */
export const $favorites = persistedIds(FAVORITES_KEY);

export function isFavorite(id: number): boolean {
  return $favorites.get().includes(id);
}

export function toggleFavorite(id: number): boolean {
  const ids = $favorites.get();
  const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
  $favorites.set(next);
  return next.includes(id);
}

/**
 * Adds the ids of a shared list after the visitor's own (decision 0027): nothing of theirs is replaced or
 * reordered. Returns how many were new.
 */
export function addFavorites(ids: readonly number[]): number {
  const own = $favorites.get();
  const added = ids.filter((id, i) => !own.includes(id) && ids.indexOf(id) === i);
  if (added.length) $favorites.set([...own, ...added]);
  return added.length;
}

export function clearFavorites(): void {
  $favorites.set([]);
}

export const readFavorites = (storage: Pick<Storage, 'getItem'> | undefined) =>
  readIds(storage, FAVORITES_KEY);
