import { describe, expect, it } from 'vitest';
import { $compare, clearCompare, removeFromCompare, toggleCompare } from './compare.ts';
import { $favorites, addFavorites, clearFavorites } from './favorites.ts';

describe('compare store', () => {
  it('takes four listings and refuses a fifth, leaving the four as they were', () => {
    clearCompare();
    expect([1, 2, 3, 4].map(toggleCompare)).toEqual(['added', 'added', 'added', 'added']);
    expect(toggleCompare(5)).toBe('full');
    expect($compare.get()).toEqual([1, 2, 3, 4]);
    expect(toggleCompare(2)).toBe('removed');
    expect(toggleCompare(5)).toBe('added');
    removeFromCompare(1);
    removeFromCompare(42);
    expect($compare.get()).toEqual([3, 4, 5]);
  });
});

describe('adding a shared list to favourites', () => {
  it('keeps the visitor’s own favourites first and adds only the new ids, once', () => {
    clearFavorites();
    addFavorites([9, 3]);
    expect(addFavorites([3, 12, 12, 48])).toBe(2);
    expect($favorites.get()).toEqual([9, 3, 12, 48]);
    expect(addFavorites([9])).toBe(0);
    expect($favorites.get()).toEqual([9, 3, 12, 48]);
  });
});
