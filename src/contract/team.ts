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
