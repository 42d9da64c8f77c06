import { z } from 'zod';
import { Id, IsoDate, IsoDateTime, Line, PageQuery, QueryBoolean, SearchText, Text } from './common.ts';
import {
  AMENITIES,
  Amenity,
  Commune,
  Currency,
  PropertyCategory,
  PropertySort,
  PropertyStatus,
  PropertyType,
  VerificationFilter,
} from './enums.ts';
import { MediaItem } from './media.ts';
import { Agent } from './team.ts';

const Count = z.number().int().min(0).max(1000);
const Money = z.number().min(0).max(1e13);
const Area = z.number().min(0).max(1e8);
/** Months of rent asked to move in (decision 0022): whole numbers within what Kinshasa landlords ask. */
const Months = (what: string, max: number) =>
  z
    .number({ error: `${what} : un nombre de mois entier, de 0 à ${max}` })
    .int({ error: `${what} : un nombre de mois entier, de 0 à ${max}` })
    .min(0, { error: `${what} : un nombre de mois entier, de 0 à ${max}` })
    .max(max, { error: `${what} : au plus ${max} mois` });
export const MOVE_IN_BOUNDS = { advanceMonths: 24, depositMonths: 24, commissionMonths: 12 } as const;

/** Each amenity once, stored in AMENITIES order whatever order the form sent. */
const Amenities = z
  .array(Amenity, { error: 'Équipements invalides' })
  .max(AMENITIES.length)
  .transform((list) => AMENITIES.filter((a) => list.includes(a)));

/** A calendar day within sensible bounds: a typo such as 0202 or 2206 gets a message instead of being kept. */
const AvailableFrom = IsoDate.refine((d) => d >= '2000-01-01' && d <= '2100-12-31', {
  error: 'La date de disponibilité doit être comprise entre 2000 et 2100',
});

/**
 * An English or Lingala version of the title and description (decision 0029): optional, with the
 * French text's limits; an empty field is no version. A title and a description go together, checked below.
 */
const Translated = (max: number, field: (max: number) => z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), field(max).nullish());
const TRANSLATIONS = [
  ['titleEn', 'descriptionEn', 'anglais'],
  ['titleLn', 'descriptionLn', 'lingala'],
] as const;

export const Property = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  /** The English and Lingala versions, each a title and a description together, or both null. */
  titleEn: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  titleLn: z.string().nullable(),
  descriptionLn: z.string().nullable(),
  price: z.number(),
  currency: Currency,
  type: PropertyType,
  category: PropertyCategory,
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  area: z.number(),
  address: z.string(),
  /** The commune. */
  state: Commune,
  lat: z.number().nullable(),
  long: z.number().nullable(),
  features: z.array(z.string()),
  /** What the house has, in AMENITIES order. */
  amenities: z.array(Amenity),
  /** The day it can be moved into (or bought); null when staff did not say. */
  availableFrom: IsoDate.nullable(),
  /** The last on-site check by staff; who made it is staff-only (PropertyVerification). */
  verifiedAt: IsoDateTime.nullable(),
  media: z.array(MediaItem),
  managerId: Id.nullable(),
  /** The managing team member, or null: the site then shows the agency itself. */
  agent: Agent.nullable(),
  status: PropertyStatus,
  featured: z.boolean(),
  /** Rentals: months of rent paid in advance, of deposit, of agency commission; null when not said. */
  advanceMonths: z.number().int().nullable(),
  depositMonths: z.number().int().nullable(),
  commissionMonths: z.number().int().nullable(),
  viewCount: z.number().int().nonnegative(),
  /** When the listing's page was last viewed (the view increment); null if never. */
  lastViewedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Property = z.infer<typeof Property>;

/**
 * Every listing's version, newest first (`GET /api/properties/versions`): a digest of what the API answers
 * for it, its agent's included, but its view count. The site renderer reads the listings that changed
 * since its last publish, not all of them (decision 0045).
 */
export const PropertyVersions = z.object({ data: z.array(z.tuple([Id, z.string()])) });
export type PropertyVersions = z.infer<typeof PropertyVersions>;

