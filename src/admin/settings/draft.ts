import { AgencySettingsInput, SOCIAL_NETWORKS, type AgencySettings } from '../../contract/index.ts';
import { formatPhone } from '../../shared/phone.ts';

/** The form's state: what the inputs hold, numbers as typed. */
export interface SettingsDraft {
  name: string;
  logo: string | null;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  lat: string;
  long: string;
  weekdays: string;
  saturday: string;
  sunday: string;
  social: Record<(typeof SOCIAL_NETWORKS)[number], string>;
  clients: string;
  foundedYear: string;
}

export function toDraft(s: AgencySettings): SettingsDraft {
  return {
    name: s.name,
    logo: s.logo,
    phone: formatPhone(s.phone),
    whatsapp: formatPhone(s.whatsapp),
    email: s.email,
    address: s.address,
    lat: s.lat === null ? '' : String(s.lat),
    long: s.long === null ? '' : String(s.long),
    weekdays: s.hours.weekdays,
    saturday: s.hours.saturday,
    sunday: s.hours.sunday,
    social: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, s.social[n] ?? ''])) as SettingsDraft['social'],
    clients: String(s.figures.clients),
    foundedYear: s.figures.foundedYear === null ? '' : String(s.figures.foundedYear),
  };
}

/** A typed number ("-4,32" with a French comma too); '' is no value; anything else stays text for zod to refuse. */
const number = (typed: string): number | null | string => {
  const v = typed.trim().replace(',', '.');
  if (v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : typed;
};

/** The draft checked by the API's own contract: the body to send, or the messages keyed by field. */
export function checkDraft(d: SettingsDraft) {
  const parsed = AgencySettingsInput.safeParse({
    name: d.name,
    logo: d.logo,
    phone: d.phone,
    whatsapp: d.whatsapp,
    email: d.email,
    address: d.address,
    lat: number(d.lat),
    long: number(d.long),
    hours: { weekdays: d.weekdays, saturday: d.saturday, sunday: d.sunday },
    social: d.social,
    figures: { clients: number(d.clients) ?? 0, foundedYear: number(d.foundedYear) },
  });
  if (parsed.success) return { ok: true as const, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    // hours.weekdays → weekdays, social.x → social.x, figures.clients → clients: the draft's own names.
    const [first, second] = issue.path.map(String);
    const key =
      first === 'hours' || first === 'figures' ? second! : first === 'social' ? `social.${second}` : first!;
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors };
}
