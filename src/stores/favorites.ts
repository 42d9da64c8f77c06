import { atom } from 'nanostores';

/** Spec §3: the ids of the visitor's favourite properties, kept in the browser only. */
export const FAVORITES_KEY = 'favoriteProperties';

function read(storage: Pick<Storage, 'getItem'> | undefined): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(FAVORITES_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? [...new Set(parsed.map(Number).filter((n) => Number.isInteger(n) && n > 0))]
      : [];
  } catch {
    return [];
  }
}

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

/** The one favourites store every island and script reads; it mirrors localStorage, across tabs too. */
export const $favorites = atom<number[]>(read(storage));

$favorites.listen((ids) => {
  try {
    storage?.setItem(FAVORITES_KEY, JSON.stringify(ids));
  } catch {
    // Private mode or full storage: favourites then last as long as the page.
  }
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === FAVORITES_KEY || event.key === null) $favorites.set(read(storage));
  });
}

export function isFavorite(id: number): boolean {
  return $favorites.get().includes(id);
}

export function toggleFavorite(id: number): boolean {
  const ids = $favorites.get();
  const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
  $favorites.set(next);
  return next.includes(id);
}

export function clearFavorites(): void {
  $favorites.set([]);
}

export { read as readFavorites };
