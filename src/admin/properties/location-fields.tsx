import { lazy, Suspense, useState } from 'react';
import { nearestCommune } from '../../shared/communes.ts';
import { InputField } from '../ui/input-field.tsx';
import { parseNumber, type PropertyDraft } from './draft.ts';

// Leaflet comes with the map, when the form has a position: not in the admin's first load.
const PlaceMap = lazy(() => import('./place-map.tsx'));

interface Props {
  draft: PropertyDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<PropertyDraft>) => void;
}

/** About 10 cm: more digits than a phone's fix is worth only lengthen the field. */
const coordinate = (n: number) => String(Math.round(n * 1e6) / 1e6);

const GEO_ERRORS: Record<number, string> = {
  1: 'Position refusée : autorisez la localisation pour ce site dans le navigateur.',
  2: 'Position introuvable : vérifiez que la localisation du téléphone est activée.',
  3: 'La position met trop de temps à venir : réessayez dehors ou près d’une fenêtre.',
};

/**
 * The phone's position, asked once per tap (high accuracy, 20 s, a fix up to a minute old), handed to `found`;
 * while it comes, `locating`; when it cannot, why.
 */
function useLocate(found: (latitude: number, longitude: number) => void) {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState('');
  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem('Ce navigateur ne donne pas la position.');
      return;
    }
    setLocating(true);
    setProblem('');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        found(coords.latitude, coords.longitude);
      },
      (error) => {
        setLocating(false);
        setProblem(GEO_ERRORS[error.code] ?? 'Position indisponible.');
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  return { locating, problem, locate };
}

/** The commune whose centre is nearest, offered when it is not the one chosen. */
function CommuneSuggestion({
  suggestion,
  onChoose,
}: {
  suggestion: NonNullable<ReturnType<typeof nearestCommune>>;
  onChoose: (commune: PropertyDraft['district']) => void;
}) {
  return (
    <p className="adm-hint" role="status">
      Commune suggérée : <strong>{suggestion.commune}</strong> (centre à{' '}
      {suggestion.km.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} km).{' '}
      <button type="button" className="adm-link-btn" onClick={() => onChoose(suggestion.commune)}>
        Choisir {suggestion.commune}
      </button>
    </p>
  );
}

/**
 * The listing's place: latitude and longitude typed, or filled from the phone's position with
 * one tap, shown on a map where a tap corrects them, and the commune they fall in suggested. All editable.
 */
export function LocationFields({ draft, errors, onChange }: Props) {
  const lat = parseNumber(draft.lat);
  const long = parseNumber(draft.long);
  const placed = lat !== null && long !== null && Number.isFinite(lat) && Number.isFinite(long);
  const suggestion = placed ? nearestCommune(lat, long) : null;

  /** A position set: the commune is filled when none was chosen, else offered (below). */
  const place = (latitude: number, longitude: number) => {
    const near = nearestCommune(latitude, longitude);
    onChange({
      lat: coordinate(latitude),
      long: coordinate(longitude),
      ...(near && !draft.district ? { district: near.commune } : {}),
    });
  };
  const { locating, problem, locate } = useLocate(place);

  const coordinateField = (key: 'lat' | 'long', label: string, placeholder: string) => (
    <InputField
      label={label}
      error={errors[key]}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={draft[key]}
      onChange={(value) => onChange({ [key]: value })}
    />
  );

  return (
    <fieldset className="adm-span-2 adm-location">
      <legend>Emplacement sur la carte</legend>
      <button type="button" className="btn btn-ghost adm-locate" onClick={locate} disabled={locating}>
        {locating ? 'Recherche de la position…' : 'Utiliser ma position'}
      </button>
      {problem && (
        <p className="adm-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="adm-form-grid">
        {coordinateField('lat', 'Latitude (carte)', '-4.3250')}
        {coordinateField('long', 'Longitude (carte)', '15.3222')}
      </div>
      {suggestion && suggestion.commune !== draft.district && (
        <CommuneSuggestion suggestion={suggestion} onChoose={(district) => onChange({ district })} />
      )}
      {placed && (
        <Suspense fallback={<p className="adm-muted">Chargement de la carte…</p>}>
          <PlaceMap lat={lat} long={long} onPick={place} />
        </Suspense>
      )}
    </fieldset>
  );
}
