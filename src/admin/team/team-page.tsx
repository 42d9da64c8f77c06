import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { paginated, TeamMember, type Page } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { mutate, withItem } from '../lib/mutate.ts';
import { $account } from '../lib/session.ts';
import { useDebounced, useResource, type Resource } from '../lib/use-resource.ts';
import { CardList } from '../ui/card-list.tsx';
import { ListToolbar } from '../ui/list-controls.tsx';
import { RemoveDialog, useRemoval } from '../ui/remove-dialog.tsx';
import { PageHead } from '../ui/states.tsx';
import { DeactivateDialog } from './deactivate-dialog.tsx';
import { MemberCard } from './member-card.tsx';
import { TeamForm } from './team-form.tsx';
import './team.css';

const ACTIVITY = { true: 'Actifs', false: 'Inactifs' } as const;

/** The whole team (no pages: an agency has tens of members), searched and filtered by activity. */
function useTeamList() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<keyof typeof ACTIVITY | ''>('');
  const query = useDebounced(q.trim());
  const list = useResource(
    () =>
      answer(
        paginated(TeamMember),
        api().get('team', {
          searchParams: { limit: 100, ...(query ? { q: query } : {}), ...(status ? { active: status } : {}) },
        }),
      ),
    `${query}|${status}`,
  );
  return { q, setQ, status, setStatus, list };
}

/**
 * A member activated or deactivated at once, shown as saved; but an active member who still manages listings
 * is `leaving`: the dialog offers to hand the listings over first.
 */
function useActivation(list: Resource<Page<TeamMember>>) {
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
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
  return { leaving, setLeaving, toggle };
}

export function TeamPage() {
  const canManage = useStore($account)?.role === 'admin';
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const search = useTeamList();
  const { list } = search;
  const { leaving, setLeaving, toggle } = useActivation(list);
  const removal = useRemoval<TeamMember>(() => list.reload());

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
        state={search}
        search={{ label: 'Rechercher un membre', placeholder: 'Rechercher par nom, e-mail ou téléphone…' }}
        filter={{ label: 'Filtrer par état', all: 'Tous', options: ACTIVITY }}
      />
      <CardList
        resource={list}
        className="adm-cards adm-cards-grid"
        error="Erreur lors du chargement de l’équipe"
        empty="Aucun membre trouvé"
        card={(m) => (
          <MemberCard
            key={m.id}
            member={m}
            canManage={canManage}
            onToggle={() => void toggle(m)}
            onEdit={() => setEditing(m)}
            onDelete={() => removal.ask(m)}
          />
        )}
      />
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
