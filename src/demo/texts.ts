import type { PropertyCategory, PropertyType } from '../contract/index.ts';
import type { CommuneInfo } from './communes.ts';
import { chance, int, pick, sample, type Rng } from './random.ts';

/** What a listing's text is written from. */
export interface ListingFacts {
  category: PropertyCategory;
  type: PropertyType;
  commune: CommuneInfo;
  quartier: string;
  avenue: string;
  bedrooms: number | null;
  bathrooms: number | null;
  /** Built area, or the plot's for land, m². */
  area: number;
  /** Plot dimensions in metres, for land, houses and villas. */
  plot: readonly [number, number] | null;
  /** Floor of an apartment or office (0 = ground floor); storeys of a house. */
  level: number;
  furnished: boolean;
  riverView: boolean;
  features: readonly string[];
}

/** Feature label as listed, and the words used for it inside a sentence. */
const FEATURE_WORDS: Record<string, string> = {
  'Groupe électrogène': 'un groupe électrogène',
  Forage: 'un forage',
  "Citerne d'eau": "une citerne d'eau",
  'Gardiennage 24h/24': 'un gardiennage 24h/24',
  Parking: 'un parking',
  Climatisation: 'la climatisation dans toutes les pièces',
  'Cuisine équipée': 'une cuisine équipée',
  'Panneaux solaires': 'des panneaux solaires',
  Clôture: 'une clôture en dur',
  Guérite: 'une guérite',
  'Titre foncier': 'un titre foncier en règle',
  Meublé: 'un mobilier complet',
  Balcon: 'un balcon',
  Piscine: 'une piscine',
  Jardin: 'un jardin arboré',
  Ascenseur: 'un ascenseur',
  'Internet fibre': 'une connexion internet par fibre',
  'Eau REGIDESO': "l'eau de la REGIDESO",
  'Électricité SNEL': "l'électricité SNEL",
  'Accès goudronné': 'un accès goudronné',
  Dépendance: 'une dépendance pour le personnel',
  Terrasse: 'une grande terrasse',
  'Caméras de surveillance': 'des caméras de surveillance',
  'Eau chaude': 'un chauffe-eau',
  'Salle de réunion': 'une salle de réunion',
  Réception: "un espace d'accueil",
  'Vue sur le fleuve': 'une vue sur le fleuve Congo',
  'Terrain plat': 'un terrain plat',
  Bornage: 'un bornage effectué',
  'Onduleur et batteries': 'un onduleur avec batteries',
  'Portail métallique': 'un portail métallique',
};

const BY_CATEGORY: Record<PropertyCategory, readonly string[]> = {
  apartment: [
    'Groupe électrogène',
    "Citerne d'eau",
    'Forage',
    'Gardiennage 24h/24',
    'Parking',
    'Climatisation',
    'Cuisine équipée',
    'Balcon',
    'Internet fibre',
    'Eau chaude',
    'Onduleur et batteries',
  ],
  house: [
    'Clôture',
    'Guérite',
    'Forage',
    "Citerne d'eau",
    'Groupe électrogène',
    'Parking',
    'Dépendance',
    'Jardin',
    'Panneaux solaires',
    'Portail métallique',
    'Cuisine équipée',
  ],
  villa: [
    'Piscine',
    'Jardin',
    'Gardiennage 24h/24',
    'Groupe électrogène',
    'Forage',
    'Climatisation',
    'Cuisine équipée',
    'Dépendance',
    'Parking',
    'Clôture',
    'Guérite',
    'Panneaux solaires',
    'Caméras de surveillance',
    'Internet fibre',
    'Terrasse',
  ],
  office: [
    'Ascenseur',
    'Groupe électrogène',
    'Climatisation',
    'Internet fibre',
    'Parking',
    'Gardiennage 24h/24',
    'Salle de réunion',
    'Réception',
    'Caméras de surveillance',
    "Citerne d'eau",
  ],
  land: ['Terrain plat', 'Bornage', 'Clôture'],
};

