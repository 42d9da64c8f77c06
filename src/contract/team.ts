import { z } from 'zod';
import { Email, Id, IsoDate, IsoDateTime, Line, MediaUrl, PageQuery, Phone, SearchText } from './common.ts';
import { TeamRole } from './enums.ts';

export const TeamMember = z.object({
  id: Id,
  name: z.string(),
  role: TeamRole,
  phone: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
  joinDate: IsoDate,
  isActive: z.boolean(),
  /** Number of properties this member manages; computed, never stored. */
  propertiesAssigned: z.number().int().nonnegative(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type TeamMember = z.infer<typeof TeamMember>;

/** What a property shows of its agent. */
export const Agent = TeamMember.pick({
  id: true,
  name: true,
  role: true,
  phone: true,
  email: true,
  photo: true,
});
export type Agent = z.infer<typeof Agent>;

/**
 * What anonymous callers of GET /api/team get: active members, with what the public pages show (the about
 * page's names, roles, photos and join dates); phone and e-mail stay with staff.
 */
export const PublicTeamMember = TeamMember.pick({
  id: true,
  name: true,
  role: true,
  photo: true,
  joinDate: true,
});
export type PublicTeamMember = z.infer<typeof PublicTeamMember>;

export const TeamMemberInput = z.object({
  name: Line(120),
  role: TeamRole,
  phone: Phone,
  email: Email,
  photo: MediaUrl.nullish(),
  joinDate: IsoDate.optional(),
  isActive: z.boolean().default(true),
});
export type TeamMemberInput = z.infer<typeof TeamMemberInput>;

export const TeamListQuery = PageQuery.extend({
  q: SearchText.optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type TeamListQuery = z.infer<typeof TeamListQuery>;

/**
 * POST /api/team/{id}/reassign: hands every listing a member manages to another, active, member (a departing
 * agent's listings keep a contact on the site rather than fall back to the agency's).
 */
export const ReassignListingsInput = z.object({
  to: z
    .number({ error: 'Choisissez le membre qui reprend les annonces' })
    .int({ error: 'Choisissez le membre qui reprend les annonces' })
    .positive({ error: 'Choisissez le membre qui reprend les annonces' })
    .max(2_147_483_647, { error: 'Choisissez le membre qui reprend les annonces' }),
});
export type ReassignListingsInput = z.infer<typeof ReassignListingsInput>;

export const ReassignListingsResult = z.object({
  /** How many listings changed hands. */
  moved: z.number().int().nonnegative(),
});
export type ReassignListingsResult = z.infer<typeof ReassignListingsResult>;
