import { atom, type WritableAtom } from 'nanostores';

/** Reads a stored JSON list of ids, keeping only positive whole numbers, each once; anything else gives []. */
export function readIds(storage: Pick<Storage, 'getItem'> | undefined, key: string): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed)
      ? [...new Set(parsed.map(Number).filter((n) => Number.isInteger(n) && n > 0))]
      : [];
  } catch {
    return [];
  }
}

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

/**
 * A list of listing ids kept in this browser only (favourites, the compare list): a nanostore mirroring
 * localStorage under `key`, across tabs too.
 */
export function persistedIds(key: string): WritableAtom<number[]> {
  const store = atom<number[]>(readIds(storage, key));
  store.listen((ids) => {
    try {
      storage?.setItem(key, JSON.stringify(ids));
    } catch {
      // Private mode or full storage: the list then lasts as long as the page.
    }
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) store.set(readIds(storage, key));
    });
  }
  return store;
}
