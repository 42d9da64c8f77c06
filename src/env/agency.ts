// The agency's first identity and exchange rates, until staff save theirs: one group of the configuration
// src/env.ts reads.
import { z } from 'zod';
import type { AgencySettings } from '../contract/settings.ts';
import { normalizePhone } from '../shared/phone.ts';

/** A phone number in the normalised form the settings store (src/shared/phone.ts), or a clear refusal. */
const AgencyPhoneVar = z.string().transform((typed, ctx) => {
  const checked = normalizePhone(typed);
  if (checked.ok) return checked.value;
  ctx.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

export const AgencyVars = z.object({
  /** The first exchange rates: in force until an admin sets others (/admin/rates, decision 0021). */
  CDF_PER_USD: z.coerce.number().positive().default(2850),
  USD_PER_EUR: z.coerce.number().positive().default(1.08),

  /**
   * The agency's identity until an admin saves it in /admin/settings (agencyDefaults below): the first
   * defaults only, the stored settings win from then on.
   */
  AGENCY_NAME: z.string().trim().min(1).default('Ndako Immobilier'),
  AGENCY_PHONE: AgencyPhoneVar.prefault('+243 81 234 5678'),
  AGENCY_EMAIL: z.email().default('contact@ndako.cd'),
  AGENCY_WHATSAPP: AgencyPhoneVar.prefault('243812345678'),
  AGENCY_ADDRESS: z.string().trim().min(1).default('12, avenue du Commerce, Gombe, Kinshasa'),
  /** Social pages shown in the footer when set. */
  AGENCY_FACEBOOK: z.url().optional(),
  AGENCY_INSTAGRAM: z.url().optional(),
});

/**
 * The agency's identity while no admin has saved it (GET /api/settings/agency answers it then): the
 * AGENCY_* variables, and the spec's opening hours and figures (spec §2, contact page) as the demo's data.
 */
export const agencyDefaults = (e: z.infer<typeof AgencyVars>): AgencySettings => ({
  name: e.AGENCY_NAME,
  logo: null,
  phone: e.AGENCY_PHONE,
  whatsapp: e.AGENCY_WHATSAPP,
  email: e.AGENCY_EMAIL,
  address: e.AGENCY_ADDRESS,
  lat: null,
  long: null,
  hours: { weekdays: '8:00 – 18:00', saturday: '9:00 – 15:00', sunday: '' },
  social: {
    facebook: e.AGENCY_FACEBOOK ?? null,
    instagram: e.AGENCY_INSTAGRAM ?? null,
    linkedin: null,
    x: null,
    tiktok: null,
    youtube: null,
  },
  figures: { clients: 22, foundedYear: null },
  updatedAt: null,
});
