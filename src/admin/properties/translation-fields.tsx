import { Field } from '../ui/field.tsx';
import type { PropertyDraft } from './draft.ts';

interface Props {
  draft: PropertyDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<PropertyDraft>) => void;
}

/** The two optional versions (decision 0029): the site shows them to English and Lingala visitors. */
const LANGUAGES = [
  {
    title: 'titleEn',
    description: 'descriptionEn',
    name: 'anglais',
    legend: 'Texte en anglais (facultatif)',
  },
  {
    title: 'titleLn',
    description: 'descriptionLn',
    name: 'lingala',
    legend: 'Texte en lingala (facultatif)',
  },
] as const;

/**
 * Step 1's optional English and Lingala title and description. Left empty, the site shows the French text
 * to those visitors with the note "original text in French"; a version needs its title and description.
 */
export function TranslationFields({ draft, errors, onChange }: Props) {
  return (
    <>
      {LANGUAGES.map((l) => (
        <fieldset key={l.name} className="adm-fieldset adm-span-2" data-translation={l.name}>
          <legend>{l.legend}</legend>
          <Field label={`Titre en ${l.name}`} error={errors[l.title]}>
            {(control) => (
              <input
                {...control}
                maxLength={160}
                autoComplete="off"
                value={draft[l.title]}
                onChange={(e) => onChange({ [l.title]: e.target.value })}
              />
            )}
          </Field>
          <Field label={`Description en ${l.name}`} error={errors[l.description]}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={8000}
                value={draft[l.description]}
                onChange={(e) => onChange({ [l.description]: e.target.value })}
              />
            )}
          </Field>
          <small className="adm-hint">
            Laissez vide pour montrer le texte français aux visiteurs en {l.name}.
          </small>
        </fieldset>
      ))}
    </>
  );
}