export const PropertyInput = z
  .object({
    title: Line(160),
    description: Text(8000),
    titleEn: Translated(160, Line),
    descriptionEn: Translated(8000, Text),
    titleLn: Translated(160, Line),
    descriptionLn: Translated(8000, Text),
    price: Money,
    currency: Currency.default('USD'),
    type: PropertyType.default('sale'),
    category: PropertyCategory.default('apartment'),
    bedrooms: Count.int().nullish(),
    bathrooms: Count.int().nullish(),
    area: Area,
    address: Line(200),
    state: Commune,
    lat: z.number().min(-90).max(90).nullish(),
    long: z.number().min(-180).max(180).nullish(),
    features: z.array(Line(80)).max(60).default([]),
    amenities: Amenities.default([]),
    availableFrom: AvailableFrom.nullish(),
    media: z.array(MediaItem).max(40).default([]),
    managerId: Id.nullish(),
    status: PropertyStatus.default('available'),
    featured: z.boolean().default(false),
    advanceMonths: Months("Loyer payé d'avance", MOVE_IN_BOUNDS.advanceMonths).nullish(),
    depositMonths: Months('Garantie', MOVE_IN_BOUNDS.depositMonths).nullish(),
    commissionMonths: Months("Commission de l'agence", MOVE_IN_BOUNDS.commissionMonths).nullish(),
  })
  .refine((p) => (p.lat == null) === (p.long == null), {
    error: 'Latitude et longitude vont ensemble',
    path: ['lat'],
  })
  .superRefine((p, ctx) => {
    for (const [title, description, language] of TRANSLATIONS)
      if ((p[title] == null) !== (p[description] == null))
        ctx.addIssue({
          code: 'custom',
          path: [p[title] == null ? title : description],
          message: `Le titre et la description en ${language} vont ensemble`,
        });
  })
  .superRefine((p, ctx) => {
    // A sale has no rent to pay in advance, no deposit and no monthly commission.
    if (p.type === 'rent') return;
    for (const key of ['advanceMonths', 'depositMonths', 'commissionMonths'] as const)
      if (p[key] != null)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: "Les conditions d'emménagement ne concernent que les locations",
        });
  });
export type PropertyInput = z.infer<typeof PropertyInput>;
export type PropertyInputDraft = z.input<typeof PropertyInput>;

export const PropertyStatusPatch = z.object({ status: PropertyStatus });

export const PropertyListQuery = PageQuery.extend({
  q: SearchText.optional(),
  type: PropertyType.optional(),
  category: PropertyCategory.optional(),
  state: Commune.optional(),
  status: PropertyStatus.optional(),
  featured: QueryBoolean.optional(),
  minPrice: z.coerce.number().min(0).max(1e13).optional(),
  maxPrice: z.coerce.number().min(0).max(1e13).optional(),
  minArea: z.coerce.number().min(0).max(1e8).optional(),
  maxArea: z.coerce.number().min(0).max(1e8).optional(),
  managerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Comma-separated amenities, all required (the admin's list; the public catalogue filters its index). */
  amenities: z
    .string()
    .max(300)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(Amenity, { error: 'Équipement inconnu' }))
    .optional(),
  /** `due`: never checked, or checked VERIFICATION_DAYS ago or more: the admin's "to re-verify" list. */
  verification: VerificationFilter.optional(),
  sort: PropertySort.default('newest'),
});
export type PropertyListQuery = z.infer<typeof PropertyListQuery>;

/** Staff-only: who checked a listing on site and when (POST /properties/{id}/verify, GET …/verification). */
export const PropertyVerification = z.object({
  id: Id,
  verifiedAt: IsoDateTime.nullable(),
  /** The account's name; null when never checked or the account was removed. */
  verifiedBy: z.string().nullable(),
});
export type PropertyVerification = z.infer<typeof PropertyVerification>;

export const ViewCountResponse = z.object({ id: Id, viewCount: z.number().int().nonnegative() });

/** The admin form types features as one comma-separated line: trimmed, empties dropped. */
export function featuresFromText(text: string): string[] {
  return text
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f.length > 0);
}
