import type { AgencySettings, SocialNetwork } from '../contract/index.ts';
import { agencyDefaults, env } from '../env.ts';
import { formatPhone, telHref } from '../shared/phone.ts';
import { perBuild, readyInputs } from './build-context.ts';

const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/**
 * The settings staff saved, as the build read them when it started (build-context.ts); the configured
 * defaults (AGENCY_* variables) outside a build (astro check, unit tests).
 */
export const agencySettings = (): AgencySettings => readyInputs()?.settings ?? agencyDefaults(env());

/**
 * The agency's public details as pages use them: the settings staff edit in /admin/settings,
 * never literals in components.
 */
export function agency(): Agency {
  // In a build the settings are fixed for its whole run: worked out once, not for each of 30,000 pages.
  return readyInputs() ? perBuild('agency', () => agencyOf(agencySettings())) : agencyOf(agencySettings());
}
type Agency = ReturnType<typeof agencyOf>;

function agencyOf(s: AgencySettings) {
  return {
    name: s.name,
    /** The uploaded logo (/media/…), or null for the site's own mark. */
    logo: s.logo,
    phone: formatPhone(s.phone),
    phoneHref: telHref(s.phone),
    email: s.email,
    /** The digits a wa.me link takes. */
    whatsapp: s.whatsapp.replace(/\D/g, ''),
    address: s.address,
    position: s.lat !== null && s.long !== null ? { lat: s.lat, long: s.long } : null,
    hours: s.hours,
    figures: s.figures,
    social: Object.entries(s.social)
      .filter((entry): entry is [SocialNetwork, string] => Boolean(entry[1]))
      .map(([network, url]) => [SOCIAL_NAMES[network], url] as [string, string]),
    siteUrl: (env().PUBLIC_URL ?? `http://localhost:${env().PORT}`).replace(/\/$/, ''),
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