export function featuresFor(rng: Rng, f: Omit<ListingFacts, 'features'>): string[] {
  const chosen = new Set<string>();
  if (f.category !== 'land') chosen.add('Eau REGIDESO').add('Électricité SNEL');
  const pool = BY_CATEGORY[f.category].filter((label) => label !== 'Piscine' || f.category === 'villa');
  const count =
    f.category === 'land' ? int(rng, 1, 2) : f.commune.level >= 3 ? int(rng, 5, 9) : int(rng, 2, 6);
  for (const label of sample(rng, pool, count)) chosen.add(label);
  if (f.category === 'villa' && f.commune.level >= 2 && chance(rng, 0.8)) chosen.add('Piscine');
  if (f.category === 'apartment' && f.level >= 4) chosen.add('Ascenseur');
  if (f.furnished) chosen.add('Meublé');
  if (f.riverView) chosen.add('Vue sur le fleuve');
  if (f.type === 'sale' && f.category !== 'apartment' && f.category !== 'office' && chance(rng, 0.75))
    chosen.add('Titre foncier');
  if (f.commune.level >= 2 && chance(rng, 0.6)) chosen.add('Accès goudronné');
  return [...chosen];
}

/** French thousands with ordinary spaces: 1 250. */
export const thousands = (v: number) => String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** "Avenue des Aviateurs" → "l'Avenue des Aviateurs", to follow "sur". */
export function street(name: string): string {
  if (/^(Avenue|Ave)/.test(name)) return `l'${name}`;
  if (/^Boulevard/.test(name)) return `le ${name}`;
  return `la ${name}`;
}

/** French "de" before an article: de + le = du, de + les = des, d'un, de la. */
export function de(words: string): string {
  if (words.startsWith('le ')) return `du ${words.slice(3)}`;
  if (words.startsWith('les ')) return `des ${words.slice(4)}`;
  if (words.startsWith('des ')) return `de ${words.slice(4)}`;
  if (/^une? /.test(words)) return `d'${words}`;
  return `de ${words}`;
}

const floorName = (level: number) =>
  level === 0 ? 'rez-de-chaussée' : level === 1 ? '1er étage' : `${level}e étage`;
const forWhat = (t: PropertyType) => (t === 'rent' ? 'à louer' : 'à vendre');
const chambres = (n: number | null) => `${n ?? 0} chambre${(n ?? 0) > 1 ? 's' : ''}`;

