import { describe, expect, it } from 'vitest';
import { COMPARE_MAX, idListQuery, knownIds, parseIdList } from './id-list.ts';

describe('ids carried in a link', () => {
  it('reads a clean list in its order', () => {
    expect(parseIdList('12,48,301', 60)).toEqual({ ids: [12, 48, 301], dropped: 0 });
  });

  it('has nothing to read without the parameter or with an empty one', () => {
    expect(parseIdList(null, 60)).toEqual({ ids: [], dropped: 0 });
    expect(parseIdList('', 60)).toEqual({ ids: [], dropped: 0 });
    expect(parseIdList(' , ,', 60)).toEqual({ ids: [], dropped: 0 });
  });

  it('drops what is not a listing id and counts it', () => {
    expect(parseIdList('3,abc,-4,0,2.5,1e3,07, 9 ,<script>', 60)).toEqual({ ids: [3, 9], dropped: 7 });
    expect(parseIdList('12345678901234567890', 60)).toEqual({ ids: [], dropped: 1 });
  });

  it('keeps the first of repeated ids', () => {
    expect(parseIdList('5,6,5,5,6', 60)).toEqual({ ids: [5, 6], dropped: 3 });
  });

  it('stops at the maximum and counts the rest as dropped', () => {
    expect(parseIdList('1,2,3,4,5,6', COMPARE_MAX)).toEqual({ ids: [1, 2, 3, 4], dropped: 2 });
    // Repeats before the cap do not use up places.
    expect(parseIdList('1,1,2,3,4,5', COMPARE_MAX)).toEqual({ ids: [1, 2, 3, 4], dropped: 2 });
  });

  it('writes the query it reads', () => {
    expect(idListQuery([12, 48, 301])).toBe('?ids=12,48,301');
    expect(parseIdList(new URLSearchParams(idListQuery([7, 8])).get('ids'), 60).ids).toEqual([7, 8]);
  });

  it('separates the ids the catalogue knows from the others', () => {
    expect(knownIds([1, 99, 2], new Set([1, 2, 3]))).toEqual({ ids: [1, 2], dropped: 1 });
  });
});
