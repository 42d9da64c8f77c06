import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  /** Receives the id and the aria attributes to spread on the control. */
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled form control with its error in place (announced with the control). */
export function Field({ label, error, hint, required, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className={`adm-field${error ? ' adm-field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <small id={hintId} className="adm-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className="adm-field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** Field errors from a zod safeParse, keyed by the first path segment. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

interface SelectFieldProps<V extends string> {
  label: string;
  error?: string | undefined;
  required?: boolean;
  value: V | '';
  options: readonly V[];
  /** The text shown for a value; the value itself when absent. */
  labelOf?: (value: V) => string;
  /** An empty first choice, for a draft that has none yet. */
  placeholder?: string;
  onChange: (value: V) => void;
}

/** A labelled dropdown over a closed list of values (the role pickers of the staff and team forms). */
export function SelectField<V extends string>({
  label,
  error,
  required,
  value,
  options,
  labelOf = (v) => v,
  placeholder,
  onChange,
}: SelectFieldProps<V>) {
  return (
    <Field label={label} required={required} error={error}>
      {(c) => (
        <select {...c} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((v) => (
            <option key={v} value={v}>
              {labelOf(v)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A form's green submit button, which says what it is doing while the request runs. */
export function SubmitButton({
  busy,
  busyLabel,
  label,
}: {
  busy: boolean;
  busyLabel: string;
  label: string;
}) {
  return (
    <button type="submit" className="btn btn-green" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
