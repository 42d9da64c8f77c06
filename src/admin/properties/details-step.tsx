import {
  AMENITIES,
  COMMUNES,
  CURRENCIES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  type TeamMember,
} from '../../contract/index.ts';
import { PROPERTY_STATUS_LABELS, t } from '../lib/labels.ts';
import { Field } from '../ui/field.tsx';
import type { PropertyDraft } from './draft.ts';
import { LocationFields } from './location-fields.tsx';
import { TranslationFields } from './translation-fields.tsx';

interface Props {
  draft: PropertyDraft;
  errors: Record<string, string>;
  agents: TeamMember[];
  onChange: (patch: Partial<PropertyDraft>) => void;
}

/** Step 1 of the add/edit form (spec §4, §5): the listing's details. */
export function DetailsStep({ draft, errors, agents, onChange }: Props) {
  const input = (key: keyof PropertyDraft, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[key]} required={Boolean(props.required)}>
      {(control) => (
        <input
          {...control}
          {...props}
          value={String(draft[key])}
          onChange={(e) => onChange({ [key]: e.target.value } as Partial<PropertyDraft>)}
        />
      )}
    </Field>
  );
  const decimal = { inputMode: 'decimal', autoComplete: 'off' };
  return (
    <div className="adm-form-grid">
      <div className="adm-span-2">{input('title', 'Titre', { required: true, maxLength: 160 })}</div>
      {input('price', 'Prix', { required: true, ...decimal })}
      <Field label="Devise">
        {(control) => (
          <select
            {...control}
            value={draft.currency}
            onChange={(e) => onChange({ currency: e.target.value as PropertyDraft['currency'] })}
          >
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Type">
        {(control) => (
          <select
            {...control}
            value={draft.type}
            onChange={(e) => onChange({ type: e.target.value as PropertyDraft['type'] })}
          >
            <option value="sale">{t('type.sale')}</option>
            <option value="rent">{t('type.rent')}</option>
          </select>
        )}
      </Field>
      <Field label="Catégorie">
        {(control) => (
          <select
            {...control}
            value={draft.category}
            onChange={(e) => onChange({ category: e.target.value as PropertyDraft['category'] })}
          >
            {PROPERTY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {input('bedrooms', 'Chambres', { inputMode: 'numeric' })}
      {input('bathrooms', 'Salles de bain', { inputMode: 'numeric' })}
      {input('area', 'Surface (m²)', { required: true, ...decimal })}
      <Field label="Commune" error={errors.district} required>
        {(control) => (
          <select
            {...control}
            value={draft.district}
            onChange={(e) => onChange({ district: e.target.value as PropertyDraft['district'] })}
          >
            <option value="">Choisir une commune</option>
            {COMMUNES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        )}
      </Field>
      <div className="adm-span-2">
        {input('address', 'Adresse', { required: true, maxLength: 200, autoComplete: 'off' })}
      </div>
      <div className="adm-span-2">
        <Field label="Description" error={errors.description} required>
          {(control) => (
            <textarea
              {...control}
              rows={5}
              maxLength={8000}
              value={draft.description}
              onChange={(e) => onChange({ description: e.target.value })}
            />
          )}
        </Field>
      </div>
      <TranslationFields draft={draft} errors={errors} onChange={onChange} />
      <div className="adm-span-2">
        {input('features', 'Caractéristiques', { placeholder: 'Piscine, Groupe électrogène, Gardiennage' })}
        <small className="adm-hint">Séparées par des virgules.</small>
      </div>
      <Field label="Agent responsable" error={errors.managerId}>
        {(control) => (
          <select
            {...control}
            value={draft.managerId}
            onChange={(e) => onChange({ managerId: e.target.value })}
          >
            <option value="">Aucun (l’agence)</option>
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} — {a.role}
                {a.isActive ? '' : ' (inactif : le site affiche l’agence)'}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Statut">
        {(control) => (
          <select
            {...control}
            value={draft.status}
            onChange={(e) => onChange({ status: e.target.value as PropertyDraft['status'] })}
          >
            {PROPERTY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PROPERTY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {draft.type === 'rent' && (
        <fieldset className="adm-span-2 adm-move-in">
          <legend>Pour emménager (en mois de loyer, facultatif)</legend>
          <div className="adm-form-grid">
            {input('advanceMonths', "Loyer payé d'avance", { inputMode: 'numeric', placeholder: '3' })}
            {input('depositMonths', 'Garantie', { inputMode: 'numeric', placeholder: '3' })}
            {input('commissionMonths', "Commission de l'agence", { inputMode: 'numeric', placeholder: '1' })}
          </div>
          <small className="adm-hint">
            La loi n° 15/025 du 31 décembre 2015 (art. 18) limite la garantie d’un logement à 3 mois de loyer
            : le site affiche « Garantie conforme à la loi » jusqu’à 3 mois, rien si le champ est vide.
          </small>
        </fieldset>
      )}
      <LocationFields draft={draft} errors={errors} onChange={onChange} />
      <fieldset className="adm-span-2 adm-amenities">
        <legend>Équipements</legend>
        {AMENITIES.map((a) => (
          <label key={a} className="adm-check">
            <input
              type="checkbox"
              checked={draft.amenities.includes(a)}
              onChange={(e) =>
                onChange({
                  amenities: e.target.checked
                    ? AMENITIES.filter((x) => x === a || draft.amenities.includes(x))
                    : draft.amenities.filter((x) => x !== a),
                })
              }
            />
            {t(`amenity.${a}`)}
          </label>
        ))}
        {errors.amenities && <p className="adm-field-error">{errors.amenities}</p>}
      </fieldset>
      <div>
        {input('availableFrom', 'Disponible à partir du', { type: 'date' })}
        <small className="adm-hint">
          Vide : non précisé. Une date passée affiche « Disponible maintenant ».
        </small>
      </div>
      <label className="adm-check adm-span-2">
        <input
          type="checkbox"
          checked={draft.featured}
          onChange={(e) => onChange({ featured: e.target.checked })}
        />
        Mettre en avant sur la page d’accueil (Propriétés Vedettes)
      </label>
    </div>
  );
}
