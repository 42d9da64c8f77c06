import type { InboxItem } from '../../contract/index.ts';
import { normalizePhone } from '../../shared/phone.ts';
import { whatsappLink } from '../../shared/whatsapp.ts';
import type { Notification } from './mailer.ts';

/**
 * The lines that make a request's mail useful to the agent it is for: the listing, a one-tap
 * WhatsApp chat with the visitor (the greeting typed in advance names the listing), and the request in the
 * admin, where it is followed up.
 */
export function leadLines(item: InboxItem, site: string): string[] {
  const lines: string[] = [];
  if (item.propertyId !== null) {
    lines.push(
      `Annonce : ${item.propertyTitle ?? `n° ${item.propertyId}`} — ${site}/property/${item.propertyId}`,
    );
  }
  const phone = item.phone ? normalizePhone(item.phone) : null;
  if (phone?.ok) {
    const about = item.propertyTitle ? ` au sujet de « ${item.propertyTitle} »` : '';
    const greeting = `Bonjour ${item.name}, merci pour votre demande${about}. `;
    lines.push(`Répondre sur WhatsApp : ${whatsappLink(phone.value.slice(1), greeting)}`);
  }
  lines.push(`Suivre la demande : ${site}/admin/requests?open=${item.kind}-${item.id}`);
  return lines;
}

/**
 * A visit request's or a message's notification: to the listing's agent with the agency in copy when there
 * is one (a listing report stays the agency's), else to the agency.
 */
export function leadNotification(
  base: Notification,
  item: InboxItem | null,
  agentEmail: string | null,
  site: string,
): Notification {
  if (!item) return base;
  const forAgent = agentEmail && item.topic !== 'report' ? { to: agentEmail } : {};
  return { ...base, ...forAgent, text: `${base.text}\n\n${leadLines(item, site).join('\n')}` };
}
