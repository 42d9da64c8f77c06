import type { PropertyCategory } from '../contract/index.ts';
import { chance, int, pick, sample, type Rng } from './random.ts';
import { thousands, type ListingFacts } from './texts.ts';

/**
 * English and Lingala versions of a demo listing's text (decision 0029). Not every listing has them,
 * as in a real agency where staff translate some listings only: about half get English, about a quarter
 * Lingala (mostly those that have English too), so a visitor of the demo sees both a translated listing and
 * the French text with its "original text in French" note. The Lingala follows src/i18n/ln-glossary.ts:
 * propriété, koteka, kofutela, and the French words Kinshasa uses for rooms and equipment.
 */
export const ENGLISH_SHARE = 0.5;
export const LINGALA_SHARE = 0.25;

export interface Translations {
  titleEn: string | null;
  descriptionEn: string | null;
  titleLn: string | null;
  descriptionLn: string | null;
}

/** The features' English names, for the sentence listing a few of them. */
const FEATURES_EN: Record<string, string> = {
  'Groupe électrogène': 'a generator',
  Forage: 'a borehole',
  "Citerne d'eau": 'a water tank',
  'Gardiennage 24h/24': 'a guard day and night',
  Parking: 'parking',
  Climatisation: 'air conditioning',
  'Cuisine équipée': 'a fitted kitchen',
  'Panneaux solaires': 'solar panels',
  Clôture: 'a wall all round',
  Guérite: 'a guardhouse',
  'Titre foncier': 'a land title',
  Meublé: 'full furniture',
  Balcon: 'a balcony',
  Piscine: 'a swimming pool',
  Jardin: 'a garden with trees',
  Ascenseur: 'a lift',
  'Internet fibre': 'fibre internet',
  'Eau REGIDESO': 'REGIDESO water',
  'Électricité SNEL': 'SNEL electricity',
  'Accès goudronné': 'a tarred access road',
  Dépendance: 'staff quarters',
  Terrasse: 'a large terrace',
  'Caméras de surveillance': 'security cameras',
  'Eau chaude': 'a water heater',
  'Salle de réunion': 'a meeting room',
  Réception: 'a reception area',
  'Vue sur le fleuve': 'a view of the Congo river',
  'Terrain plat': 'flat ground',
  Bornage: 'surveyed boundaries',
  'Onduleur et batteries': 'an inverter with batteries',
  'Portail métallique': 'a metal gate',
};

const NAME_EN: Record<PropertyCategory, string> = {
  apartment: 'flat',
  house: 'house',
  villa: 'villa',
  office: 'office space',
  land: 'plot',
};
/** Lingala names of the categories, as ln.ts gives them (category.*). */
const NAME_LN: Record<PropertyCategory, string> = {
  apartment: 'Appartement',
  house: 'Ndako',
  villa: 'Villa',
  office: 'Biro',
  land: 'Terrain',
};

/** Features that read badly after "Ezali na" (an adjective, a view): left out of the Lingala sentence. */
const NOT_IN_LINGALA = new Set(['Meublé', 'Vue sur le fleuve', 'Terrain plat']);

