import {
  featuresFromText,
  type Amenity,
  PropertyInput,
  type Commune,
  type Currency,
  type MediaItem,
  type Property,
  type PropertyCategory,
  type PropertyStatus,
  type PropertyType,
} from '../../contract/index.ts';

/** What the add/edit form holds: text as typed, numbers included, until it is parsed by the contract. */
export interface PropertyDraft {
  title: string;
  price: string;
  currency: Currency;
  type: PropertyType;
  category: PropertyCategory;
  bedrooms: string;
  bathrooms: string;
  area: string;
  address: string;
  /** The commune; the contract calls it `state` (spec §3: district in the form). */
  district: Commune | '';
  description: string;
  /** Optional English and Lingala versions (decision 0029): '' when there is none. */
  titleEn: string;
  descriptionEn: string;
  titleLn: string;
  descriptionLn: string;
  features: string;
  managerId: string;
  status: PropertyStatus;
  featured: boolean;
  lat: string;
  long: string;
  /** Rentals only (decision 0022): months of rent in advance, of deposit, of agency commission. */
  advanceMonths: string;
  depositMonths: string;
  commissionMonths: string;
  amenities: Amenity[];
  /** YYYY-MM-DD from the date input, '' when not said. */
  availableFrom: string;
}

/** Spec §4: new listings default to USD, for sale, apartment. */
export const EMPTY_DRAFT: PropertyDraft = {
  title: '',
  price: '',
  currency: 'USD',
  type: 'sale',
  category: 'apartment',
  bedrooms: '',
  bathrooms: '',
  area: '',
  address: '',
  district: '',
  description: '',
  titleEn: '',
  descriptionEn: '',
  titleLn: '',
  descriptionLn: '',
  features: '',
  managerId: '',
  status: 'available',
  featured: false,
  lat: '',
  long: '',
  advanceMonths: '',
  depositMonths: '',
  commissionMonths: '',
  amenities: [],
  availableFrom: '',
};

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

export function draftFrom(p: Property): PropertyDraft {
  return {
    title: p.title,
    price: text(p.price),
    currency: p.currency,
    type: p.type,
    category: p.category,
    bedrooms: text(p.bedrooms),
    bathrooms: text(p.bathrooms),
    area: text(p.area),
    address: p.address,
    district: p.state,
    description: p.description,
    titleEn: p.titleEn ?? '',
    descriptionEn: p.descriptionEn ?? '',
    titleLn: p.titleLn ?? '',
    descriptionLn: p.descriptionLn ?? '',
    features: p.features.join(', '),
    managerId: text(p.managerId),
    status: p.status,
    featured: p.featured,
    lat: text(p.lat),
    long: text(p.long),
    advanceMonths: text(p.advanceMonths),
    depositMonths: text(p.depositMonths),
    commissionMonths: text(p.commissionMonths),
    amenities: p.amenities,
    availableFrom: p.availableFrom ?? '',
  };
}

/** Spec §5: step 1 needs title, price, area, address, district and description before Next. */
export const REQUIRED_DETAILS = ['title', 'price', 'area', 'address', 'district', 'description'] as const;

export function detailsFilled(d: PropertyDraft): boolean {
  return REQUIRED_DETAILS.every((key) => String(d[key]).trim() !== '');
}

/** "1 500,50" or "1500.5" as people type them; blank is null; anything else NaN so the contract refuses it. */
export function parseNumber(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The create/update payload of spec §7, checked by the one contract the API also uses. */
export function toInput(d: PropertyDraft, media: MediaItem[]) {
  // The move-in fields show for rentals only: a listing switched to sale drops what they held.
  const rent = d.type === 'rent';
  return PropertyInput.safeParse({
    title: d.title,
    description: d.description,
    titleEn: d.titleEn,
    descriptionEn: d.descriptionEn,
    titleLn: d.titleLn,
    descriptionLn: d.descriptionLn,
    price: parseNumber(d.price),
    currency: d.currency,
    type: d.type,
    category: d.category,
    bedrooms: parseNumber(d.bedrooms),
    bathrooms: parseNumber(d.bathrooms),
    area: parseNumber(d.area),
    address: d.address,
    state: d.district || undefined,
    lat: parseNumber(d.lat),
    long: parseNumber(d.long),
    features: featuresFromText(d.features),
    media,
    managerId: parseNumber(d.managerId),
    status: d.status,
    featured: d.featured,
    advanceMonths: rent ? parseNumber(d.advanceMonths) : null,
    depositMonths: rent ? parseNumber(d.depositMonths) : null,
    commissionMonths: rent ? parseNumber(d.commissionMonths) : null,
    amenities: d.amenities,
    availableFrom: d.availableFrom || null,
  });
}

/** Which step holds a field, so an error found at save time can send staff back to it. */
export const fieldStep = (field: string): 1 | 2 => (field === 'media' ? 2 : 1);

/** The form's field for an error on the contract's `state`. */
export const formField = (field: string) => (field === 'state' ? 'district' : field);
