/**
 * Kinshasa is UTC+1 all year (no daylight saving): the agency's day, the one every count is dated in, the
 * visitor key lives for and the weekly report is due by. Written once so that no two counts disagree on where
 * a day ends.
 */
export const KINSHASA_OFFSET_MS = 3_600_000;

/** The Kinshasa date ("2026-11-28") of an instant. */
export const kinshasaDay = (now = new Date()): string =>
  new Date(now.getTime() + KINSHASA_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Kinshasa date begins (its midnight, 23:00 UTC the day before). */
export const kinshasaDayStart = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) - KINSHASA_OFFSET_MS);
