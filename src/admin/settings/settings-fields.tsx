import { useState } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../contract/index.ts';
import { formatPhone, normalizePhone } from '../../shared/phone.ts';
import { Field } from '../ui/field.tsx';
import { ImagePicker, useImageUpload } from '../ui/image-upload.tsx';
import { InputField } from '../ui/input-field.tsx';
import type { SettingsDraft } from './draft.ts';

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

interface Props {
  draft: SettingsDraft;
  errors: Record<string, string>;
  set: (patch: Partial<SettingsDraft>) => void;
}

type TextKey = Exclude<keyof SettingsDraft, 'logo' | 'social'>;

/** One setting typed as text (a number too: the draft keeps it as typed), with its error from the last check. */
function text(
  { draft, errors, set }: Props,
  key: TextKey,
  label: string,
  extra: { required?: boolean; hint?: string; type?: string; max?: number } = {},
) {
  return (
    <InputField
      label={label}
      required={extra.required}
      error={errors[key]}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      value={draft[key]}
      maxLength={extra.max}
      onChange={(value) => set({ [key]: value })}
    />
  );
}

/** The agency's name and its logo (uploaded, or the site's own when none). */
function IdentityFields(props: Props) {
  const { draft, errors, set } = props;
  const logo = useImageUpload((item) => set({ logo: item.url }));
  return (
    <fieldset className="adm-fieldset">
      <legend>Identité</legend>
      <div className="adm-form-grid">
        <div className="adm-span-2">
          {text(props, 'name', "Nom de l'agence", { required: true, max: 80 })}
        </div>
        <div className="adm-logo-field adm-span-2">
          <span className="adm-logo-preview">
            {draft.logo ? <img src={draft.logo} alt="Logo actuel" /> : <span>Logo du site</span>}
          </span>
          <ImagePicker
            image={logo}
            present={Boolean(draft.logo)}
            labels={{
              add: 'Envoyer un logo',
              change: 'Changer le logo',
              remove: 'Revenir au logo du site',
            }}
            onRemove={() => set({ logo: null })}
          />
          {(logo.failed || errors.logo) && (
            <p className="adm-alert adm-span-2" role="alert">
              {errors.logo ?? 'Erreur lors du téléchargement du logo'}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** Telephone, WhatsApp, e-mail, address and the office's position on the map. */
function ContactFields(props: Props) {
  const { draft, errors, set } = props;
  // Numbers are shown normalised as soon as the field is left, with the same message the server would give.
  const [phoneErrors, setPhoneErrors] = useState<Record<'phone' | 'whatsapp', string | undefined>>({
    phone: undefined,
    whatsapp: undefined,
  });
  const tidyPhone = (key: 'phone' | 'whatsapp') => {
    const checked = normalizePhone(draft[key]);
    setPhoneErrors((e) => ({ ...e, [key]: checked.ok ? undefined : checked.message }));
    if (checked.ok) set({ [key]: formatPhone(checked.value) });
  };
  const phone = (key: 'phone' | 'whatsapp', label: string) => (
    <InputField
      label={label}
      required
      error={phoneErrors[key] ?? errors[key]}
      hint="Par exemple 0812345678, enregistré +243 81 234 5678"
      type="tel"
      value={draft[key]}
      onChange={(value) => set({ [key]: value })}
      onBlur={() => tidyPhone(key)}
    />
  );
  return (
    <fieldset className="adm-fieldset">
      <legend>Coordonnées</legend>
      <div className="adm-form-grid">
        {phone('phone', 'Téléphone')}
        {phone('whatsapp', 'Numéro WhatsApp')}
        {text(props, 'email', 'E-mail', { required: true, type: 'email' })}
        {text(props, 'address', 'Adresse', { required: true, max: 200 })}
        {text(props, 'lat', 'Latitude', { hint: 'Position du bureau sur la carte, par exemple -4.3105' })}
        {text(props, 'long', 'Longitude', { hint: 'Par exemple 15.3136' })}
      </div>
    </fieldset>
  );
}

function SocialFields({ draft, errors, set }: Props) {
  return (
    <fieldset className="adm-fieldset">
      <legend>Réseaux sociaux</legend>
      <div className="adm-form-grid">
        {SOCIAL_NETWORKS.map((n) => (
          <Field key={n} label={SOCIAL_LABELS[n]} error={errors[`social.${n}`]}>
            {(c) => (
              <input
                {...c}
                type="url"
                placeholder="https://"
                value={draft.social[n]}
                onChange={(e) => set({ social: { ...draft.social, [n]: e.target.value } })}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

/** Identity, contact, opening hours, social pages and figures of the agency. */
export function SettingsFields(props: Props) {
  return (
    <>
      <IdentityFields {...props} />
      <ContactFields {...props} />

      <fieldset className="adm-fieldset">
        <legend>Heures d'ouverture</legend>
        <div className="adm-form-grid adm-grid-3">
          {text(props, 'weekdays', 'Lundi – vendredi', { hint: 'Vide : fermé', max: 40 })}
          {text(props, 'saturday', 'Samedi', { hint: 'Vide : fermé', max: 40 })}
          {text(props, 'sunday', 'Dimanche', { hint: 'Vide : fermé', max: 40 })}
        </div>
      </fieldset>

      <SocialFields {...props} />

      <fieldset className="adm-fieldset">
        <legend>Chiffres de la page « À propos »</legend>
        <p className="adm-meta">
          Les propriétés vendues et les communes sont comptées dans les annonces ; ces deux chiffres-ci ne
          peuvent pas l'être.
        </p>
        <div className="adm-form-grid">
          {text(props, 'clients', 'Clients satisfaits', { required: true, type: 'number' })}
          {text(props, 'foundedYear', 'Année de création', {
            type: 'number',
            hint: 'Vide : comptée depuis l’arrivée du premier membre de l’équipe',
          })}
        </div>
      </fieldset>
    </>
  );
}
