import { z } from 'zod';

const Count = z.number().int().nonnegative();

/** How many rows of each kind the demo seed wrote and nobody at the agency has touched since. */
export const DemoCounts = z.object({
  properties: Count,
  team: Count,
  messages: Count,
  visitRequests: Count,
  pageViews: Count,
  media: Count,
});
export type DemoCounts = z.infer<typeof DemoCounts>;

/** GET /api/demo: what is left of the demo (all zero: the admin shows no banner). */
export const DemoStatus = z.object({ remaining: DemoCounts });
export type DemoStatus = z.infer<typeof DemoStatus>;

/**
 * POST /api/demo/clear: what was deleted, and how many demo rows were kept because a row of the agency
 * still uses them (a team member managing a staff listing, a photo it shows); those are no longer demo.
 */
export const DemoClearResult = z.object({
  deleted: DemoCounts,
  kept: z.object({ team: Count, media: Count }),
});
export type DemoClearResult = z.infer<typeof DemoClearResult>;
