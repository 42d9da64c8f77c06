import { z } from 'zod';
import { blankToUndefined, Email, Id, IsoDateTime, isCleanText, Line, PageQuery, Phone } from './common.ts';
import { VisitStatus } from './enums.ts';

const DAY_MS = 86_400_000;

/**
 * The date picker gives a day (YYYY-MM-DD) or a local date and time (YYYY-MM-DDTHH:mm).
 * A visit cannot be booked in the past nor more than a year ahead; one day of slack absorbs time zones.
 */
export const VisitDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/, { error: 'Date de visite invalide' })
  .refine((v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T12:00:00Z` : `${v}Z`)), {
    error: 'Date de visite invalide',
  })
  .refine(
    (v) => {
      const t = Date.parse(`${v.slice(0, 10)}T12:00:00Z`);
      const now = Date.now();
      return t >= now - 2 * DAY_MS && t <= now + 366 * DAY_MS;
    },
    { error: 'La date de visite doit être aujourd’hui ou dans les douze prochains mois' },
  );

/** A listing page of the site, in any of its languages: /property/12, /en/property/12/, /ln/property/12. */
const LISTING_PATH = /^\/(?:(?:en|ln)\/)?property\/[1-9]\d{0,8}\/?$/;
const notAListing = { error: 'Adresse de page invalide : seule une page d’annonce du site est acceptée' };

/**
 * The page a visit request was sent from, which goes into the agency's e-mail: one of the site's listing
 * pages, as a path or as an absolute http(s) address. An absolute address must also be on PUBLIC_URL,
 * which only the server knows (listingPageOrigin gives the origin to compare).
 */
export const ListingPageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => isCleanText(v) && listingPath(v) !== null, notAListing);

/**
 * The listing path of a page address (relative or absolute http(s), no query nor fragment), or null. An
 * absolute address must also be one the URL parser reads (a host such as "[::1" matches the pattern but
 * not the parser), so that the route's origin check never meets an address it cannot parse.
 */
export function listingPath(url: string): string | null {
  if (url.startsWith('/')) return LISTING_PATH.test(url) ? url : null;
  const match = /^(https?:\/\/[^/?#\s]+)(\/[^?#\s]*)$/i.exec(url);
  return match?.[2] && LISTING_PATH.test(match[2]) && URL.canParse(url) ? match[2] : null;
}

/** The origin of an absolute page address ("https://ndako.cd"), or null for a path. */
export function listingPageOrigin(url: string): string | null {
  return url.startsWith('/') ? null : new URL(url).origin;
}

export const VisitRequestInput = z.object({
  name: Line(120),
  visitDate: VisitDate,
  telephone: Phone,
  email: z.preprocess(blankToUndefined, Email.optional()),
  url: z.preprocess(blankToUndefined, ListingPageUrl.optional()),
});
export type VisitRequestInput = z.infer<typeof VisitRequestInput>;

export const VisitRequest = z.object({
  id: Id,
  name: z.string(),
  visitDate: z.string(),
  telephone: z.string(),
  email: z.string().nullable(),
  url: z.string().nullable(),
  /** The listing the visit is about, read from the page address when it is a property page. */
  propertyId: Id.nullable(),
  status: VisitStatus,
  createdAt: IsoDateTime,
});
export type VisitRequest = z.infer<typeof VisitRequest>;

export const VisitListQuery = PageQuery.extend({ status: VisitStatus.optional() });
export type VisitListQuery = z.infer<typeof VisitListQuery>;

/** Reads the property id out of a page address such as https://…/en/property/42. */
export function propertyIdFromUrl(url: string | undefined | null): number | null {
  if (!url) return null;
  const match = /\/property\/(\d{1,9})(?:[/?#]|$)/.exec(url);
  return match?.[1] ? Number(match[1]) : null;
}
