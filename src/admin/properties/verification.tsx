import { useEffect, useState } from 'react';
import { PropertyVerification, VERIFICATION_DAYS, type Property } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { mutate } from '../lib/mutate.ts';

const DAY_MS = 86_400_000;

/** A check shows on the public site while under VERIFICATION_DAYS old; then it is due again. */
export const checkIsRecent = (verifiedAt: string | null) =>
  verifiedAt !== null && Date.now() - Date.parse(verifiedAt) < VERIFICATION_DAYS * DAY_MS;

/** "Vérifiée le 3 nov. 2026" or "À revérifier" / "Jamais vérifiée", for the list's row. */
export function checkLabel(verifiedAt: string | null): string {
  if (!verifiedAt) return 'Jamais vérifiée sur place';
  return checkIsRecent(verifiedAt)
    ? `Vérifiée sur place le ${formatDate(verifiedAt)}`
    : `À revérifier (dernière visite le ${formatDate(verifiedAt)})`;
}

/** POST /properties/{id}/verify: staff visited the listing today. Audited by the server (who, when). */
export function VerifyButton({
  property,
  onVerified,
}: {
  property: Pick<Property, 'id' | 'title'>;
  onVerified: (v: PropertyVerification) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={busy}
      aria-label={`Marquer « ${property.title} » comme vérifiée sur place aujourd’hui`}
      onClick={async () => {
        setBusy(true);
        const outcome = await mutate(
          () => answer(PropertyVerification, api().post(`properties/${property.id}/verify`)),
          {
            success: `« ${property.title} » : vérification enregistrée`,
            failure: 'La vérification n’a pas pu être enregistrée',
          },
        );
        setBusy(false);
        if (outcome.ok) onVerified(outcome.value);
      }}
    >
      Marquer comme vérifiée
    </button>
  );
}

/** The edit form's box: the last check, by whom (staff-only), and the button to record a new one. */
export function VerificationBox({ property }: { property: Property }) {
  const [check, setCheck] = useState<PropertyVerification | null>(null);
  useEffect(() => {
    answer(PropertyVerification, api().get(`properties/${property.id}/verification`))
      .then(setCheck)
      .catch((error: unknown) => console.error(error)); // the box then shows the listing's own date
  }, [property.id]);
  const at = check?.verifiedAt ?? property.verifiedAt;
  return (
    <div className="adm-verification adm-span-2" role="group" aria-label="Vérification sur place">
      <p>
        <strong>Vérification sur place : </strong>
        {at ? `le ${formatDate(at)}${check?.verifiedBy ? ` par ${check.verifiedBy}` : ''}` : 'jamais'}
        {at && !checkIsRecent(at) && ' — à revérifier (plus de 90 jours, le site ne l’affiche plus)'}
      </p>
      <VerifyButton property={property} onVerified={setCheck} />
    </div>
  );
}
