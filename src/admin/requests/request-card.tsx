import { useState } from 'react';
import { InboxDetail, type InboxItem, type TeamMember } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { whatsappChat } from '../lib/contact-links.ts';
import { formatDateTime, visitDay } from '../lib/format.ts';
import { mutate } from '../lib/mutate.ts';
import { Badge } from '../ui/states.tsx';
import { FollowUpControls, RequestHistory } from './request-follow-up.tsx';

const KIND_LABELS = { visit: 'Demande de visite', message: 'Message', report: 'Signalement' } as const;
const kindOf = (i: InboxItem) => (i.kind === 'visit' ? 'visit' : i.topic === 'report' ? 'report' : 'message');

/** A request's follow-up saved, and its history, loaded the first time the card's history is opened. */
function useFollowUp(item: InboxItem, onSaved: (saved: InboxDetail) => void) {
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
  return { detail, save, loadHistory };
}

/** How to answer the visitor (WhatsApp, e-mail) and when the request came and was first answered. */
function RequestContact({ item }: { item: InboxItem }) {
  return (
    <p className="adm-meta">
      {item.phone && (
        <>
          <a href={whatsappChat(item.phone)} target="_blank" rel="noreferrer">
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
  );
}

interface Props {
  item: InboxItem;
  team: TeamMember[];
  open: boolean;
  onSaved: (saved: InboxDetail) => void;
}

/** One request of the inbox: who, about what, and its follow-up that staff change here. */
export function RequestCard({ item, team, open, onSaved }: Props) {
  const { detail, save, loadHistory } = useFollowUp(item, onSaved);
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
            {item.name} · {kind === 'visit' ? `visite le ${visitDay(item.subject)}` : item.subject}
          </h2>
          <Badge tone={kind === 'report' ? 'visit-cancelled' : 'visit-new'}>{KIND_LABELS[kind]}</Badge>
          {item.overdue && <Badge tone="visit-cancelled">Sans réponse depuis plus de 48 h</Badge>}
        </div>
        <RequestContact item={item} />
        {item.propertyId !== null && (
          <p>
            <a href={`/property/${item.propertyId}`} target="_blank" rel="noreferrer">
              {item.propertyTitle ?? `Propriété n° ${item.propertyId} (supprimée)`}
            </a>
          </p>
        )}
        {item.content && <p className="adm-pre">{item.content}</p>}
        <FollowUpControls item={item} team={team} label={label} save={save} />
        <RequestHistory detail={detail} open={open} onToggle={loadHistory} />
      </div>
    </li>
  );
}
