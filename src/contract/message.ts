import { z } from 'zod';
import {
  blankToUndefined,
  Email,
  Id,
  IsoDateTime,
  Line,
  PageQuery,
  Phone,
  SearchText,
  Text,
} from './common.ts';
import { MessagePropertyType, MessageStatus } from './enums.ts';

export const Message = z.object({
  id: Id,
  senderName: z.string(),
  senderEmail: z.string(),
  senderPhone: z.string().nullable(),
  subject: z.string(),
  content: z.string(),
  propertyType: MessagePropertyType,
  propertyId: Id.nullable(),
  status: MessageStatus,
  createdAt: IsoDateTime,
  repliedAt: IsoDateTime.nullable(),
});
export type Message = z.infer<typeof Message>;

export const MessageInput = z
  .object({
    senderName: Line(120),
    senderEmail: Email,
    senderPhone: z.preprocess(blankToUndefined, Phone.optional()),
    subject: Line(200),
    content: Text(5000),
    propertyType: MessagePropertyType.default('general'),
    propertyId: Id.nullish(),
  })
  .refine((m) => m.propertyType !== 'report' || m.propertyId != null, {
    error: "Un signalement doit indiquer l'annonce concernée",
    path: ['propertyId'],
  });
export type MessageInput = z.infer<typeof MessageInput>;

export const MessageStatusPatch = z.object({ status: MessageStatus });

export const MessageListQuery = PageQuery.extend({
  q: SearchText.optional(),
  status: MessageStatus.optional(),
  /** The message's kind: `report` lists the visitors' reports of listings. */
  propertyType: MessagePropertyType.optional(),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;
