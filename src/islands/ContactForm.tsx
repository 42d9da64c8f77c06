import { useMemo, useState, type FormEvent } from 'react';
import { createTranslator } from '../i18n/core.ts';
import { EMAIL, PHONE } from '../scripts/form-rules.ts';

interface Props {
  messages: Record<string, string>;
}

type Field = 'senderName' | 'senderEmail' | 'senderPhone' | 'subject' | 'content';
type Values = Record<Field, string>;
const EMPTY: Values = { senderName: '', senderEmail: '', senderPhone: '', subject: '', content: '' };
const TIMEOUT_MS = 10_000; // spec §9

/** Spec §5 in the browser; the API checks the same rules again with the contract and has the last word. */
function validate(v: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const f of ['senderName', 'senderEmail', 'subject', 'content'] as const)
    if (!v[f].trim()) errors[f] = 'form.required';
  if (!errors.senderEmail && !EMAIL.test(v.senderEmail.trim())) errors.senderEmail = 'form.invalidEmail';
  if (v.senderPhone.trim() && !PHONE.test(v.senderPhone.trim())) errors.senderPhone = 'form.invalidPhone';
  return errors;
}

/** The contact form (spec §2, §5, §8): errors in place, the thank-you panel on success, the alert on failure. */
export default function ContactForm({ messages }: Props) {
  const t = useMemo(() => createTranslator(messages), [messages]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) {
      event.currentTarget.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      return;
    }
    setState('sending');
    try {
      const response = await fetch('/api/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, senderPhone: values.senderPhone.trim() || undefined }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setState('sent');
      setValues(EMPTY);
    } catch {
      setState('failed'); // what was typed stays in the form
    }
  }

  if (state === 'sent') {
    return (
      <div className="sent" role="status">
        <p className="sent-title">{t('contact.success.title')}</p>
        <p>{t('contact.success.text')}</p>
        <button type="button" className="btn btn-outline" onClick={() => setState('idle')}>
          {t('contact.success.again')}
        </button>
      </div>
    );
  }

  const field = (name: Field, label: string, input: 'input' | 'textarea' = 'input', type = 'text') => {
    const error = errors[name];
    const props = {
      id: `contact-${name}`,
      name,
      value: values[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${name}-error` : undefined,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    };
    return (
      <div className="field">
        <label htmlFor={`contact-${name}`}>
          {label}
          {name !== 'senderPhone' && <span aria-hidden="true"> *</span>}
        </label>
        {input === 'textarea' ? (
          <textarea {...props} rows={6} placeholder={t('contact.form.contentPlaceholder')} />
        ) : (
          <input
            {...props}
            type={type}
            autoComplete={
              name === 'senderName'
                ? 'name'
                : name === 'senderEmail'
                  ? 'email'
                  : name === 'senderPhone'
                    ? 'tel'
                    : 'off'
            }
          />
        )}
        {error && (
          <p className="field-error" id={`contact-${name}-error`}>
            {t(error as never)}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="contact-form" noValidate onSubmit={(e) => void submit(e)}>
      <p className="note">{t('form.requiredNote')}</p>
      {field('senderName', t('contact.form.senderName'))}
      {field('senderEmail', t('contact.form.senderEmail'), 'input', 'email')}
      {field('senderPhone', t('contact.form.senderPhone'), 'input', 'tel')}
      {field('subject', t('contact.form.subject'))}
      {field('content', t('contact.form.content'), 'textarea')}
      {state === 'failed' && (
        <p className="alert" role="alert">
          {t('contact.error')}
        </p>
      )}
      <button type="submit" className="btn btn-green" disabled={state === 'sending'}>
        {state === 'sending' ? t('contact.form.sending') : t('contact.form.submit')}
      </button>
    </form>
  );
}
