import type { z } from 'zod';
import {
  AgencySettings,
  ExchangeRates,
  paginated,
  Property,
  PublicTeamMember,
  type Property as PropertyT,
} from '../contract/index.ts';
import { isOnTheMarket } from '../shared/market.ts';
import type { Rates } from '../shared/money.ts';
import { buildApiUrl, env } from '../env.ts';

/**
 * The site build's only way to the data: the live API, read once per build and checked against the
 * contract, so a page is never built from a shape the API did not promise.
 */
const base = () => buildApiUrl(env());

async function get<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
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
  if (!response.ok) throw new Error(`The API answered ${response.status} to ${url}`);
  return schema.parse(await response.json());
}

/**
 * Pages of listings asked for at once. Each request's 30-second limit counts from when it is sent: with all
 * hundred pages of 10,000 listings sent together, the last ones waited in the server's queue past it on a
 * busy machine and the build failed.
 */
const IN_FLIGHT = 4;

/**
 * One read of the listings per build process, shared through the process's global object: this module is
 * loaded twice in `astro build`, by the integrations (the incremental plan) and by the pages' bundle, and
 * both must see the same listings (a listing created between two reads would get a page the plan does not
 * know of).
 */
const SHARED = Symbol.for('ndako.build.properties');
const shared = globalThis as { [SHARED]?: Promise<PropertyT[]> };

/** Every listing, newest first, fetched a hundred at a time and shared by every page of the build. */
export function allProperties(): Promise<PropertyT[]> {
  return (shared[SHARED] ??= fetchAll());
}

function fetchAll(): Promise<PropertyT[]> {
  return (async () => {
    const first = await get('/properties?limit=100&page=1', paginated(Property));
    const pages = Math.ceil(first.total / 100);
    const rest: PropertyT[][] = [];
    let next = 2;
    const worker = async () => {
      for (let page = next++; page <= pages; page = next++)
        rest[page - 2] = (await get(`/properties?limit=100&page=${page}`, paginated(Property))).data;
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    return [first.data, ...rest].flat();
  })();
}

/** Up to four featured listings still on the market, for the home page (spec §9: limit 4). */
export async function featuredProperties(): Promise<PropertyT[]> {
  const { data } = await get('/properties?featured=true&limit=12', paginated(Property));
  return data.filter((p) => isOnTheMarket(p.status)).slice(0, 4);
}

export async function teamMembers() {
  return (await get('/team?active=true&limit=100', paginated(PublicTeamMember))).data;
}

/** The agency's identity as staff saved it (or its configured defaults), read once at the start of a build. */
export const agencySettings = () => get('/settings/agency', AgencySettings);
let rates: Promise<Rates> | undefined;
/** The exchange rates in force when the build starts: every page of one build converts at the same rate. */
export function buildRates(): Promise<Rates> {
  rates ??= get('/rates', ExchangeRates).then(({ cdfPerUsd, usdPerEur, setAt }) => ({
    cdfPerUsd,
    usdPerEur,
    setAt,
  }));
  return rates;
}
