import { z } from 'zod';
import { Id, isCleanText, IsoDateTime, PageQuery } from './common.ts';
import { FollowUp, MessagePropertyType, RequestKind } from './enums.ts';

/** A request unanswered (still "nouvelle") this long is flagged in the inbox. */
export const UNANSWERED_HOURS = 48;

/** One request of the "Demandes" inbox: a message (a listing report is one) or a visit request. */
export const InboxItem = z.object({
  kind: RequestKind,
  id: Id,
  createdAt: IsoDateTime,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** A message's subject, a visit request's wished date. */
  subject: z.string(),
  /** A message's text; null for a visit request. */
  content: z.string().nullable(),
  /** A message's kind (`report` for a listing report); null for a visit request. */
  topic: MessagePropertyType.nullable(),
  propertyId: Id.nullable(),
  propertyTitle: z.string().nullable(),
  followUp: FollowUp,
  assigneeId: Id.nullable(),
  assigneeName: z.string().nullable(),
  note: z.string().nullable(),
  /** When it first left "nouvelle". */
  contactedAt: IsoDateTime.nullable(),
  /** Still "nouvelle" UNANSWERED_HOURS after it came. */
  overdue: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItem>;

/** One change of a request's follow-up: who, when, which field, from what to what. */
export const InboxChange = z.object({
  at: IsoDateTime,
  actorName: z.string(),
  field: z.enum(['followUp', 'assignee', 'note']),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type InboxChange = z.infer<typeof InboxChange>;

export const InboxDetail = InboxItem.extend({ history: z.array(InboxChange) });
export type InboxDetail = z.infer<typeof InboxDetail>;

const IdFilter = z.coerce.number().int().positive().max(2_147_483_647);

export const InboxFilters = z.object({
  followUp: FollowUp.optional(),
  kind: z.enum(['message', 'visit', 'report']).optional(),
  /** A team member's id, or `none` for the requests nobody is in charge of. */
  assignee: z.union([z.literal('none'), IdFilter]).optional(),
  property: IdFilter.optional(),
  /** Only the flagged ones. */
  overdue: z.enum(['true', 'false']).optional(),
});
export type InboxFilters = z.infer<typeof InboxFilters>;
export const InboxQuery = PageQuery.extend(InboxFilters.shape);
export type InboxQuery = z.infer<typeof InboxQuery>;

export const InboxParams = z.object({ kind: RequestKind, id: IdFilter });

/** A change of follow-up: any of the three; a null assignee or note clears it. */
export const InboxPatch = z
  .object({
    followUp: FollowUp.optional(),
    assigneeId: Id.nullable().optional(),
    note: z
      .string()
      .trim()
      .max(4000)
      .refine((v) => isCleanText(v, true), { error: 'Caractères de contrôle interdits' })
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((p) => p.followUp !== undefined || p.assigneeId !== undefined || p.note !== undefined, {
    error: 'Rien à changer : followUp, assigneeId ou note',
  });
export type InboxPatch = z.infer<typeof InboxPatch>;

/** The inbox's figures for the dashboard: what waits, and how fast requests are first answered. */
export const InboxSummary = z.object({
  new: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
  /** Median hours from a request's arrival to its first contact, over the last 30 days; null without any. */
  medianHoursToContact: z.number().nonnegative().nullable(),
});
export type InboxSummary = z.infer<typeof InboxSummary>;
