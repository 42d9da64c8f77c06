import type { MessageKey } from './types.ts';

/**
 * One Lingala word per concept (issue 17): a Kinshasa reading of ln.ts found rent, favourites, contact, link
 * and property each named several ways. ln-glossary.test.ts fails when an ln.ts entry uses a ruled-out term
 * (whole words, case-insensitive), so the choices hold as the dictionary grows.
 */
export interface GlossaryEntry {
  concept: string;
  /** The word (or phrase) ln.ts uses for the concept. */
  chosen: string;
  /** Keys that name the concept: each must contain `chosen`. */
  namedIn: readonly MessageKey[];
  /** Terms no entry may use. */
  ruledOut: readonly string[];
  /** Entries where a ruled-out term means something else, with why (each must still contain the term). */
  except?: Partial<Record<MessageKey, string>>;
}

/** Where "ndako" means a house (category.house), not a property of any kind. */
const HOUSE_MEANT = 'a house: the category, or houses listed beside flats, villas, offices and land';

export const LN_GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: 'rent',
    chosen: 'kofutela',
    namedIn: ['type.rent', 'home.search.typeRent', 'favorites.empty.rent'],
    ruledOut: ['location'],
  },
  {
    concept: 'favourites',
    // The list is named like French "Mes favoris": "Oyo nalingi" (what I like); saving is "kotia" (to put) in it.
    chosen: 'nalingi',
    namedIn: [
      'nav.favorites',
      'favorites.title',
      'meta.favorites.title',
      'favorite.add',
      'toast.favoriteAdded',
    ],
    // "olingi" alone stays: "soki olingi" is "if you wish" (optional fields), "Olingi…?" is "Do you want…?".
    ruledOut: ['oyo olingi', 'bandako olingi', 'obombi', 'obombaki', 'bomba', 'obomba', 'ebombami'],
  },
  {
    concept: 'contact',
    // "kutana" is meeting in person; calling (benga) and writing (komela) are named for what they are.
    chosen: 'solola',
    namedIn: ['nav.contact', 'contact.title', 'footer.contactTitle', 'about.cta.contact'],
    ruledOut: ['kutana', 'kokutana', 'tokutana'],
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
    // A listing may be land or offices: "ndako" (category.house) would call them houses.
    chosen: 'propriété',
    namedIn: ['nav.properties', 'catalogue.title', 'catalogue.count.other', 'property.notFound.title'],
    ruledOut: ['ndako', 'bandako'],
    except: {
      'category.house': HOUSE_MEANT,
      'meta.home.description': HOUSE_MEANT,
      'home.hero.subtitle': HOUSE_MEANT,
      'home.highlights.properties.text': HOUSE_MEANT,
      'sell.intro': HOUSE_MEANT,
      'about.intro3': 'a family house in Ngaliema ("une maison familiale")',
      'home.hero.title': 'a home to live in ("la maison de vos rêves")',
      'nav.sell': 'the French "Vendre ma maison": a house',
      'sell.title': 'the French "Vendre ma maison": a house',
    },
  },
];
