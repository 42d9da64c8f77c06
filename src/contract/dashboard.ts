import { z } from 'zod';
import { isCleanText } from './common.ts';
import { Currency } from './enums.ts';

const Count = z.number().int().nonnegative();

export const DashboardStats = z.object({
  properties: z.object({
    total: Count,
    available: Count,
    rended: Count,
    /** Listings created this calendar month (Kinshasa time) and the month before, for the change captions. */
    addedThisMonth: Count,
    addedPreviousMonth: Count,
    /** Listings marked sold this calendar month. */
    soldThisMonth: Count,
  }),
  hotOffers: Count,
  team: z.object({ total: Count, active: Count }),
  messages: z.object({
    unread: Count,
    total: Count,
    /** Received in the last 7 days and the 7 days before. */
    lastSevenDays: Count,
    previousSevenDays: Count,
  }),
  visitRequests: z.object({ pending: Count }),
  revenue: z.object({
    /** Value of the deals closed (listings marked sold) this calendar month, converted to `currency`. */
    monthly: z.number().nonnegative(),
    previousMonth: z.number().nonnegative(),
    currency: Currency,
  }),
  /** Percentage change of monthly revenue against the previous month; null when there is nothing to compare. */
  monthlyGrowth: z.number().nullable(),
  views: z.object({
    total: Count,
    mostViewed: z.array(z.object({ id: z.number().int(), title: z.string(), viewCount: Count })),
  }),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

export const VisitStats = z.object({
  totalVisits: Count,
  uniqueVisitors: Count,
  pageViews: Count,
  /** Seconds. */
  averageSessionDuration: z.number().nonnegative(),
  /** Percentage of visits that saw a single page. */
  bounceRate: z.number().min(0).max(100),
  topPages: z.array(z.object({ path: z.string(), views: Count })),
  dailyVisits: z.array(z.object({ date: z.iso.date(), visits: Count, pageViews: Count })),
});
export type VisitStats = z.infer<typeof VisitStats>;

/** What the public pages' beacon sends for each page seen. */
export const PageViewInput = z.object({
  path: z
    .string()
    .max(300)
    .refine((v) => /^\/\S*$/.test(v) && isCleanText(v), { error: 'Chemin invalide' }),
  /** Random id kept in sessionStorage for the length of a visit. */
  session: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Session invalide' }),
});
export type PageViewInput = z.infer<typeof PageViewInput>;

/**
 * What the public pages' beacon sends for a tap on a WhatsApp button or a telephone number: the
 * listing it is about, or none for the agency's own (footer, contact page).
 */
export const TapInput = z.object({
  channel: z.enum(['whatsapp', 'call'], { error: 'Canal invalide : whatsapp ou call' }),
  property: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type TapInput = z.infer<typeof TapInput>;
