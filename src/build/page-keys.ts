import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Property } from '../contract/index.ts';
import { env, type Env } from '../env.ts';
import { kinshasaToday } from '../shared/trust.ts';
import { allProperties, buildNow, buildRates, buildSettings } from './api.ts';
import { perBuild } from './build-context.ts';
import { similarListings } from './communes.ts';

/**
 * Page keys (decision 0045). Every page of the site has a key: a digest of everything it is rendered from —
 * what every page shares (the code, the configuration, the agency's settings, the exchange rates, the
 * year), and the data that page shows. Each page's getStaticPaths returns its key as Astro's `cacheKey`;
 * a publish renders only the pages whose key differs from the key the live build recorded, and keeps the
 * others' files as they are. A key must change whenever the page's bytes would: a key that misses an input
 * leaves a stale page online, which tests/deploy/incremental-publish.test.ts looks for by comparing
 * incremental publishes with full builds of the same data, file by file.
 */

/** Raised when what a key covers changes meaning: every page is then rendered again. */
const VERSION = 5;
/** What the pages are rendered from besides the data: any change here changes every key. */
const CODE = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

export const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);

/** A digest of the build's code: every file under CODE but the tests, by path and content. */
export function codeHash(root = process.cwd()): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!/\.test\.tsx?$/.test(name)) visit(join(path, name));
      return;
    }
    hash.update(`${path}\0`).update(readFileSync(full)).update('\0');
  };
  for (const path of CODE) visit(path);
  return hash.digest('hex');
}

/**
 * The code this process renders with: hashed once, when it first asks. The site renderer keeps the pages'
 * bundle of its start-up for its whole life, so a later edit of the sources must not change its keys (it
 * restarts when the sources differ: src/build/render/renderer-process.ts).
 */
const CODE_KEY = Symbol.for('ndako.build.code');
const process_ = globalThis as { [CODE_KEY]?: string };
export const renderedCode = () => (process_[CODE_KEY] ??= codeHash());

/**
 * Settings no page is rendered from: the server's own (its address, logs, proxies, time limits, database,
 * accounts, mail, backups, publishing) and where builds are written and read (different every time). A
 * change of one of these must not make the next publish render 30,000 pages; any other setting is part of
 * every key, whether pages read it or not.
 */
const SERVER_ONLY =
  /^(HOST|LOG_LEVEL|TRUST_PROXY|\w+_TIMEOUT_SECONDS|DATABASE_URL|SEED|SEED_PROPERTIES|ADMIN_\w+|SCRYPT_LOG2_N|SESSION_TTL_HOURS|SMTP_URL|MAIL_\w+|CORS_ORIGINS|SITE_DIR|SITE_STORE|SITE_S3_\w+|API_URL|BUILD_\w+|PUBLISH_\w+|BACKUP_\w+|MEDIA_MAX_\w+)$/;

/** The configuration the pages may see. */
export const configuration = (e: Env) =>
  Object.fromEntries(
    Object.entries(e)
      .filter(([key]) => !SERVER_ONLY.test(key))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** What every page shares: its digest is part of every key. */
export const sharedKey = (): Promise<string> =>
  perBuild('sharedKey', async () => {
    const [settings, rates, now] = await Promise.all([buildSettings(), buildRates(), buildNow()]);
    return digest({
      v: VERSION,
      code: renderedCode(),
      configuration: configuration(env()),
      settings,
      rates,
      // The footer's year. Pages show nothing else of the day they were built but a listing's availability
      // line, which is in the listing's own digest: the first publish of a day renders no more than others.
      year: now.getFullYear(),
    });
  });

/** What a listing carries that no page shows: a visit must not make its pages "changed". */
const UNSHOWN = ['viewCount', 'lastViewedAt'] as const;

/**
 * What a page shows of a listing on `today` (Kinshasa's day): its fields but those no page shows, and
 * whether its availability line reads "available from …" or "available now" (PropertyHead.astro; the browser
 * corrects a page older than that day, browser/trust.ts). Its verification badge is decided in the browser.
 */
export function shownOn(p: Property, today: string) {
  const copy: Partial<Property> & { availableLater?: boolean } = { ...p };
  for (const key of UNSHOWN) delete copy[key];
  if (p.availableFrom) copy.availableLater = p.availableFrom > today;
  return copy;
}

/**
 * Listings' digests, kept with the listing objects themselves: the site renderer keeps the objects of
 * unchanged listings from one publish to the next, so at 10,000 listings a publish digests only those
 * that changed.
 */
const digests = new WeakMap<Property, { today: string; digest: string }>();
export async function listingDigest(p: Property): Promise<string> {
  const today = perBuild('today', async () => kinshasaToday(await buildNow()));
  const day = await today;
  const known = digests.get(p);
  if (known?.today === day) return known.digest;
  const value = digest(shownOn(p, day));
  digests.set(p, { today: day, digest: value });
  return value;
}

/** A page's key: what every page shares and the page's own data. */
export async function pageKey(...data: unknown[]): Promise<string> {
  return digest([await sharedKey(), ...data]);
}

/** A listing page's key: the listing and the similar listings it shows. */
export async function listingPageKey(p: Property): Promise<string> {
  const similar = await similarListings(p.id);
  return pageKey(await listingDigest(p), await Promise.all(similar.map(listingDigest)));
}

/** The digests of many listings, in order. */
export const listingDigests = (listings: readonly Property[]) => Promise.all(listings.map(listingDigest));

/** Every listing's digest, for pages that show figures drawn from all of them. */
export const allListingsKey = () =>
  perBuild('allListingsKey', async () => digest(await listingDigests(await allProperties())));
