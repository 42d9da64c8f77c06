import { z } from 'zod';
import { normalizePhone } from '../shared/phone.ts';
import { Email, IsoDateTime, isCleanText, Line } from './common.ts';

/**
 * The agency's identity: what every public page says about the agency, edited by admins in
 * /admin/settings, stored in the `settings` table under the key `agency`, and read by the site build.
 */

/** A phone or WhatsApp number, normalised on save to E.164 by the one normaliser (src/shared/phone.ts). */
export const AgencyPhone = z.string().transform((typed, ctx) => {
  const checked = normalizePhone(typed);
  if (checked.ok) return checked.value;
  ctx.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

/** An uploaded picture of this API (/media/…): the logo must be served with the site, never hot-linked. */
const LocalMedia = z
  .string()
  .trim()
  .regex(/^\/media\/[A-Za-z0-9._-]+$/, { error: 'Le logo doit être une image envoyée sur le site' });

/** Opening hours of one day as the site shows them ("8:00 – 18:00"); empty when the office is closed. */
const Hours = z
  .string()
  .trim()
  .max(40, { error: 'Les horaires tiennent en 40 caractères' })
  .refine((v) => isCleanText(v), { error: 'Caractères de contrôle interdits' });

/** A social network page: an https address, or nothing. */
const SocialUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(300)
    .regex(/^https:\/\/[^\s/]+\.[^\s]+$/, { error: 'Adresse de page invalide : elle commence par https://' })
    .nullable(),
);

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'x', 'tiktok', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

const coordinate = (limit: number, name: string) =>
  z
    .number({ error: `${name} : un nombre est attendu` })
    .min(-limit, { error: `${name} entre -${limit} et ${limit}` })
    .max(limit, { error: `${name} entre -${limit} et ${limit}` })
    .nullable();

const thisYear = () => new Date().getUTCFullYear();

/** What staff send (PUT /api/settings/agency): typed values, checked and normalised. */
export const AgencySettingsInput = z.object({
  name: Line(80),
  logo: LocalMedia.nullable(),
  phone: AgencyPhone,
  whatsapp: AgencyPhone,
  email: Email,
  address: Line(200),
  lat: coordinate(90, 'Latitude'),
  long: coordinate(180, 'Longitude'),
  hours: z.object({ weekdays: Hours, saturday: Hours, sunday: Hours }),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, SocialUrl])) as Record<SocialNetwork, typeof SocialUrl>,
  ),
  /** The about page's figures that the listings and the team cannot tell (spec §2: satisfied clients, years). */
  figures: z.object({
    clients: z
      .number({ error: 'Nombre de clients : un nombre est attendu' })
      .int({ error: 'Nombre de clients : un nombre entier est attendu' })
      .min(0, { error: 'Nombre de clients : 0 ou plus' })
      .max(1_000_000),
    foundedYear: z
      .number({ error: 'Année de création : un nombre est attendu' })
      .int({ error: 'Année de création : une année est attendue' })
      .min(1900, { error: 'Année de création : 1900 ou après' })
      .refine((y) => y <= thisYear(), { error: 'Année de création : pas dans le futur' })
      .nullable(),
  }),
});
export type AgencySettingsInput = z.input<typeof AgencySettingsInput>;
export type AgencySettingsValues = z.output<typeof AgencySettingsInput>;

/** The agency's stored identity, as GET /api/settings/agency answers it (what the public pages need). */
export const AgencySettings = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  phone: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  address: z.string(),
  lat: z.number().nullable(),
  long: z.number().nullable(),
  hours: z.object({ weekdays: z.string(), saturday: z.string(), sunday: z.string() }),
  social: z.object(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string().nullable()])) as Record<
      SocialNetwork,
      z.ZodNullable<z.ZodString>
    >,
  ),
  figures: z.object({ clients: z.number().int(), foundedYear: z.number().int().nullable() }),
  /**
   * When staff last saved them; null while the configured defaults (AGENCY_* variables) apply. Who saved them
   * is not said: this answer is public, and the audit log names the account.
   */
  updatedAt: IsoDateTime.nullable(),
});
export type AgencySettings = z.infer<typeof AgencySettings>;
