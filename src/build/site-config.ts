import { env } from '../env.ts';

/** The agency's public details: configuration (AGENCY_* variables), never literals in components. */
export function agency() {
  const e = env();
  return {
    name: e.AGENCY_NAME,
    phone: e.AGENCY_PHONE,
    phoneHref: `tel:${e.AGENCY_PHONE.replace(/[^+\d]/g, '')}`,
    email: e.AGENCY_EMAIL,
    whatsapp: e.AGENCY_WHATSAPP.replace(/\D/g, ''),
    address: e.AGENCY_ADDRESS,
    social: [
      ['Facebook', e.AGENCY_FACEBOOK],
      ['Instagram', e.AGENCY_INSTAGRAM],
    ].filter((entry): entry is [string, string] => Boolean(entry[1])),
    siteUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}

export { whatsappLink } from '../shared/whatsapp.ts';

/** The map tile server: configuration, so another provider (or a local one) can be used. */
export function mapTiles() {
  const e = env();
  return { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION };
}

/** The API address the admin island calls from the browser. */
export const publicApiBase = () => env().PUBLIC_API_BASE.replace(/\/$/, '');

/** How long the server keeps what visitors and logins leave (the retention job's settings). */
export function retentionPeriods() {
  const e = env();
  return {
    contactYears: e.RETENTION_CONTACT_YEARS,
    securityDays: e.RETENTION_SECURITY_DAYS,
    pageViewsDays: e.RETENTION_PAGE_VIEWS_DAYS,
  };
}
