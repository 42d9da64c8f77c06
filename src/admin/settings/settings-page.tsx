import { useState } from 'react';
import { AgencySettings } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { mutate } from '../lib/mutate.ts';
import { useResource } from '../lib/use-resource.ts';
import { AdminsOnly } from '../ui/admins-only.tsx';
import { SubmitButton } from '../ui/field.tsx';
import { Loading, LoadError, PageHead } from '../ui/states.tsx';
import { checkDraft, toDraft, type SettingsDraft } from './draft.ts';
import { SettingsFields } from './settings-fields.tsx';
import './settings.css';

/** Admins only (the API refuses agents too): the agency's identity as the public site shows it. */
export function SettingsPage() {
  return (
    <AdminsOnly>
      <SettingsEditor />
    </AdminsOnly>
  );
}

function SettingsEditor() {
  const settings = useResource(() => answer(AgencySettings, api().get('settings/agency')), 'agency');
  if (settings.error)
    return <LoadError message="Impossible de charger les paramètres." onRetry={settings.reload} />;
  if (!settings.data) return <Loading label="Chargement des paramètres…" />;
  return <SettingsForm initial={settings.data} onSaved={(saved) => settings.setData(() => saved)} />;
}

function SettingsForm({
  initial,
  onSaved,
}: {
  initial: AgencySettings;
  onSaved: (s: AgencySettings) => void;
}) {
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const outcome = await mutate(
      () => answer(AgencySettings, api().put('settings/agency', { json: checked.body })),
      {
        success: 'Paramètres enregistrés : ils seront visibles sur le site après la prochaine publication',
        failure: 'Erreur lors de l’enregistrement des paramètres',
      },
    );
    setSaving(false);
    if (outcome.ok) {
      onSaved(outcome.value);
      setDraft(toDraft(outcome.value));
    }
  };

  return (
    <>
      <PageHead
        title="Paramètres de l'agence"
        intro="Le nom, le logo, les coordonnées et les chiffres que le site public affiche."
      />
      <p className="adm-alert adm-alert-info" role="note">
        Les changements enregistrés apparaissent sur le site public après la prochaine publication (bouton «
        Publier » en haut de la page).
        {initial.updatedAt
          ? ` Dernière modification le ${formatDateTime(initial.updatedAt)} ; qui l’a faite : voir « Comptes et journal ».`
          : ' Valeurs par défaut de la configuration : jamais enregistrées ici.'}
      </p>
      <form
        className="adm-card adm-settings"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <SettingsFields draft={draft} errors={errors} set={set} />
        <div className="adm-form-actions">
          <SubmitButton busy={saving} busyLabel="Enregistrement…" label="Enregistrer" />
        </div>
      </form>
    </>
  );
}
