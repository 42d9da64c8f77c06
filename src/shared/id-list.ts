/**
 * Lists of listing ids carried in a link (`?ids=12,48,301`): the favourites a visitor shares and the
 * listings being compared (decision 0027). A link can be typed, cut by a chat app or forged: what is not a
 * listing id is dropped, and the caller says so discreetly instead of failing.
 */

/** Ids a shared favourites link may carry: about 300 characters of address, far above a real shortlist. */
export const SHARED_FAVORITES_MAX = 60;
/** Listings side by side on the compare page. */
export const COMPARE_MAX = 4;

export interface IdList {
  /** The valid ids, first occurrence kept, in the link's order, at most `max`. */
  ids: number[];
  /** How many entries were dropped: not a positive whole number, repeated, or beyond `max`. */
  dropped: number;
}

const ID = /^[1-9]\d{0,8}$/;

/** Reads an `ids` parameter ("12,48,301"); null or empty gives no ids and nothing dropped. */
export function parseIdList(raw: string | null | undefined, max: number): IdList {
  const parts = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const ids: number[] = [];
  for (const part of parts) {
    if (!ID.test(part)) continue;
    const id = Number(part);
    if (ids.length < max && !ids.includes(id)) ids.push(id);
  }
  return { ids, dropped: parts.length - ids.length };
}

/** The link's query for a list of ids: "?ids=12,48,301" (commas stay readable in a chat message). */
export const idListQuery = (ids: readonly number[]): string => `?ids=${ids.join(',')}`;

/** The ids of a list that the catalogue knows, and how many it does not (withdrawn or never existed). */
export function knownIds(ids: readonly number[], known: ReadonlySet<number>): IdList {
  const kept = ids.filter((id) => known.has(id));
  return { ids: kept, dropped: ids.length - kept.length };
}
