import { z } from 'zod';
import { PropertyStatus } from './enums.ts';

const Count = z.number().int().nonnegative();

/** The periods the lead figures are given over: the last 7 days, the last 30 days, since the start. */
export const LEAD_PERIODS = ['7d', '30d', 'all'] as const;
export const LeadPeriod = z.enum(LEAD_PERIODS, { error: 'Période invalide : 7d, 30d ou all' });
export type LeadPeriod = z.infer<typeof LeadPeriod>;

/** What a listing, an agent or the agency brought over a period. */
export const LeadFigures = z.object({
  views: Count,
  whatsapp: Count,
  calls: Count,
  visitRequests: Count,
  /** Messages about it (a listing report is no lead: not counted). */
  messages: Count,
  /** WhatsApp taps, calls, visit requests and messages. */
  leads: Count,
  /** Leads per 100 views, one decimal; null without a view. */
  leadsPer100Views: z.number().nonnegative().nullable(),
});
export type LeadFigures = z.infer<typeof LeadFigures>;

export const LeadStats = z.object({
  period: LeadPeriod,
  /** The whole agency's: the listings' and the taps on the agency's own WhatsApp and telephone. */
  total: LeadFigures,
  /** Every listing that brought anything over the period (sold, rented and deleted ones keep their history), most leads first. */
  listings: z.array(
    LeadFigures.extend({
      id: z.number().int(),
      /** Null once the listing is deleted. */
      title: z.string().nullable(),
      status: PropertyStatus.nullable(),
      agentId: z.number().int().nullable(),
    }),
  ),
  /** Per agent (team member managing the listings), most leads first; the listings without one are left out. */
  agents: z.array(LeadFigures.extend({ id: z.number().int(), name: z.string() })),
});
export type LeadStats = z.infer<typeof LeadStats>;

export const LeadStatsQuery = z.object({ period: LeadPeriod.default('7d') });
