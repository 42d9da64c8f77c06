import { useState } from 'react';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../../contract/index.ts';
import { formatPhone, normalizePhone } from '../../shared/phone.ts';
import { Field } from '../ui/field.tsx';
import { ImagePicker, useImageUpload } from '../ui/image-upload.tsx';
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

/** Identity, contact, opening hours, social pages and figures of the agency. */
export function SettingsFields({ draft, errors, set }: Props) {
  const logo = useImageUpload((item) => set({ logo: item.url }));
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

  const text = (
    key: keyof SettingsDraft & string,
    label: string,
    extra: { required?: boolean; hint?: string; type?: string; max?: number } = {},
  ) => (
    <Field
      label={label}
      required={extra.required}
      error={errors[key]}
      {...(extra.hint ? { hint: extra.hint } : {})}
    >
      {(c) => (
        <input
          {...c}
          type={extra.type ?? 'text'}
          value={draft[key] as string}
          maxLength={extra.max}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </Field>
  );
  const phone = (key: 'phone' | 'whatsapp', label: string) => (
    <Field
      label={label}
      required
      error={phoneErrors[key] ?? errors[key]}
      hint="Par exemple 0812345678, enregistré +243 81 234 5678"
    >
      {(c) => (
        <input
          {...c}
          type="tel"
          value={draft[key]}
          onChange={(e) => set({ [key]: e.target.value })}
          onBlur={() => tidyPhone(key)}
        />
      )}
    </Field>
  );

  return (
    <>
      <fieldset className="adm-fieldset">
        <legend>Identité</legend>
        <div className="adm-form-grid">
          <div className="adm-span-2">{text('name', "Nom de l'agence", { required: true, max: 80 })}</div>
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

      <fieldset className="adm-fieldset">
        <legend>Coordonnées</legend>
        <div className="adm-form-grid">
          {phone('phone', 'Téléphone')}
          {phone('whatsapp', 'Numéro WhatsApp')}
          {text('email', 'E-mail', { required: true, type: 'email' })}
          {text('address', 'Adresse', { required: true, max: 200 })}
          {text('lat', 'Latitude', { hint: 'Position du bureau sur la carte, par exemple -4.3105' })}
          {text('long', 'Longitude', { hint: 'Par exemple 15.3136' })}
        </div>
      </fieldset>

      <fieldset className="adm-fieldset">
        <legend>Heures d'ouverture</legend>
        <div className="adm-form-grid adm-grid-3">
          {text('weekdays', 'Lundi – vendredi', { hint: 'Vide : fermé', max: 40 })}
          {text('saturday', 'Samedi', { hint: 'Vide : fermé', max: 40 })}
          {text('sunday', 'Dimanche', { hint: 'Vide : fermé', max: 40 })}
        </div>
      </fieldset>

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

      <fieldset className="adm-fieldset">
        <legend>Chiffres de la page « À propos »</legend>
        <p className="adm-meta">
          Les propriétés vendues et les communes sont comptées dans les annonces ; ces deux chiffres-ci ne
          peuvent pas l'être.
        </p>
        <div className="adm-form-grid">
          {text('clients', 'Clients satisfaits', { required: true, type: 'number' })}
          {text('foundedYear', 'Année de création', {
            type: 'number',
            hint: 'Vide : comptée depuis l’arrivée du premier membre de l’équipe',
          })}
        </div>
      </fieldset>
    </>
  );
}
