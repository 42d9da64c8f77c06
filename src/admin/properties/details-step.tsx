import {
  AMENITIES,
  COMMUNES,
  CURRENCIES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type TeamMember,
} from '../../contract/index.ts';
import { PROPERTY_STATUS_LABELS, t } from '../lib/labels.ts';
import { Field, SelectField } from '../ui/field.tsx';
import type { PropertyDraft } from './draft.ts';
import { LocationFields } from './location-fields.tsx';
import { TranslationFields } from './translation-fields.tsx';

/** What every part of the step reads and writes: the draft, its errors, the change of some of its fields. */
interface PartProps {
  draft: PropertyDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<PropertyDraft>) => void;
}

interface Props extends PartProps {
  agents: TeamMember[];
}

/** A text input bound to one field of the draft, with its error and the input's own attributes. */
function inputsOf({ draft, errors, onChange }: PartProps) {
  return (key: keyof PropertyDraft, label: string, props: Record<string, unknown> = {}) => (
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
}

const DECIMAL = { inputMode: 'decimal', autoComplete: 'off' };

/** The title, the price and its currency, sale or rent, the category. */
function Offer(props: PartProps) {
  const { draft, onChange } = props;
  const input = inputsOf(props);
  return (
    <>
      <div className="adm-span-2">{input('title', 'Titre', { required: true, maxLength: 160 })}</div>
      {input('price', 'Prix', { required: true, ...DECIMAL })}
      <SelectField
        label="Devise"
        value={draft.currency}
        options={CURRENCIES}
        onChange={(currency) => onChange({ currency })}
      />
      <SelectField
        label="Type"
        value={draft.type}
        options={PROPERTY_TYPES}
        labelOf={(type) => t(`type.${type}`)}
        onChange={(type) => onChange({ type })}
      />
      <SelectField
        label="Catégorie"
        value={draft.category}
        options={PROPERTY_CATEGORIES}
        labelOf={(category) => t(`category.${category}`)}
        onChange={(category) => onChange({ category })}
      />
    </>
  );
}

/** Rooms and surface, the commune and the address. */
function Premises(props: PartProps) {
  const { draft, errors, onChange } = props;
  const input = inputsOf(props);
  return (
    <>
      {input('bedrooms', 'Chambres', { inputMode: 'numeric' })}
      {input('bathrooms', 'Salles de bain', { inputMode: 'numeric' })}
      {input('area', 'Surface (m²)', { required: true, ...DECIMAL })}
      <SelectField
        label="Commune"
        error={errors.district}
        required
        value={draft.district}
        options={COMMUNES}
        placeholder="Choisir une commune"
        onChange={(district) => onChange({ district })}
      />
      <div className="adm-span-2">
        {input('address', 'Adresse', { required: true, maxLength: 200, autoComplete: 'off' })}
      </div>
    </>
  );
}

/** The description, its translations, the features. */
function Texts(props: PartProps) {
  const { draft, errors, onChange } = props;
  const input = inputsOf(props);
  return (
    <>
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
    </>
  );
}

/** The agent in charge (an inactive one is named so: the site shows the agency instead) and the status. */
function Management({ draft, errors, onChange, agents }: Props) {
  const agentLabels = new Map(
    agents.map((a) => [
      String(a.id),
      `${a.name} — ${a.role}${a.isActive ? '' : ' (inactif : le site affiche l’agence)'}`,
    ]),
  );
  return (
    <>
      <SelectField
        label="Agent responsable"
        error={errors.managerId}
        value={draft.managerId}
        options={[...agentLabels.keys()]}
        labelOf={(id) => agentLabels.get(id) ?? id}
        placeholder="Aucun (l’agence)"
        onChange={(managerId) => onChange({ managerId })}
      />
      <SelectField
        label="Statut"
        value={draft.status}
        options={PROPERTY_STATUSES}
        labelOf={(status) => PROPERTY_STATUS_LABELS[status]}
        onChange={(status) => onChange({ status })}
      />
    </>
  );
}

/** A rental's move-in months (decision 0022). */
function MoveInMonths(props: PartProps) {
  const input = inputsOf(props);
  return (
    <fieldset className="adm-span-2 adm-move-in">
      <legend>Pour emménager (en mois de loyer, facultatif)</legend>
      <div className="adm-form-grid">
        {input('advanceMonths', "Loyer payé d'avance", { inputMode: 'numeric', placeholder: '3' })}
        {input('depositMonths', 'Garantie', { inputMode: 'numeric', placeholder: '3' })}
        {input('commissionMonths', "Commission de l'agence", { inputMode: 'numeric', placeholder: '1' })}
      </div>
      <small className="adm-hint">
        La loi n° 15/025 du 31 décembre 2015 (art. 18) limite la garantie d’un logement à 3 mois de loyer : le
        site affiche « Garantie conforme à la loi » jusqu’à 3 mois, rien si le champ est vide.
      </small>
    </fieldset>
  );
}

/** The amenities' check boxes, kept in the list's own order whatever the order they are ticked in. */
function Amenities({ draft, errors, onChange }: PartProps) {
  return (
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
  );
}

/** When it is available, and whether the home page features it. */
function Availability(props: PartProps) {
  const { draft, onChange } = props;
  const input = inputsOf(props);
  return (
    <>
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
    </>
  );
}

/** Step 1 of the add/edit form (spec §4, §5): the listing's details, in the grid's order. */
export function DetailsStep(props: Props) {
  const { draft, errors, onChange } = props;
  const parts: PartProps = { draft, errors, onChange };
  return (
    <div className="adm-form-grid">
      <Offer {...parts} />
      <Premises {...parts} />
      <Texts {...parts} />
      <Management {...props} />
      {draft.type === 'rent' && <MoveInMonths {...parts} />}
      <LocationFields {...parts} />
      <Amenities {...parts} />
      <Availability {...parts} />
    </div>
  );
}
