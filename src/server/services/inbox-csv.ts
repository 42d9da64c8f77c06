import type { InboxItem } from '../../contract/index.ts';
import { FOLLOW_UP_LABELS } from '../../shared/follow-up.ts';

const kindLabel = (item: InboxItem) =>
  item.kind === 'visit' ? 'Demande de visite' : item.topic === 'report' ? 'Signalement' : 'Message';

/**
 * One cell: quoted, its quotes doubled; a cell a spreadsheet would read as a formula (=, +, -, @, tab, return)
 * starts with an apostrophe, so a visitor's text can never run in the agency's spreadsheet.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The inbox as CSV for the agency's spreadsheet: a byte-order mark (Excel reads UTF-8 then), CRLF lines. */
export function inboxCsv(items: InboxItem[]): string {
  const head = [
    'Type',
    'Reçue le',
    'Nom',
    'Téléphone',
    'E-mail',
    'Objet',
    'Annonce',
    'Titre de l’annonce',
    'Suivi',
    'Agent',
    'Note',
    'Premier contact',
    'Sans réponse depuis 48 h',
  ];
  const rows = items.map((i) => [
    kindLabel(i),
    i.createdAt,
    i.name,
    i.phone,
    i.email,
    i.subject,
    i.propertyId,
    i.propertyTitle,
    FOLLOW_UP_LABELS[i.followUp],
    i.assigneeName,
    i.note,
    i.contactedAt,
    i.overdue ? 'oui' : 'non',
  ]);
  return `\uFEFF${[head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
