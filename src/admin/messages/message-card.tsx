import type { Message, MessageStatus } from '../../contract/index.ts';
import { telHref } from '../../shared/phone.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { MESSAGE_STATUS_LABELS } from '../lib/labels.ts';
import { Badge } from '../ui/states.tsx';

const TOPICS: Record<Message['propertyType'], string> = {
  buy: 'Achat',
  rent: 'Location',
  evaluation: 'Estimation',
  general: 'Général',
  report: 'Signalement',
};

interface Props {
  message: Message;
  onStatus: (status: MessageStatus) => void;
  onDelete: () => void;
}

/** Spec §4: read only when new, replied when new or read, close always; 'Répondu le {date}' once replied. */
export function MessageCard({ message: m, onStatus, onDelete }: Props) {
  const reply = `mailto:${m.senderEmail}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
  return (
    <li className={`adm-item adm-message${m.status === 'new' ? ' adm-unread' : ''}`}>
      <div className="adm-item-body">
        <div className="adm-item-top">
          <h2>{m.subject}</h2>
          {m.propertyType === 'report' && <Badge tone="earth">Signalement</Badge>}
          <Badge tone={`msg-${m.status}`}>{MESSAGE_STATUS_LABELS[m.status]}</Badge>
        </div>
        <p className="adm-meta">
          <strong>{m.senderName}</strong> · <a href={reply}>{m.senderEmail}</a>
          {m.senderPhone && (
            <>
              {' · '}
              <a href={telHref(m.senderPhone)}>{m.senderPhone}</a>
            </>
          )}
          {' · '}
          {TOPICS[m.propertyType]} · reçu le {formatDateTime(m.createdAt)}
          {m.propertyId && (
            <>
              {' · '}
              <a href={`/property/${m.propertyId}`} target="_blank" rel="noreferrer">
                propriété n° {m.propertyId}
              </a>
            </>
          )}
        </p>
        <p className="adm-message-text">{m.content}</p>
        {m.repliedAt && <p className="adm-meta">Répondu le {formatDate(m.repliedAt)}</p>}
      </div>
      <div className="adm-item-actions">
        <a className="btn btn-outline" href={reply}>
          Répondre par e-mail
        </a>
        {m.status === 'new' && (
          <button type="button" className="btn btn-outline" onClick={() => onStatus('read')}>
            Marquer comme lu
          </button>
        )}
        {(m.status === 'new' || m.status === 'read') && (
          <button type="button" className="btn btn-outline" onClick={() => onStatus('replied')}>
            Marquer comme répondu
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline"
          disabled={m.status === 'closed'}
          onClick={() => onStatus('closed')}
        >
          Fermer
        </button>
        <button
          type="button"
          className="btn adm-btn-danger-outline"
          onClick={onDelete}
          aria-label={`Supprimer le message de ${m.senderName}`}
        >
          Supprimer
        </button>
      </div>
    </li>
  );
}
