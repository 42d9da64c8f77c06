import type { InputHTMLAttributes } from 'react';
import { Field } from './field.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'required'>;

interface Props extends InputProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Marks the label with "*"; the form checks it (forms are noValidate, the contract says what is missing). */
  required?: boolean | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled text input (text, e-mail, phone, date, number…) with its hint and its error, in a Field. */
export function InputField({ label, error, hint, required, value, onChange, ...input }: Props) {
  return (
    <Field label={label} required={required} error={error} {...(hint ? { hint } : {})}>
      {(control) => (
        <input {...control} {...input} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
