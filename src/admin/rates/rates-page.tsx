import { useEffect, useState } from 'react';
import { ExchangeRates, ExchangeRatesInput } from '../../contract/index.ts';
import { approxPriceWith } from '../../shared/money.ts';
import { answer, api } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { t } from '../lib/labels.ts';
import { mutate } from '../lib/mutate.ts';
import { useResource } from '../lib/use-resource.ts';
import { AdminsOnly } from '../ui/admins-only.tsx';
import { Field, fieldErrors } from '../ui/field.tsx';
import { Loading, LoadError, PageHead } from '../ui/states.tsx';

/** "2 850,5" or "2850.5" as people type them; anything else NaN, which the contract refuses. */
const number = (value: string) => {
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
};

/**
 * Admins set the exchange rates the public site converts with (decision 0021). Each save is a new row of the
 * history (the newest is in force) and an audit entry; the published site keeps the rate of its build until
 * the next publish, which the publish control then shows as pending.
 */
export function RatesPage() {
  return (
    <AdminsOnly>
      <RatesEditor />
    </AdminsOnly>
  );
}

function RatesEditor() {
  const rates = useResource(() => answer(ExchangeRates, api().get('rates')), 'rates');
  const [cdf, setCdf] = useState('');
  const [eur, setEur] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!rates.data) return;
    setCdf(String(rates.data.cdfPerUsd));
    setEur(String(rates.data.usdPerEur));
  }, [rates.data]);

  if (rates.error) return <LoadError message="Les taux n’ont pas pu être chargés." onRetry={rates.reload} />;
  if (!rates.data) return <Loading label="Chargement des taux…" />;

  const parsed = ExchangeRatesInput.safeParse({ cdfPerUsd: number(cdf), usdPerEur: number(eur) });
  const example = parsed.success ? { ...parsed.data, setAt: null } : null;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    const outcome = await mutate(() => answer(ExchangeRates, api().put('rates', { json: parsed.data })), {
      success: 'Taux enregistrés : le site public les appliquera à sa prochaine publication',
      failure: 'Les taux n’ont pas été enregistrés',
    });
    setBusy(false);
    if (outcome.ok) rates.setData(() => outcome.value);
  };

  const current = rates.data;
  return (
    <>
      <PageHead
        title="Taux de change"
        intro="Les prix du site s’affichent dans leur devise, avec leur équivalent approximatif en francs congolais ou en dollars à ces taux."
      />
      <div className="adm-card">
        <p>
          {current.setAt
            ? `En vigueur depuis le ${formatDateTime(current.setAt)} ; qui les a fixés : voir « Comptes et journal ».`
            : 'Taux par défaut de la configuration du serveur (CDF_PER_USD, USD_PER_EUR) : aucun taux n’a encore été fixé ici.'}
        </p>
        <form className="adm-form-grid" onSubmit={(e) => void save(e)} noValidate>
          <Field label="Francs congolais pour 1 dollar (CDF)" error={errors.cdfPerUsd} required>
            {(control) => (
              <input {...control} inputMode="decimal" value={cdf} onChange={(e) => setCdf(e.target.value)} />
            )}
          </Field>
          <Field label="Dollars pour 1 euro (USD)" error={errors.usdPerEur} required>
            {(control) => (
              <input {...control} inputMode="decimal" value={eur} onChange={(e) => setEur(e.target.value)} />
            )}
          </Field>
          <p className="adm-span-2 adm-hint" aria-live="polite">
            {example
              ? `Exemple : un loyer de 1 500 USD s’affichera « ${approxPriceWith(t, 1500, 'USD', 'rent', example)} ».`
              : ''}
          </p>
          <div className="adm-span-2">
            <button type="submit" className="btn btn-green" disabled={busy}>
              Enregistrer les taux
            </button>
          </div>
        </form>
      </div>
    </>
  );
}
