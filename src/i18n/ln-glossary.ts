import type { MessageKey } from './types.ts';

/**
 * One Lingala word per concept, read again by a Kinshasa speaker: rent, favourites,
 * contact, link and property were each named several ways, then the rules were applied too mechanically
 * ("Kofutela liboso" for "Loyer payé d'avance", "pamba" for "free" beside a price). ln-glossary.test.ts fails
 * when an ln.ts entry uses a ruled-out term, so the choices hold as the dictionary grows.
 *
 * A ruled-out term is matched as a whole word or phrase, any case, outside `{placeholders}`. A term ending
 * in "-" is a verb root: Lingala puts a subject or tense prefix before it and an ending after ("bomb-" catches
 * kobomba, tobombaka, ebombami), which whole-word terms let through.
 */
export interface GlossaryEntry {
  concept: string;
  /** The word (or phrase) ln.ts uses for the concept. */
  chosen: string;
  /** Keys that name the concept: each must contain `chosen`. */
  namedIn: readonly MessageKey[];
  /** Terms no entry may use. */
  ruledOut: readonly string[];
  /**
   * Entries whose French text matches this may use a ruled-out term: there Kinois say the word
   * ("ndako" where French says "maison", "location" where it says "location").
   */
  allowedWhereFrench?: RegExp;
  /** Entries where a ruled-out term means something else, with why (each must still contain the term). */
  except?: Partial<Record<MessageKey, string>>;
}

export const LN_GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: 'rent',
    // "kofutela" is the listing's type (à louer); "loyer" and "avance" stay as Kinois say them
    // ("Avance ya loyer"), and "location" where French says it.
    chosen: 'kofutela',
    namedIn: ['type.rent', 'home.search.typeRent', 'favorites.empty.rent', 'footer.service.rent'],
    ruledOut: ['location'],
    allowedWhereFrench: /\blocati/i,
  },
  {
    concept: 'favourites',
    // The list is named like French "Mes favoris": «Oyo nalingi» (what I like); saving is "kotia" (to put) in
    // it. "kobomba" is to hide ("Oyo tobombaka" read "what we hide"); keeping is "kobatela".
    chosen: 'nalingi',
    namedIn: [
      'nav.favorites',
      'favorites.title',
      'meta.favorites.title',
      'favorite.add',
      'toast.favoriteAdded',
    ],
    // "olingi" alone stays: "soki olingi" is "if you wish" (optional fields), "Olingi…?" is "Do you want…?".
    ruledOut: ['oyo olingi', 'bandako olingi', 'bomb-'],
  },
  {
    concept: 'contact',
    // "kutana" is meeting in person; calling (benga) and writing (komela) are named for what they are.
    chosen: 'solola',
    namedIn: ['nav.contact', 'contact.title', 'footer.contactTitle', 'about.cta.contact'],
    ruledOut: ['kutan-'],
  },
  {
    concept: 'link',
    chosen: 'lien',
    namedIn: ['footer.quickLinks', 'property.share.copyLink', 'toast.propertyShared'],
    ruledOut: ['nzela', 'banzela'],
    except: {
      'about.office.directions': 'the road to the office (directions on a map), not a web link',
      'amenity.pavedRoad': 'a paved road to the house (an amenity), not a web link',
    },
  },
  {
    concept: 'property',
    // A listing may be land or offices: "ndako" (category.house) would call them houses. Where French says
    // "maison(s)", a house is meant, and "ndako" is the word.
    chosen: 'propriété',
    namedIn: ['nav.properties', 'catalogue.title', 'catalogue.count.other', 'property.notFound.title'],
    ruledOut: ['ndako', 'bandako'],
    allowedWhereFrench: /\bmaisons?\b/i,
  },
  {
    concept: 'available (free to move in)',
    // "pamba" is free of charge or worthless, read beside a price; "mpamba" (empty) stays.
    chosen: 'libre',
    namedIn: ['status.available', 'trust.availableNow', 'trust.availableFrom'],
    ruledOut: ['pamba'],
  },
  {
    concept: 'already',
    chosen: 'esi',
    namedIn: ['toast.favoritesAlready'],
    ruledOut: ['kala'],
    except: { 'common.offline': '"ya kala": old, out of date, not "already"' },
  },
  {
    concept: 'up to',
    chosen: 'kino',
    namedIn: ['alerts.words.upTo', 'compare.intro', 'meta.compare.description'],
    ruledOut: ['tii'],
  },
  {
    concept: 'amenities',
    chosen: 'équipement',
    namedIn: ['property.amenities', 'catalogue.filters.amenities', 'meta.compare.description'],
    ruledOut: ['biloko ezali'],
  },
  {
    concept: 'address',
    chosen: 'adresse',
    namedIn: ['footer.address', 'contact.details.address', 'alerts.form.email'],
    ruledOut: ['adresi'],
  },
  {
    concept: 'page',
    // "lokasa", plural "nkasa"; "{page}" in a template is a placeholder, not a word.
    chosen: 'lokasa',
    namedIn: ['catalogue.pagination.page', 'meta.notFound.title', 'offline.text'],
    ruledOut: ['page', 'ba page'],
  },
  {
    concept: 'tap (a button)',
    chosen: 'fina',
    namedIn: ['compare.intro', 'alerts.confirm.text', 'alerts.unsubscribe.text'],
    ruledOut: ['finá'],
  },
  {
    concept: 'photos and videos',
    // Loanwords written as on phones, plural prefix apart: "ba foto", "ba video".
    chosen: 'foto',
    namedIn: ['media.image', 'property.gallery.label', 'saveData.note'],
    ruledOut: ['bafoto', 'bavideo', 'vidéo', 'ba vidéo'],
  },
];

/**
 * A name written in sentences: bare, "oyo nalingi" reads as "what I like" ("Libunga: tokoki te kozwa oyo
 * nalingi"). Every entry but the name alone quotes it «\u00a0Oyo nalingi\u00a0», except where the words mean
 * themselves.
 */
export const LN_QUOTED_NAME = {
  name: 'Oyo nalingi',
  except: {
    'favorites.share.text': 'the sharer\'s own sentence: "the properties I like at {agency}"',
  } as Partial<Record<MessageKey, string>>,
};

/**
 * French that Kinois keep, where a coined Lingala word reads as a translation exercise: team roles, a
 * listing's reference and status, the currency, the prepaid meter ("cash power"), "sanza 12". Each entry
 * must contain its French.
 */
export const LN_FRENCH_KEPT: Partial<Record<MessageKey, string>> = {
  'teamRole.directeurGeneral': 'Directeur général',
  'teamRole.directeurCommercial': 'Directeur commercial',
  'teamRole.responsableMarketing': 'Responsable marketing',
  'teamRole.agentSenior': 'Agent senior',
  'teamRole.agentJunior': 'Agent junior',
  'teamRole.assistant': 'Assistant',
  'catalogue.filters.currency': 'Devise',
  'property.facts.reference': 'Référence',
  'property.facts.status': 'Statut',
  'amenity.prepaidMeter': 'Cash power',
  'form.dateOutOfRange': 'sanza 12',
  'moveIn.advance': 'Avance ya loyer',
  'moveIn.total': 'Total',
  'footer.service.management': 'Gestion',
};
