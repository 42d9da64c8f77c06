import type { z } from 'zod';
import {
  AgencySettings,
  ExchangeRates,
  paginated,
  Property,
  PropertyVersions,
  PublicTeamMember,
  type Property as PropertyT,
} from '../contract/index.ts';
import { isOnTheMarket } from '../shared/market.ts';
import type { Rates } from '../shared/money.ts';
import { buildApiUrl, env } from '../env.ts';
import { buildInputs, type BuildInputs } from './build-context.ts';

/**
 * The site build's only way to the data: the live API, read once per build (build-context.ts) and checked
 * against the contract, so a page is never built from a shape the API did not promise.
 */
const base = () => buildApiUrl(env());

export async function apiGet<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>>;
export async function apiGet<T extends z.ZodType>(
  path: string,
  schema: T,
  orNull: true,
): Promise<z.infer<T> | null>;
/** GETs `path` of the API, checked against `schema`; with `orNull`, a 404 answers null. */
export async function apiGet<T extends z.ZodType>(
  path: string,
  schema: T,
  orNull = false,
): Promise<z.infer<T> | null> {
  const url = `${base()}/api${path}`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(
      `The site build could not reach the API at ${url} (${(error as Error).message}). Is it running? Set API_URL.`,
      { cause: error },
    );
  }
  if (orNull && response.status === 404) return null;
  if (!response.ok) throw new Error(`The API answered ${response.status} to ${url}`);
  return schema.parse(await response.json());
}

/**
 * Pages of listings asked for at once. Each request's 30-second limit counts from when it is sent: with all
 * hundred pages of 10,000 listings sent together, the last ones waited in the server's queue past it on a
 * busy machine and the build failed.
 */
const IN_FLIGHT = 4;

/** Every listing, newest first, fetched a hundred at a time. */
export async function fetchAllProperties(): Promise<PropertyT[]> {
  const first = await apiGet('/properties?limit=100&page=1', paginated(Property));
  const pages = Math.ceil(first.total / 100);
  const rest: PropertyT[][] = [];
  let next = 2;
  const worker = async () => {
    for (let page = next++; page <= pages; page = next++)
      rest[page - 2] = (await apiGet(`/properties?limit=100&page=${page}`, paginated(Property))).data;
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return [first.data, ...rest].flat();
}

/**
 * The listings the site renderer keeps from one publish to the next (decision 0045), with the version of
 * each (GET /api/properties/versions): a publish reads again only those whose version changed, one request
 * each, rather than every listing (3 s at 10,000 listings).
 */
interface Mirror {
  byId: Map<number, { version: string; property: PropertyT }>;
}
const MIRROR = Symbol.for('ndako.build.listings');
const kept = globalThis as { [MIRROR]?: Mirror };
/** Past this many changed listings, reading every page of them is cheaper than one request each. */
const ONE_BY_ONE = 200;

/** Every listing, newest first, read again only where it changed since this process last read it. */
export async function syncProperties(): Promise<PropertyT[]> {
  const mirror = (kept[MIRROR] ??= { byId: new Map() });
  const { data: versions } = await apiGet('/properties/versions', PropertyVersions);
  const current = new Map(versions);
  const stale = versions.filter(([id, v]) => mirror.byId.get(id)?.version !== v).map(([id]) => id);
  if (stale.length > ONE_BY_ONE) {
    // Listings changed after the versions were read are read again next time (their version differs).
    mirror.byId = new Map(
      (await fetchAllProperties())
        .filter((p) => current.has(p.id))
        .map((p) => [p.id, { version: current.get(p.id)!, property: p }]),
    );
  } else {
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < stale.length; i = next++) {
        const id = stale[i]!;
        // Deleted since the versions were read: it is not in this build.
        const property = await apiGet(`/properties/${id}`, Property, true);
        if (property) mirror.byId.set(id, { version: current.get(id)!, property });
        else mirror.byId.delete(id);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }
  for (const id of mirror.byId.keys()) if (!current.has(id)) mirror.byId.delete(id);
  return versions.flatMap(([id]) => mirror.byId.get(id)?.property ?? []);
}

export const fetchTeam = async () =>
  (await apiGet('/team?active=true&limit=100', paginated(PublicTeamMember))).data;
export const fetchSettings = () => apiGet('/settings/agency', AgencySettings);
export const fetchRates = (): Promise<Rates> =>
  apiGet('/rates', ExchangeRates).then(({ cdfPerUsd, usdPerEur, setAt }) => ({
    cdfPerUsd,
    usdPerEur,
    setAt,
  }));

/** Everything a build renders from, read from the API at its start. */
export async function fetchInputs(properties = fetchAllProperties): Promise<BuildInputs> {
  const now = new Date();
  const [settings, rates, team, all] = await Promise.all([
    fetchSettings(),
    fetchRates(),
    fetchTeam(),
    properties(),
  ]);
  return { now, settings, rates, team, properties: all };
}

/** This build's inputs: read from the API by the first page that asks, when the build did not start them. */
const inputs = () => buildInputs(fetchInputs);

/** Every listing, newest first, shared by every page of the build. */
export const allProperties = async (): Promise<PropertyT[]> => (await inputs()).properties;

/** Up to four featured listings still on the market, newest first, for the home page (spec §9: limit 4). */
export async function featuredProperties(): Promise<PropertyT[]> {
  return (await allProperties()).filter((p) => p.featured && isOnTheMarket(p.status)).slice(0, 4);
}

export const teamMembers = async () => (await inputs()).team;

/** The exchange rates in force when the build started: every page of one build converts at the same rate. */
export const buildRates = async (): Promise<Rates> => (await inputs()).rates;

/** The build's clock (build-context.ts): pages never read the machine's clock themselves. */
export const buildNow = async (): Promise<Date> => (await inputs()).now;

/** The agency's settings as staff saved them when the build started. */
export const buildSettings = async () => (await inputs()).settings;
