import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { paginated, TeamMember } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { mutate, withItem } from '../lib/mutate.ts';
import { $account } from '../lib/session.ts';
import { useDebounced, useResource } from '../lib/use-resource.ts';
import { ListState, ListToolbar } from '../ui/list-controls.tsx';
import { DeleteButton, RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { Badge, PageHead } from '../ui/states.tsx';
import { DeactivateDialog } from './deactivate-dialog.tsx';
import { TeamForm } from './team-form.tsx';
import './team.css';

const ACTIVITY = { true: 'Actifs', false: 'Inactifs' } as const;

export function TeamPage() {
  const canManage = useStore($account)?.role === 'admin';
  const [q, setQ] = useState('');
  const [active, setActive] = useState<keyof typeof ACTIVITY | ''>('');
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  /** A member with listings being deactivated: the dialog offers to hand them over first. */
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
  const removal = useRemoval<TeamMember>(() => list.reload());
  const query = useDebounced(q.trim());

  const list = useResource(
    () =>
      answer(
        paginated(TeamMember),
        api().get('team', {
          searchParams: { limit: 100, ...(query ? { q: query } : {}), ...(active ? { active } : {}) },
        }),
      ),
    `${query}|${active}`,
  );

  const toggle = async (m: TeamMember) => {
    if (m.isActive && m.propertiesAssigned > 0) {
      setLeaving(m);
      return;
    }
    const outcome = await mutate(() => answer(TeamMember, api().patch(`team/${m.id}/toggle-status`)), {
      success: (saved) => (saved.isActive ? `${saved.name} est actif` : `${saved.name} est désactivé`),
      failure: 'Le statut n’a pas pu être modifié',
    });
    if (outcome.ok) list.setData(withItem(outcome.value));
  };

  return (
    <>
      <PageHead
        title="Équipe"
        intro={
          canManage
            ? 'Les agents et le personnel affichés sur le site.'
            : 'Seuls les administrateurs peuvent modifier l’équipe.'
        }
        actions={
          canManage && (
            <button type="button" className="btn btn-green" onClick={() => setEditing('new')}>
              + Ajouter un membre
            </button>
          )
        }
      />
      <ListToolbar
        state={{ q, setQ, status: active, setStatus: setActive }}
        search={{ label: 'Rechercher un membre', placeholder: 'Rechercher par nom, e-mail ou téléphone…' }}
        filter={{ label: 'Filtrer par état', all: 'Tous', options: ACTIVITY }}
      />
      <ListState resource={list} error="Erreur lors du chargement de l’équipe" empty="Aucun membre trouvé">
        {(data) => (
          <ul className="adm-cards adm-cards-grid">
            {data.data.map((m) => (
              <li key={m.id} className="adm-item adm-member">
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
                  <Badge tone={m.isActive ? 'available' : 'unavailable'}>
                    {m.isActive ? 'Actif' : 'Inactif'}
                  </Badge>
                  <p>
                    <a href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}>{m.phone}</a>
                    <br />
                    <a href={`mailto:${m.email}`}>{m.email}</a>
                  </p>
                  <p className="adm-meta">
                    {m.propertiesAssigned} propriété(s) suivie(s) · depuis le{' '}
                    {formatDate(`${m.joinDate}T12:00:00Z`)}
                  </p>
                </div>
                {canManage && (
                  <div className="adm-item-actions">
                    <button type="button" className="btn btn-outline" onClick={() => void toggle(m)}>
                      {m.isActive ? 'Désactiver' : 'Activer'}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => setEditing(m)}
                      aria-label={`Modifier ${m.name}`}
                    >
                      Modifier
                    </button>
                    <DeleteButton label={`Supprimer ${m.name}`} onClick={() => removal.ask(m)} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
      {editing && (
        <TeamForm
          member={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
      <DeactivateDialog
        member={leaving}
        onCancel={() => setLeaving(null)}
        onDone={() => {
          setLeaving(null);
          // Reloaded, not patched in place: the heir's count of listings changed too.
          list.reload();
        }}
      />
      <RemoveDialog
        {...removal.dialog}
        title="Supprimer le membre"
        describe={(m) =>
          `Supprimer ${m.name} de l’équipe ? Ses propriétés passeront sous le nom de l’agence.`
        }
        path={(m) => `team/${m.id}`}
        success="Membre supprimé"
      />
    </>
  );
}
