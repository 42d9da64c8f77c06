import { describe, expect, it } from 'vitest';
import { pageWindow, paginate } from './paging.ts';

describe('paginate', () => {
  const items = Array.from({ length: 20 }, (_, i) => i + 1);

  it('slices pages of 9 with the "showing X to Y of Z" positions', () => {
    expect(paginate(items, 1)).toEqual({
      items: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      page: 1,
      pages: 3,
      from: 1,
      to: 9,
      total: 20,
    });
    expect(paginate(items, 2)).toMatchObject({ page: 2, pages: 3, from: 10, to: 18, total: 20 });
    expect(paginate(items, 3)).toEqual({ items: [19, 20], page: 3, pages: 3, from: 19, to: 20, total: 20 });
    expect(paginate(items.slice(0, 9), 1)).toMatchObject({ pages: 1, from: 1, to: 9 });
    expect(paginate(items.slice(0, 10), 2)).toMatchObject({ items: [10], pages: 2, from: 10, to: 10 });
  });

  it('clamps the page to [1, pages]', () => {
    expect(paginate(items, 99)).toMatchObject({ page: 3, items: [19, 20], from: 19, to: 20 });
    expect(paginate(items, 0)).toMatchObject({ page: 1, from: 1, to: 9 });
    expect(paginate(items, -5)).toMatchObject({ page: 1 });
    expect(paginate(items, Number.NaN)).toMatchObject({ page: 1 });
    expect(paginate(items, 2.5)).toMatchObject({ page: 2 });
  });

  it('has one empty page when there is nothing', () => {
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pages: 1, from: 0, to: 0, total: 0 });
    expect(paginate([], 7)).toEqual({ items: [], page: 1, pages: 1, from: 0, to: 0, total: 0 });
  });

  it('takes another page size', () => {
    expect(paginate(items, 2, 5)).toMatchObject({ items: [6, 7, 8, 9, 10], pages: 4, from: 6, to: 10 });
  });
});

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 3, 4, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 'ellipsis', 6]],
    [4, 6, [1, 2, 3, 4, 5, 6]],
    [1, 7, [1, 2, 3, 'ellipsis', 7]],
    [1, 10, [1, 2, 3, 'ellipsis', 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'ellipsis', 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, 'ellipsis', 10]],
    [6, 10, [1, 'ellipsis', 4, 5, 6, 7, 8, 9, 10]],
    [6, 12, [1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 12]],
    [10, 10, [1, 'ellipsis', 8, 9, 10]],
    [99, 10, [1, 'ellipsis', 8, 9, 10]],
    [0, 10, [1, 2, 3, 'ellipsis', 10]],
    [1, 0, [1]],
  ] as const)('(%i, %i) → %j', (current, pages, expected) => {
    expect(pageWindow(current, pages)).toEqual(expected);
  });

  it('always shows the first, the last and every page within 2, and an ellipsis only for 2+ pages', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const w = pageWindow(current, pages);
        const shown = w.filter((x): x is number => x !== 'ellipsis');
        expect(shown[0]).toBe(1);
        expect(shown[shown.length - 1]).toBe(pages);
        for (let p = Math.max(1, current - 2); p <= Math.min(pages, current + 2); p++)
          expect(shown).toContain(p);
        let prev = 0;
        for (let i = 0; i < w.length; i++) {
          const x = w[i];
          if (x === 'ellipsis') {
            const after = w[i + 1];
            expect(typeof after).toBe('number');
            expect((after as number) - prev).toBeGreaterThan(2);
          } else {
            if (w[i - 1] !== 'ellipsis') expect(x).toBe(prev + 1);
            prev = x as number;
          }
        }
      }
    }
  });
});
