import { describe, expect, it } from 'vitest';
import { $favorites, clearFavorites, isFavorite, readFavorites, toggleFavorite } from './favorites.ts';

describe('favourites store', () => {
  it('toggles ids in and out', () => {
    clearFavorites();
    expect(toggleFavorite(5)).toBe(true);
    expect(toggleFavorite(9)).toBe(true);
    expect(isFavorite(5)).toBe(true);
    expect(toggleFavorite(5)).toBe(false);
    expect($favorites.get()).toEqual([9]);
  });

  it('reads only valid ids from storage, whatever was written there', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readFavorites(storage('[3,"4",3,-1,"x",2.5]'))).toEqual([3, 4]);
    expect(readFavorites(storage('not json'))).toEqual([]);
    expect(readFavorites(storage('{"a":1}'))).toEqual([]);
    expect(readFavorites(storage(null))).toEqual([]);
  });
});
