import { useState } from 'react';
import {
  FOLLOW_UPS,
  type FollowUp,
  type InboxDetail,
  type InboxItem,
  type TeamMember,
} from '../../contract/index.ts';
import { FOLLOW_UP_LABELS } from '../../shared/follow-up.ts';
import { formatDateTime } from '../lib/format.ts';

const FIELD_LABELS = { followUp: 'Statut', assignee: 'Agent', note: 'Note' } as const;
const shown = (field: keyof typeof FIELD_LABELS, value: string | null) =>
  value === null ? '—' : field === 'followUp' ? (FOLLOW_UP_LABELS[value as FollowUp] ?? value) : value;

interface ControlsProps {
  item: InboxItem;
  team: TeamMember[];
  /** "Demande de visite de …": names each control for screen readers. */
  label: string;
  save: (patch: Record<string, unknown>) => Promise<void>;
}

/** What staff change on a request: its status and agent (saved at once), its internal note (on demand). */
export function FollowUpControls({ item, team, label, save }: ControlsProps) {
  const [note, setNote] = useState(item.note ?? '');
  return (
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
  );
}

interface HistoryProps {
  /** The request with its history; null until it has loaded. */
  detail: InboxDetail | null;
  open: boolean;
  onToggle: (open: boolean) => void;
}

/** Who changed what on the request and when, oldest first, folded until opened. */
export function RequestHistory({ detail, open, onToggle }: HistoryProps) {
  return (
    <details open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary>Historique</summary>
      {detail === null ? (
        <p className="adm-muted">Chargement…</p>
      ) : detail.history.length === 0 ? (
        <p className="adm-muted">Aucun changement pour l’instant.</p>
      ) : (
        <ol className="adm-history">
          {detail.history.map((h, i) => (
            <li key={i}>
              {formatDateTime(h.at)} · {h.actorName} · {FIELD_LABELS[h.field]} : {shown(h.field, h.before)} →{' '}
              {shown(h.field, h.after)}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
