import type { z } from 'zod';
import {
  ExchangeRates,
  paginated,
  Property,
  PublicTeamMember,
  type Property as PropertyT,
} from '../contract/index.ts';
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

let all: Promise<PropertyT[]> | undefined;
/** Every listing, newest first, fetched a hundred at a time and shared by every page of the build. */
export function allProperties(): Promise<PropertyT[]> {
  all ??= (async () => {
    const first = await get('/properties?limit=100&page=1', paginated(Property));
    const pages = Math.ceil(first.total / 100);
    const rest = [];
    for (let page = 2; page <= pages; page++)
      rest.push(get(`/properties?limit=100&page=${page}`, paginated(Property)));
    return [first, ...(await Promise.all(rest))].flatMap((p) => p.data);
  })();
  return all;
}

/** Up to four featured listings still on the market, for the home page (spec §9: limit 4). */
export async function featuredProperties(): Promise<PropertyT[]> {
  const { data } = await get('/properties?featured=true&limit=12', paginated(Property));
  return data.filter((p) => p.status === 'available' || p.status === 'hot').slice(0, 4);
}

export async function teamMembers() {
  return (await get('/team?active=true&limit=100', paginated(PublicTeamMember))).data;
}

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
