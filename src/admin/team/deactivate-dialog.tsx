import { useState } from 'react';
import { paginated, ReassignListingsResult, TeamMember } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { mutate, type Outcome } from '../lib/mutate.ts';
import { useResource } from '../lib/use-resource.ts';
import { DialogActions } from '../ui/dialog-actions.tsx';
import { SelectField } from '../ui/field.tsx';
import { Modal } from '../ui/modal.tsx';

interface Props {
  /** The member about to be deactivated, who still manages listings; null keeps the dialog closed. */
  member: TeamMember | null;
  onCancel: () => void;
  /** The member as saved once deactivated. */
  onDone: (saved: TeamMember) => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** The listings handed to `heir` (a member's id, or '' for none), then the member deactivated. */
async function deactivate(
  member: TeamMember,
  heir: string,
  heirName: string | undefined,
): Promise<Outcome<TeamMember>> {
  if (heir) {
    const handed = await mutate(
      () =>
        answer(
          ReassignListingsResult,
          api().post(`team/${member.id}/reassign`, { json: { to: Number(heir) } }),
        ),
      { failure: 'Les annonces n’ont pas pu être confiées : le membre reste actif' },
    );
    if (!handed.ok) return handed;
  }
  return mutate(() => answer(TeamMember, api().patch(`team/${member.id}/toggle-status`)), {
    success: (saved) =>
      heir
        ? `${saved.name} est désactivé ; ses annonces sont confiées à ${heirName ?? 'un autre membre'}`
        : `${saved.name} est désactivé ; ses annonces affichent les coordonnées de l’agence`,
    failure: 'Le statut n’a pas pu être modifié',
  });
}

/**
 * Deactivating a member who manages listings: the site stops showing their phone and e-mail
 * on those listings, which show the agency's instead, unless the admin hands them to another active member
 * here. The handing over is done first (`deactivate`): if it fails, the member stays active and nothing has
 * changed.
 */
export function DeactivateDialog({ member, onCancel, onDone }: Props) {
  const [heir, setHeir] = useState('');
  const [busy, setBusy] = useState(false);
  const others = useResource(
    () =>
      member
        ? answer(paginated(TeamMember), api().get('team', { searchParams: { active: 'true', limit: 100 } }))
        : Promise.resolve(null),
    String(member?.id ?? ''),
  );
  if (!member) return null;
  const candidates = (others.data?.data ?? []).filter((m) => m.id !== member.id);
  const names = new Map(candidates.map((m) => [String(m.id), `${m.name} (${m.role})`]));
  const close = () => {
    setHeir('');
    onCancel();
  };

  const confirm = async () => {
    setBusy(true);
    const outcome = await deactivate(member, heir, candidates.find((m) => String(m.id) === heir)?.name);
    setBusy(false);
    if (outcome.ok) {
      setHeir('');
      onDone(outcome.value);
    }
  };

  return (
    <Modal
      open
      title={`Désactiver ${member.name}`}
      onClose={close}
      footer={
        <DialogActions
          onCancel={close}
          label={busy ? 'Enregistrement…' : heir ? 'Confier et désactiver' : 'Désactiver'}
          disabled={busy}
          onConfirm={() => void confirm()}
        />
      }
    >
      <p>
        {member.name} suit {plural(member.propertiesAssigned, 'propriété', 'propriétés')}. Une fois désactivé,
        son téléphone et son e-mail ne sont plus affichés sur le site : ces annonces montrent les coordonnées
        de l’agence, à moins de les confier à un autre membre actif.
      </p>
      <SelectField
        label="Confier ses annonces à"
        options={candidates.map((m) => String(m.id))}
        labelOf={(id) => names.get(id) ?? id}
        placeholder="Personne : afficher les coordonnées de l’agence"
        value={heir}
        onChange={setHeir}
      />
    </Modal>
  );
}
