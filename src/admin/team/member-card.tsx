import type { TeamMember } from '../../contract/index.ts';
import { telHref } from '../../shared/phone.ts';
import { formatDate } from '../lib/format.ts';
import { EditAndDelete } from '../ui/item-actions.tsx';
import { Badge } from '../ui/states.tsx';

interface Props {
  member: TeamMember;
  /** Admins only: (de)activate, edit, delete. */
  canManage: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A team member as staff see them: photo, role, whether shown on the site, contacts, listings followed. */
export function MemberCard({ member: m, canManage, onToggle, onEdit, onDelete }: Props) {
  return (
    <li className="adm-item adm-member">
      {m.photo ? (
        <img src={m.photo} alt="" width={64} height={64} className="adm-avatar" loading="lazy" />
      ) : (
        <span className="adm-avatar" aria-hidden="true">
          {m.name.charAt(0)}
        </span>
      )}
      <div className="adm-item-body">
        <h2>{m.name}</h2>
        <p className="adm-muted">{m.role}</p>
        <Badge tone={m.isActive ? 'available' : 'unavailable'}>{m.isActive ? 'Actif' : 'Inactif'}</Badge>
        <p>
          <a href={telHref(m.phone)}>{m.phone}</a>
          <br />
          <a href={`mailto:${m.email}`}>{m.email}</a>
        </p>
        <p className="adm-meta">
          {m.propertiesAssigned} propriété(s) suivie(s) · depuis le {formatDate(`${m.joinDate}T12:00:00Z`)}
        </p>
      </div>
      {canManage && (
        <div className="adm-item-actions">
          <button type="button" className="btn btn-outline" onClick={onToggle}>
            {m.isActive ? 'Désactiver' : 'Activer'}
          </button>
          <EditAndDelete name={m.name} onEdit={onEdit} onDelete={onDelete} />
        </div>
      )}
    </li>
  );
}
