import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import type { Translate } from '../../i18n/types.ts';
import { apiUrl } from '../../browser/api-base.ts';
import { postJson, sendFailure } from '../../browser/form-dom.ts';
import { EMAIL, PHONE } from '../../browser/form-rules.ts';
import {
  ALERT_CONFIRM_HOURS,
  ALERT_PENDING_PER_EMAIL,
  ALERT_REFUSED,
  describeFilters,
} from '../../shared/alerts.ts';
import { filtersOf, type CatalogueFilters } from '../../shared/catalogue-filter.ts';
import type { Lang } from '../../i18n/core.ts';

interface Props {
  /** The catalogue's current filters (its query: page and view are left out when sent). */
  filters: CatalogueFilters;
  lang: Lang;
  t: Translate;
  privacyPath: string;
  onClose: () => void;
}

type Errors = Partial<Record<'email' | 'phone', string>>;

/** Checks the form and sends it with the filters: its errors by field, and where the sending is. */
function useAlertSending(filters: CatalogueFilters, lang: Lang, t: Translate) {
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'failed' | 'sent'>('idle');
  const [failure, setFailure] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const phone = String(form.get('phone') ?? '').trim();
    const found: Errors = {};
    if (!email) found.email = t('form.required');
    else if (!EMAIL.test(email)) found.email = t('form.invalidEmail');
    if (phone && !PHONE.test(phone)) found.phone = t('form.invalidPhone');
    setErrors(found);
    if (found.email || found.phone) return;
    setState('sending');
    try {
      await postJson(apiUrl('/alerts'), {
        email,
        phone: phone || undefined,
        filters: filtersOf(filters),
        lang,
      });
      setState('sent');
    } catch (error) {
      // The API's two limits on sign-ups waiting for confirmation are not "wait a few minutes": each says
      // what to do instead.
      const refused = {
        [ALERT_REFUSED.pendingForAddress]: t('alerts.form.pendingForAddress', {
          count: ALERT_PENDING_PER_EMAIL,
        }),
        [ALERT_REFUSED.pendingForDomain]: t('alerts.form.pendingForDomain'),
      };
      setFailure(sendFailure(error, { failed: t('alerts.form.failed'), busy: t('form.tooMany'), refused }));
      setState('failed');
    }
  }
  return { errors, state, failure, submit };
}

/** The e-mail or phone field, with its error below it. */
function AlertField(props: {
  name: 'email' | 'phone';
  type: string;
  autoComplete: string;
  error: string | undefined;
  t: Translate;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { name, error, t } = props;
  return (
    <div className="field">
      <label htmlFor={`watch-${name}`}>{t(`alerts.form.${name}`)}</label>
      <input
        ref={props.inputRef}
        id={`watch-${name}`}
        name={name}
        type={props.type}
        autoComplete={props.autoComplete}
        inputMode={name === 'phone' ? 'tel' : 'email'}
        required={name === 'email'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `watch-${name}-error` : undefined}
      />
      {error && (
        <p className="field-error" id={`watch-${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Me prévenir" (decision 0028): an e-mail address (a phone if the visitor wishes) saved with the current
 * filters. Loaded only when a visitor opens it: the catalogue's first bytes stay as they were.
 */
export default function AlertForm({ filters, lang, t, privacyPath, onClose }: Props) {
  const { errors, state, failure, submit } = useAlertSending(filters, lang, t);
  const first = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    if (state === 'sent') done.current?.focus();
  }, [state]);

  return (
    <section className="watch-panel" aria-labelledby="watch-title">
      <div className="watch-head">
        <h2 id="watch-title">{t('alerts.form.title')}</h2>
        <button type="button" className="watch-close" aria-label={t('alerts.form.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {state === 'sent' ? (
        <div className="watch-sent" role="status" tabIndex={-1} ref={done}>
          <p className="watch-sent-title">{t('alerts.form.sent.title')}</p>
          <p>{t('alerts.form.sent.text', { hours: ALERT_CONFIRM_HOURS })}</p>
        </div>
      ) : (
        <form className="watch-form" noValidate onSubmit={(e) => void submit(e)}>
          <p className="watch-intro">
            {t('alerts.form.intro')} <strong>{describeFilters(filters, t)}</strong>
          </p>
          <div className="watch-fields">
            <AlertField
              name="email"
              type="email"
              autoComplete="email"
              error={errors.email}
              t={t}
              inputRef={first}
            />
            <AlertField name="phone" type="tel" autoComplete="tel" error={errors.phone} t={t} />
          </div>
          {state === 'failed' && (
            <p className="alert" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>
            {t(state === 'sending' ? 'alerts.form.sending' : 'alerts.form.submit')}
          </button>
          <p className="watch-note">
            {t('alerts.form.note')} <a href={privacyPath}>{t('alerts.form.privacy')}</a>
          </p>
        </form>
      )}
    </section>
  );
}