export function titleFor(rng: Rng, f: ListingFacts): string {
  const c = f.commune.name;
  const q = f.quartier;
  const plot = f.plot ? `${f.plot[0]} x ${f.plot[1]} m` : `${thousands(f.area)} m²`;
  const templates: Record<PropertyCategory, string[]> = {
    apartment: [
      `Appartement moderne de ${chambres(f.bedrooms)} à ${c}`,
      `Bel appartement ${chambres(f.bedrooms)} ${forWhat(f.type)}, quartier ${q}`,
      `Appartement ${f.furnished ? 'meublé' : 'lumineux'} de ${thousands(f.area)} m² à ${c}`,
      `Appartement ${chambres(f.bedrooms)} au ${floorName(f.level)}, ${c}`,
      f.riverView
        ? `Appartement avec vue sur le fleuve à ${c}`
        : `Appartement neuf ${forWhat(f.type)} à ${c} (${q})`,
    ],
    house: [
      `Maison de ${chambres(f.bedrooms)} ${forWhat(f.type)} à ${c}`,
      `Maison ${f.level > 1 ? 'à étage' : 'plain-pied'} avec grande cour, quartier ${q}`,
      `Maison clôturée de ${chambres(f.bedrooms)} à ${c}${f.features.includes('Titre foncier') ? ', titre foncier' : ''}`,
      `Maison familiale sur parcelle de ${plot} à ${c}`,
    ],
    villa: [
      f.features.includes('Piscine')
        ? `Villa avec piscine à ${c}, quartier ${q}`
        : `Villa avec jardin à ${c}, quartier ${q}`,
      `Villa de standing ${chambres(f.bedrooms)} ${forWhat(f.type)} à ${c}`,
      `Villa contemporaine de ${chambres(f.bedrooms)} à ${q}`,
      `Grande villa ${f.furnished ? 'meublée ' : ''}sur ${thousands((f.plot?.[0] ?? 30) * (f.plot?.[1] ?? 40))} m² à ${c}`,
    ],
    office: [
      `Bureaux de ${thousands(f.area)} m² ${forWhat(f.type)} à ${c}`,
      `Plateau de bureaux climatisé, ${f.avenue}`,
      `Espace de bureaux au ${floorName(f.level)}, ${c}`,
      f.area > 800
        ? `Immeuble de bureaux ${forWhat(f.type)} à ${c}`
        : `Local commercial sur ${street(f.avenue)}, ${c}`,
    ],
    land: [
      `Parcelle de ${plot} à ${c}${f.features.includes('Titre foncier') ? ', titre foncier' : ''}`,
      `Terrain de ${thousands(f.area)} m² ${forWhat(f.type)} à ${c}`,
      `Parcelle ${f.features.includes('Clôture') ? 'clôturée' : 'bien située'} à ${c}, quartier ${q}`,
      f.area >= 2000
        ? `Grand terrain de ${thousands(f.area)} m² à ${c}`
        : `Parcelle de ${plot} dans le quartier ${q}`,
    ],
  };
  return pick(rng, templates[f.category]);
}

function intro(rng: Rng, f: ListingFacts): string {
  const b = chambres(f.bedrooms);
  const baths = `${f.bathrooms ?? 1} salle${(f.bathrooms ?? 1) > 1 ? 's' : ''} de bain`;
  const plot = f.plot ? `${f.plot[0]} x ${f.plot[1]} m` : '';
  switch (f.category) {
    case 'apartment':
      return pick(rng, [
        `Appartement de ${b} situé au ${floorName(f.level)} d'un immeuble ${pick(rng, ['sécurisé', 'récent', 'de standing', 'bien entretenu'])}, avec un salon spacieux, ${baths} et une cuisine ${pick(rng, ['moderne', 'ouverte', 'fermée'])}.`,
        `${f.furnished ? 'Appartement meublé' : 'Appartement'} de ${thousands(f.area)} m² comprenant un séjour lumineux, ${b} et ${baths}.`,
        `Au ${floorName(f.level)}, bel appartement de ${b} avec de beaux volumes et une bonne ventilation naturelle.`,
      ]);
    case 'house':
      return pick(rng, [
        `Maison ${f.level > 1 ? 'à étage' : 'de plain-pied'} de ${b} et ${baths}, sur une parcelle de ${plot}.`,
        `Belle maison comprenant un grand salon, une salle à manger, ${b} et ${baths}, avec une cour ${pick(rng, ['pavée', 'cimentée', 'spacieuse'])}.`,
        `Maison familiale de ${thousands(f.area)} m² habitables sur une parcelle clôturée de ${plot}.`,
      ]);
    case 'villa':
      return pick(rng, [
        `Villa de standing de ${b}, toutes avec salle de bain, sur un terrain de ${plot}.`,
        `Superbe villa de ${thousands(f.area)} m² habitables avec double salon, ${b} et bureau.`,
        `Villa contemporaine aux finitions soignées : grandes baies vitrées, ${b}, ${baths} et salle de jeux.`,
      ]);
    case 'office':
      return pick(rng, [
        `Plateau de bureaux de ${thousands(f.area)} m² ${pick(rng, ['cloisonné', 'en open space', 'modulable'])}, au ${floorName(f.level)} d'un immeuble moderne.`,
        `Espace professionnel de ${thousands(f.area)} m² idéal pour ${pick(rng, ['un siège social', 'une ONG', 'une banque ou une agence', 'un cabinet'])}.`,
        `Bureaux de ${thousands(f.area)} m² avec accueil, ${int(rng, 3, 12)} bureaux fermés et ${pick(rng, ['une salle de réunion', 'des sanitaires à chaque niveau', 'un local d’archives'])}.`,
      ]);
    case 'land':
      return pick(rng, [
        `Parcelle de ${plot} (${thousands(f.area)} m²), ${pick(rng, ['plate', 'légèrement en pente', 'bien drainée'])}, ${f.features.includes('Clôture') ? 'déjà clôturée' : 'prête à bâtir'}.`,
        `Terrain de ${thousands(f.area)} m² idéal pour ${pick(rng, ['une résidence familiale', 'un projet immobilier', 'un entrepôt', 'un immeuble à appartements'])}.`,
        `Belle parcelle de ${plot} en terre ferme, dans un quartier en plein développement.`,
      ]);
  }
}

