/** Spec §3: per property, how often this browser opened it, when last, and per day over the last 30 days. */
export const PROPERTY_VIEWS_KEY = 'propertyViews';
export const DAILY_VIEW_DAYS = 30;

export interface PropertyViewRecord {
  count: number;
  lastViewed: string;
  dailyViews: { date: string; views: number }[];
}
export type PropertyViews = Record<string, PropertyViewRecord>;

/** The stored views with one more for `id` at `now`; days older than 30 are dropped. */
export function recordView(views: PropertyViews, id: number, now = new Date()): PropertyViews {
  const today = now.toISOString().slice(0, 10);
  const oldest = new Date(now.getTime() - (DAILY_VIEW_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const current = views[id] ?? { count: 0, lastViewed: now.toISOString(), dailyViews: [] };
  const days = current.dailyViews.filter((d) => d.date >= oldest && d.date !== today);
  const todays = current.dailyViews.find((d) => d.date === today)?.views ?? 0;
  return {
    ...views,
    [id]: {
      count: current.count + 1,
      lastViewed: now.toISOString(),
      dailyViews: [...days, { date: today, views: todays + 1 }],
    },
  };
}

/** Reads the stored views, forgiving anything malformed (another script, an older version). */
export function readViews(raw: string | null): PropertyViews {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PropertyViews) : {};
  } catch {
    return {};
  }
}

/** The listings whose view this browser sent to the server today: listing id → that day. */
export const VIEWS_SENT_KEY = 'viewsSent';

/**
 * Whether a listing's view is still to be sent today (the server counts a visitor once a day per listing),
 * and what to store then: today's entries only, the others no longer matter. Malformed storage sends.
 */
export function viewToSend(raw: string | null, id: number, today: string): { send: boolean; stored: string } {
  let sent: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      sent = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: start again.
  }
  const kept = Object.entries(sent).filter(([, day]) => day === today);
  return {
    send: sent[id] !== today,
    stored: JSON.stringify({ ...Object.fromEntries(kept), [id]: today }),
  };
}
