import {
  PROPERTY_STATUSES,
  type Property,
  type PropertyStatus,
  type PropertyVerification,
} from '../../contract/index.ts';
import { formatDate, formatNumber } from '../lib/format.ts';
import { formatArea, formatPrice, PROPERTY_STATUS_LABELS, t } from '../lib/labels.ts';
import { EditAndDelete } from '../ui/item-actions.tsx';
import { Badge } from '../ui/states.tsx';
import { checkIsRecent, checkLabel, VerifyButton } from './verification.tsx';

interface Props {
  property: Property;
  onVerified: (v: PropertyVerification) => void;
  onEdit: () => void;
  onDelete: () => void;
  onStatus: (status: PropertyStatus) => void;
}

export function PropertyRow({ property: p, onEdit, onDelete, onStatus, onVerified }: Props) {
  const cover = p.media.find((m) => m.type === 'image');
  return (
    <li className="adm-item adm-property">
      <div className="adm-property-media">
        {cover ? (
          <img src={cover.thumbnail ?? cover.url} alt="" width={160} height={120} loading="lazy" />
        ) : (
          <span aria-hidden="true">⌂</span>
        )}
        <Badge tone={p.status}>{PROPERTY_STATUS_LABELS[p.status]}</Badge>
      </div>
      <div className="adm-item-body">
        <h2>
          <a href={`/property/${p.id}`} target="_blank" rel="noreferrer">
            {p.title}
          </a>
        </h2>
        <p className="adm-price">{formatPrice(p)}</p>
        <p className="adm-muted">
          {t(`category.${p.category}`)} · {t(`type.${p.type}`)} · {p.state} · {formatArea(p.area)}
        </p>
        <p className="adm-muted">{p.address}</p>
        <p className="adm-meta">
          {formatNumber(p.viewCount)} vues ·{' '}
          {p.agent
            ? p.agent.name
            : p.managerId
              ? 'Agent désactivé (coordonnées de l’agence affichées)'
              : 'Sans agent'}{' '}
          · modifiée le {formatDate(p.updatedAt)}
          {p.featured ? ' · En vedette' : ''}
        </p>
        <p className={`adm-meta ${checkIsRecent(p.verifiedAt) ? 'adm-checked' : 'adm-check-due'}`}>
          {checkLabel(p.verifiedAt)}
        </p>
        <div className="adm-quick" role="group" aria-label={`Statut de ${p.title}`}>
          {PROPERTY_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={`adm-chip adm-tone-${s}`}
              aria-pressed={p.status === s}
              disabled={p.status === s}
              onClick={() => onStatus(s)}
            >
              {PROPERTY_STATUS_LABELS[s]}
            </button>
          ))}
        </div>
      </div>
      <div className="adm-item-actions">
        <VerifyButton property={p} onVerified={onVerified} />
        <EditAndDelete name={p.title} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}