function location(rng: Rng, f: ListingFacts): string {
  const others = f.commune.nearby.filter((place) => !place.includes(f.avenue));
  const near = pick(rng, others.length > 0 ? others : f.commune.nearby);
  const road = f.features.includes('Accès goudronné')
    ? 'par une route goudronnée'
    : pick(rng, ['par une route en terre praticable en toute saison', 'par une rue en terre battue']);
  return pick(rng, [
    `Le bien se trouve sur ${street(f.avenue)}, dans le quartier ${f.quartier}, à quelques minutes ${de(near)}.`,
    `Quartier ${pick(rng, ['calme', 'résidentiel', 'animé', 'sécurisé'])} de ${f.commune.name}, proche ${de(near)}, accès ${road}.`,
    `Le bien est situé dans le quartier ${f.quartier} (${f.commune.name}), non loin ${de(near)}.`,
  ]);
}

function amenities(rng: Rng, f: ListingFacts): string {
  const words = f.features.map((label) => FEATURE_WORDS[label]).filter((w): w is string => Boolean(w));
  const shown = sample(rng, words, Math.min(words.length, int(rng, 2, 4)));
  if (shown.length === 0) return '';
  const list =
    shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} et ${shown[shown.length - 1]}`;
  return pick(rng, [`Le bien dispose ${de(list ?? '')}.`, `Sur place : ${list}.`, `Atouts : ${list}.`]);
}

function closing(rng: Rng, f: ListingFacts): string {
  if (f.type === 'rent') {
    return pick(rng, [
      `Garantie locative de ${pick(rng, ['trois', 'six'])} mois, loyer payable ${pick(rng, ['mensuellement', 'par trimestre'])}.`,
      'Disponible immédiatement, visites sur rendez-vous.',
      f.category === 'office'
        ? 'Idéal pour une entreprise ou une représentation.'
        : 'Idéal pour cadres, expatriés ou famille.',
    ]);
  }
  return pick(rng, [
    f.category === 'apartment' || f.category === 'office'
      ? 'Documents de copropriété en ordre.'
      : "Documents en ordre (certificat d'enregistrement).",
    'Prix légèrement négociable, visites sur rendez-vous.',
    'Notre agent vous accompagne dans toutes les démarches.',
  ]);
}

/** Two to four sentences, like the agency's own listings. */
export function descriptionFor(rng: Rng, f: ListingFacts): string {
  const sentences = [intro(rng, f), location(rng, f), amenities(rng, f)];
  if (chance(rng, 0.7)) sentences.push(closing(rng, f));
  return sentences.filter(Boolean).join(' ');
}

export function addressFor(rng: Rng, f: Pick<ListingFacts, 'avenue' | 'quartier'>): string {
  const quartier = f.quartier.startsWith('Quartier') ? f.quartier : `Quartier ${f.quartier}`;
  const number =
    f.avenue.startsWith('Route') && chance(rng, 0.5) ? `, Km ${int(rng, 5, 60)}` : ` n°${int(rng, 1, 250)}`;
  return `${f.avenue}${number}, ${quartier}`;
}
