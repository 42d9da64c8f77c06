import { useState } from 'react';
import {
  FOLLOW_UPS,
  InboxDetail,
  type FollowUp,
  type InboxItem,
  type TeamMember,
} from '../../contract/index.ts';
import { FOLLOW_UP_LABELS } from '../../shared/follow-up.ts';
import { normalizePhone } from '../../shared/phone.ts';
import { api, answer } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { mutate } from '../lib/mutate.ts';
import { Badge } from '../ui/states.tsx';

const KIND_LABELS = { visit: 'Demande de visite', message: 'Message', report: 'Signalement' } as const;
const kindOf = (i: InboxItem) => (i.kind === 'visit' ? 'visit' : i.topic === 'report' ? 'report' : 'message');
/** A chat with the visitor: their number as typed ("081…") made international, as wa.me wants it. */
const whatsappTo = (phone: string) => {
  const checked = normalizePhone(phone);
  return `https://wa.me/${checked.ok ? checked.value.slice(1) : phone.replace(/\D/g, '')}`;
};
const FIELD_LABELS = { followUp: 'Statut', assignee: 'Agent', note: 'Note' } as const;
const shown = (field: keyof typeof FIELD_LABELS, value: string | null) =>
  value === null ? '—' : field === 'followUp' ? (FOLLOW_UP_LABELS[value as FollowUp] ?? value) : value;

/** One request of the inbox: who, about what, and its follow-up that staff change here. */
export function RequestCard({
  item,
  team,
  open,
  onSaved,
}: {
  item: InboxItem;
  team: TeamMember[];
  open: boolean;
  onSaved: (saved: InboxDetail) => void;
}) {
  const [note, setNote] = useState(item.note ?? '');
  const [detail, setDetail] = useState<InboxDetail | null>(null);
  const path = `requests/${item.kind}/${item.id}`;
  const save = async (patch: Record<string, unknown>) => {
    const result = await mutate(() => answer(InboxDetail, api().patch(path, { json: patch })), {
      success: 'Demande mise à jour',
      failure: 'La demande n’a pas pu être mise à jour',
    });
    if (result.ok) {
      onSaved(result.value);
      setDetail(result.value);
    }
  };
  const loadHistory = (opened: boolean) => {
    if (opened && !detail) void answer(InboxDetail, api().get(path)).then(setDetail).catch(console.error);
  };
  const kind = kindOf(item);
  const label = `${KIND_LABELS[kind]} de ${item.name}`;
  return (
    <li
      className={`adm-item${item.followUp === 'new' ? ' adm-unread' : ''}${open ? ' adm-focus' : ''}`}
      id={`request-${item.kind}-${item.id}`}
      aria-label={label}
    >
      <div className="adm-item-body">
        <div className="adm-item-top">
          <h2>
            {item.name} · {kind === 'visit' ? `visite le ${item.subject}` : item.subject}
          </h2>
          <Badge tone={kind === 'report' ? 'visit-cancelled' : 'visit-new'}>{KIND_LABELS[kind]}</Badge>
          {item.overdue && <Badge tone="visit-cancelled">Sans réponse depuis plus de 48 h</Badge>}
        </div>
        <p className="adm-meta">
          {item.phone && (
            <>
              <a href={whatsappTo(item.phone)} target="_blank" rel="noreferrer">
                WhatsApp {item.phone}
              </a>
              {' · '}
            </>
          )}
          {item.email && (
            <>
              <a href={`mailto:${item.email}`}>{item.email}</a>
              {' · '}
            </>
          )}
          reçue le {formatDateTime(item.createdAt)}
          {item.contactedAt && <> · premier contact le {formatDateTime(item.contactedAt)}</>}
        </p>
        {item.propertyId !== null && (
          <p>
            <a href={`/property/${item.propertyId}`} target="_blank" rel="noreferrer">
              {item.propertyTitle ?? `Propriété n° ${item.propertyId} (supprimée)`}
            </a>
          </p>
        )}
        {item.content && <p className="adm-pre">{item.content}</p>}
        <div className="adm-follow">
          <label>
            Statut
            <select
              value={item.followUp}
              onChange={(e) => void save({ followUp: e.target.value })}
              aria-label={`Statut : ${label}`}
            >
              {FOLLOW_UPS.map((f) => (
                <option key={f} value={f}>
                  {FOLLOW_UP_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Agent
            <select
              value={item.assigneeId ?? ''}
              onChange={(e) => void save({ assigneeId: e.target.value ? Number(e.target.value) : null })}
              aria-label={`Agent : ${label}`}
            >
              <option value="">Personne</option>
              {team.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <label className="adm-follow-note">
            Note interne
            <textarea value={note} rows={2} maxLength={4000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button
            type="button"
            className="btn btn-outline"
            disabled={note === (item.note ?? '')}
            onClick={() => void save({ note })}
          >
            Enregistrer la note
          </button>
        </div>
        <details open={open} onToggle={(e) => loadHistory(e.currentTarget.open)}>
          <summary>Historique</summary>
          {detail === null ? (
            <p className="adm-muted">Chargement…</p>
          ) : detail.history.length === 0 ? (
            <p className="adm-muted">Aucun changement pour l’instant.</p>
          ) : (
            <ol className="adm-history">
              {detail.history.map((h, i) => (
                <li key={i}>
                  {formatDateTime(h.at)} · {h.actorName} · {FIELD_LABELS[h.field]} :{' '}
                  {shown(h.field, h.before)} → {shown(h.field, h.after)}
                </li>
              ))}
            </ol>
          )}
        </details>
      </div>
    </li>
  );
}
