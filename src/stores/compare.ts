import { COMPARE_MAX } from '../shared/id-list.ts';
import { persistedIds } from './persisted-ids.ts';

/** The listings the visitor picked to compare (decision 0027), kept in this browser like favourites. */
export const COMPARE_KEY = 'compareProperties';

export const $compare = persistedIds(COMPARE_KEY);

/** What a tap on a card's compare toggle did: 'full' when four are already picked (the fifth is refused). */
export type CompareToggle = 'added' | 'removed' | 'full';

export function toggleCompare(id: number): CompareToggle {
  const ids = $compare.get();
  if (ids.includes(id)) {
    $compare.set(ids.filter((x) => x !== id));
    return 'removed';
  }
  if (ids.length >= COMPARE_MAX) return 'full';
  $compare.set([...ids, id]);
  return 'added';
}

export function removeFromCompare(id: number): void {
  const ids = $compare.get();
  if (ids.includes(id)) $compare.set(ids.filter((x) => x !== id));
}

export function clearCompare(): void {
  $compare.set([]);
}
