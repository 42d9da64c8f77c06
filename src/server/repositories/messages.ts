import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Message, MessageInput, MessageListQuery, MessageStatus } from '../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { messages, properties } from '../../db/schema.ts';
import { statusChange, type Actor, type AuditRepository } from './audit.ts';
import { withReferenceCheck } from './errors.ts';
import { iso, isoOrNull, likePattern } from './mapping.ts';
import { newestFirst } from './paging.ts';

function toMessage(m: typeof messages.$inferSelect): Message {
  return {
    id: m.id,
    senderName: m.senderName,
    senderEmail: m.senderEmail,
    senderPhone: m.senderPhone,
    subject: m.subject,
    content: m.content,
    propertyType: m.propertyType,
    propertyId: m.propertyId,
    status: m.status,
    createdAt: iso(m.createdAt),
    repliedAt: isoOrNull(m.repliedAt),
  };
}

/** How a message is named in the audit log. */
const labelOf = (m: { subject: string; senderName: string }) => `${m.subject} (${m.senderName})`;

export function messagesRepository({ db }: Database, audit: AuditRepository) {
  return {
    async list(q: MessageListQuery) {
      const where: (SQL | undefined)[] = [];
      if (q.q) {
        const p = likePattern(q.q);
        where.push(
          or(
            ilike(messages.senderName, p),
            ilike(messages.senderEmail, p),
            ilike(messages.subject, p),
            ilike(messages.content, p),
          ),
        );
      }
      if (q.status) where.push(eq(messages.status, q.status));
      if (q.propertyType) where.push(eq(messages.propertyType, q.propertyType));
      return newestFirst(
        db,
        q,
        { table: messages, newest: messages.createdAt, where: and(...where) },
        toMessage,
      );
    },

    async get(id: number): Promise<Message | null> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id));
      return row ? toMessage(row) : null;
    },

    async create(input: MessageInput): Promise<Message> {
      const [row] = await withReferenceCheck("Le bien mentionné n'existe pas", () =>
        db
          .insert(messages)
          .values({
            ...input,
            senderPhone: input.senderPhone ?? null,
            propertyId: input.propertyId ?? null,
            // The inbox's agent in charge: the listing's.
            assigneeId: input.propertyId
              ? sql`(SELECT ${properties.managerId} FROM ${properties} WHERE ${properties.id} = ${input.propertyId})`
              : null,
          })
          .returning(),
      );
      return toMessage(row!);
    },

    /** Replying stamps repliedAt the first time only: the date of the first answer is what staff track. */
    async setStatus(id: number, status: MessageStatus, actor: Actor): Promise<Message | null> {
      const row = await audit.change(actor, (tx) =>
        statusChange(tx, 'message', messages, id, status, labelOf, {
          repliedAt: status === 'replied' ? sql`COALESCE(${messages.repliedAt}, now())` : messages.repliedAt,
        }),
      );
      return row && toMessage(row);
    },

    remove(id: number, actor: Actor): Promise<boolean> {
      return audit.remove(actor, 'message', messages, id, labelOf);
    },
  };
}