const list = (items: readonly string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;

function english(rng: Rng, f: ListingFacts): { title: string; description: string } {
  const c = f.commune.name;
  const what = NAME_EN[f.category];
  const forWhat = f.type === 'rent' ? 'for rent' : 'for sale';
  const beds = f.bedrooms ? `${f.bedrooms}-bedroom ` : '';
  const size = f.plot ? `${f.plot[0]} x ${f.plot[1]} m` : `${thousands(f.area)} m²`;
  const title =
    f.category === 'land' || f.category === 'office'
      ? pick(rng, [
          `${size} ${what} ${forWhat} in ${c}`,
          `${what[0]!.toUpperCase()}${what.slice(1)} of ${size} in ${c}, ${f.quartier}`,
        ])
      : pick(rng, [
          `${beds}${what} ${forWhat} in ${c}`,
          `${pick(rng, ['Bright', 'Spacious', 'Well-kept', 'Modern'])} ${beds}${what} in ${c}, ${f.quartier}`,
        ]);
  const intro =
    f.category === 'land'
      ? `A plot of ${thousands(f.area)} m², ${pick(rng, ['ready to build on', 'in a growing neighbourhood', 'on firm ground'])}.`
      : f.category === 'office'
        ? `Offices of ${thousands(f.area)} m², suited to ${pick(rng, ['a head office', 'an NGO', 'a bank branch', 'a firm'])}.`
        : `${beds ? `A ${beds}` : 'A '}${what} of ${thousands(f.area)} m² with ${f.bathrooms ?? 1} bathroom${(f.bathrooms ?? 1) > 1 ? 's' : ''}.`;
  const features = f.features.map((label) => FEATURES_EN[label]).filter((w): w is string => Boolean(w));
  const shown = sample(rng, features, Math.min(features.length, int(rng, 2, 4)));
  const sentences = [
    intro,
    `It is on ${f.avenue}, in the ${f.quartier} quarter of ${c}.`,
    shown.length > 0 ? `It comes with ${list(shown, 'and')}.` : '',
    f.type === 'rent'
      ? pick(rng, ['Available now; visits by appointment.', 'Rent payable monthly; visits by appointment.'])
      : pick(rng, ['Papers in order; the price can be discussed.', 'Our agent helps you with every step.']),
  ];
  return { title, description: sentences.filter(Boolean).join(' ') };
}

function lingala(rng: Rng, f: ListingFacts): { title: string; description: string } {
  const c = f.commune.name;
  const what = NAME_LN[f.category];
  const forWhat = f.type === 'rent' ? 'ya kofutela' : 'ya koteka';
  const title =
    f.category === 'land' || f.category === 'office'
      ? `${what} ya ${thousands(f.area)} m² ${forWhat} na ${c}`
      : `${what} ya ba chambre ${f.bedrooms ?? 1} ${forWhat} na ${c}`;
  const intro =
    f.category === 'land'
      ? `Terrain ya ${thousands(f.area)} m², ebongi mpo na kotonga.`
      : f.category === 'office'
        ? `Biro ya ${thousands(f.area)} m², ebongi mpo na entreprise to ONG.`
        : `Propriété oyo ezali na ba chambre ${f.bedrooms ?? 1}, salon mpe ba salle de bain ${f.bathrooms ?? 1}.`;
  // Kinshasa names equipment in French inside Lingala: "groupe électrogène", "forage", "eau REGIDESO".
  const named = f.features.filter((l) => !NOT_IN_LINGALA.has(l));
  const features = sample(rng, named, Math.min(named.length, int(rng, 2, 3))).map(
    (l) => l[0]!.toLowerCase() + l.slice(1),
  );
  const sentences = [
    intro,
    `Esika: ${f.avenue}, quartier ${f.quartier}, commune ya ${c}.`,
    features.length > 0 ? `Ezali na ${list(features, 'mpe')}.` : '',
    f.type === 'rent'
      ? 'Ezali libre sikoyo. Kotala yango na rendez-vous.'
      : pick(rng, ['Mikanda nyonso ezali malamu.', 'Agent na biso akosalisa yo na makambo nyonso.']),
  ];
  return { title, description: sentences.filter(Boolean).join(' ') };
}

/** A listing's translations: none, English, Lingala or both, in the shares above. */
export function translationsFor(rng: Rng, f: ListingFacts): Translations {
  const en = chance(rng, ENGLISH_SHARE) ? english(rng, f) : null;
  // Lingala mostly comes with English: staff who translate a listing tend to do both.
  const ln = chance(rng, en ? 0.4 : 0.1) ? lingala(rng, f) : null;
  return {
    titleEn: en?.title ?? null,
    descriptionEn: en?.description ?? null,
    titleLn: ln?.title ?? null,
    descriptionLn: ln?.description ?? null,
  };
}
