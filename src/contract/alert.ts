import { z } from 'zod';
import { AMENITIES } from '../shared/enums.ts';
import { LANGS } from '../shared/alerts.ts';
import { DEFAULT_FILTERS, MAX_Q, type CatalogueFilters as Filters } from '../shared/catalogue-filter.ts';
import { blankToUndefined, Email, Id, IsoDateTime, PageQuery, Phone, SearchText } from './common.ts';
import { AlertStatus, Commune, FilterCurrency, PropertyCategory, PropertyType } from './enums.ts';

export const AlertLang = z.enum(LANGS);

const unset = z.literal('');
const amount = (what: string) =>
  z
    .number({ error: `${what} : un nombre est attendu` })
    .finite()
    .min(0, { error: `${what} : la valeur ne peut pas être négative` })
    .max(1e15, { error: `${what} : la valeur est trop grande` });

/**
 * The catalogue's filters (src/shared/catalogue-filter.ts, the island's URL state without page and view), as
 * an alert saves them. `satisfies` below keeps this schema and that type one shape: a filter added to the
 * catalogue and not here (or the other way round) fails the type check.
 */
export const CatalogueFilters = z
  .object({
    q: SearchText.max(MAX_Q).default(DEFAULT_FILTERS.q),
    type: PropertyType.or(unset).default(DEFAULT_FILTERS.type),
    category: PropertyCategory.or(unset).default(DEFAULT_FILTERS.category),
    state: Commune.or(unset).default(DEFAULT_FILTERS.state),
    minPrice: amount('Prix minimum').default(DEFAULT_FILTERS.minPrice),
    maxPrice: amount('Prix maximum').default(DEFAULT_FILTERS.maxPrice),
    currency: FilterCurrency.default(DEFAULT_FILTERS.currency),
    minArea: amount('Surface minimum').default(DEFAULT_FILTERS.minArea),
    maxArea: amount('Surface maximum').default(DEFAULT_FILTERS.maxArea),
    amenities: z
      .number()
      .int()
      .min(0)
      .max(2 ** AMENITIES.length - 1, { error: 'Équipements inconnus' })
      .default(DEFAULT_FILTERS.amenities),
  })
  .strict() satisfies z.ZodType<Filters, unknown>;
export type CatalogueFilters = z.infer<typeof CatalogueFilters>;
// And no key more than the catalogue's: the two shapes are the same, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type FiltersAreTheCatalogues<T extends true = Same<z.output<typeof CatalogueFilters>, Filters>> = T;

/** "Me prévenir": the filters shown when it was pressed, where to write, in which language. */
export const AlertInput = z.object({
  email: Email,
  phone: z.preprocess(blankToUndefined, Phone.optional()),
  filters: CatalogueFilters,
  lang: AlertLang.default('fr'),
});
export type AlertInput = z.infer<typeof AlertInput>;

/** The token of an e-mail link, posted by the confirm and unsubscribe pages (a GET changes nothing). */
export const AlertTokenInput = z.object({
  token: z
    .string({ error: 'Lien invalide' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Lien invalide : copiez l’adresse complète reçue par e-mail' }),
});

export const AlertTokenAnswer = z.object({ status: AlertStatus });

export const Alert = z.object({
  id: Id,
  email: z.string(),
  phone: z.string().nullable(),
  lang: AlertLang,
  filters: CatalogueFilters,
  /** The filters in words, in French (the staff's language). */
  summary: z.string(),
  status: AlertStatus,
  createdAt: IsoDateTime,
  confirmedAt: IsoDateTime.nullable(),
  lastSentAt: IsoDateTime.nullable(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertListQuery = PageQuery.extend({ status: AlertStatus.optional() });
export type AlertListQuery = z.infer<typeof AlertListQuery>;

export const AlertList = z.object({
  data: z.array(Alert),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  /** Subscriptions per status, whatever the list's filter. */
  counts: z.object({
    pending: z.number().int(),
    confirmed: z.number().int(),
    unsubscribed: z.number().int(),
  }),
});
export type AlertList = z.infer<typeof AlertList>;
