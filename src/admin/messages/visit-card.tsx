import type { VisitRequest, VisitStatus } from '../../contract/index.ts';
import { whatsappChat } from '../lib/contact-links.ts';
import { formatDateTime, visitDay } from '../lib/format.ts';
import { VISIT_STATUS_LABELS } from '../lib/labels.ts';
import { DeleteButton } from '../ui/remove-dialog.tsx';
import { Badge } from '../ui/states.tsx';

/** The picker's day (YYYY-MM-DD) or local Kinshasa date and time (YYYY-MM-DDTHH:mm[:ss]). */
interface Props {
  visit: VisitRequest;
  /** The listing's title, once loaded. */
  title: string | undefined;
  onStatus: (status: VisitStatus) => void;
  onDelete: () => void;
}

/** A new request is confirmed or cancelled, a confirmed one done or cancelled; any can be deleted. */
function VisitActions({ visit: v, onStatus, onDelete }: Omit<Props, 'title'>) {
  return (
    <div className="adm-item-actions">
      {v.status === 'new' && (
        <button type="button" className="btn btn-outline" onClick={() => onStatus('confirmed')}>
          Confirmer
        </button>
      )}
      {v.status === 'confirmed' && (
        <button type="button" className="btn btn-outline" onClick={() => onStatus('done')}>
          Marquer effectuée
        </button>
      )}
      {(v.status === 'new' || v.status === 'confirmed') && (
        <button type="button" className="btn adm-btn-danger-outline" onClick={() => onStatus('cancelled')}>
          Annuler la visite
        </button>
      )}
      <DeleteButton label={`Supprimer la demande de ${v.name}`} onClick={onDelete} />
    </div>
  );
}

/** One visit request from a property page: who, when, about which listing, and what staff can do with it. */
export function VisitCard({ visit: v, title, onStatus, onDelete }: Props) {
  return (
    <li className={`adm-item${v.status === 'new' ? ' adm-unread' : ''}`}>
      <div className="adm-item-body">
        <div className="adm-item-top">
          <h2>
            {v.name} · {visitDay(v.visitDate)}
          </h2>
          <Badge tone={`visit-${v.status}`}>{VISIT_STATUS_LABELS[v.status]}</Badge>
        </div>
        <p className="adm-meta">
          <a href={whatsappChat(v.telephone)} target="_blank" rel="noreferrer">
            WhatsApp {v.telephone}
          </a>
          {v.email && (
            <>
              {' · '}
              <a href={`mailto:${v.email}`}>{v.email}</a>
            </>
          )}
          {' · '}demandé le {formatDateTime(v.createdAt)}
        </p>
        {v.propertyId ? (
          <p>
            <a href={`/property/${v.propertyId}`} target="_blank" rel="noreferrer">
              {title ?? `Propriété n° ${v.propertyId}`}
            </a>
          </p>
        ) : (
          v.url && <p className="adm-meta">Page : {v.url}</p>
        )}
      </div>
      <VisitActions visit={v} onStatus={onStatus} onDelete={onDelete} />
    </li>
  );
}
