import { join } from 'node:path';
import { z } from 'zod';
import { AgencyVars } from './env/agency.ts';
import { flag, ServerVars } from './env/server.ts';
import { s3Problems, StorageVars } from './env/storage.ts';

export { agencyDefaults } from './env/agency.ts';
export { s3Settings, type S3Settings } from './env/storage.ts';

/**
 * The only reader of process.env: every setting of the server, the scripts and the site build is declared,
 * defaulted and validated here (its larger groups in src/env/, which never read process.env themselves), and
 * documented in .env.example.
 */
const EnvSchema = z.object({
  ...ServerVars.shape,

  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SEED_PROPERTIES: z.coerce.number().int().min(0).max(100_000).default(500),

  ADMIN_EMAIL: z.email().default('admin@ndako.cd'),
  ADMIN_PASSWORD: z.string().min(10, { error: 'ADMIN_PASSWORD needs at least 10 characters' }).optional(),
  /**
   * scrypt's cost as log2(N): 17 (N = 2^17, 128 MiB a hash) unless lowered for the test suites, which hash
   * and check hundreds of passwords. parseEnv refuses less than 17 outside NODE_ENV=test.
   */
  SCRYPT_LOG2_N: z.coerce.number().int().min(10).max(20).default(17),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 90)
    .default(12),

  /**
   * Retention (the privacy page states these periods): messages and visit requests are deleted at the latest
   * this many years after the last contact; failed logins and ended sessions, which hold addresses, after
   * RETENTION_SECURITY_DAYS; raw page views (a path, a visit id and a daily-salted hash) after
   * RETENTION_PAGE_VIEWS_DAYS, once summed into daily totals. The job runs at start and every 24 hours.
   */
  RETENTION_CONTACT_YEARS: z.coerce.number().int().min(1).max(20).default(3),
  RETENTION_SECURITY_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RETENTION_PAGE_VIEWS_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Page views stored per day by each API instance; past it, one in 100 (one busy address could
   * post 170,000 a day, the table and every backup growing with them). Far above an agency's traffic.
   */
  PAGE_VIEWS_PER_DAY: z.coerce.number().int().min(100).max(100_000_000).default(100_000),

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  /** A bare address is sent under the agency's stored name; "Name <address>" keeps its own name. */
  MAIL_FROM: z.string().default('no-reply@ndako.cd'),
  MAIL_TO: z.email().optional(),

  ...StorageVars.shape,

  ...AgencyVars.shape,

  /** Map tiles of the catalogue and property maps (any XYZ tile server). */
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** Other sites allowed to call the API from a browser (comma-separated origins); PUBLIC_URL always is. */
  CORS_ORIGINS: z.string().optional(),
  /** The API's address as browsers reach it (the admin calls it live); the same origin by default. */
  PUBLIC_API_BASE: z.string().default('/api'),
  /** Where the built public site is served from. */
  SITE_DIR: z.string().default('./dist'),
  /** The API the site build reads listings from; by default this machine's own server on PORT. */
  API_URL: z.url().optional(),
  /**
   * What is kept between builds and requests (see buildCacheDir): the builds' records, and the share pictures
   * the server drew; default DATA_DIR/cache.
   */
  BUILD_CACHE_DIR: z.string().optional(),
  /** Where `astro build` writes; publishing builds into SITE_DIR.builds/<time> and points SITE_DIR at it. */
  BUILD_OUT_DIR: z.string().optional(),
  /** `npm run build` only: a whole build takes the search index's compressed copies from this build. */
  BUILD_PREVIOUS_DIR: z.string().optional(),
  /**
   * When set, publishing POSTs to this deploy hook (a host that rebuilds the site itself) instead of
   * building here.
   */
  PUBLISH_HOOK_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLISH_HOOK_URL must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Publish automatically this many seconds after the last staff change; 0 turns it off. */
  PUBLISH_AUTO_DELAY_SECONDS: z.coerce.number().min(0).max(86_400).default(0),

  /** Where `npm run backup` and the daily backup write their archives. */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  /** The running server backs itself up once a day (the only way while it holds a PGlite DATA_DIR). */
  BACKUP_DAILY: flag.default(false),
  /** How many archives the daily backup keeps in BACKUP_DIR (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(7),
  /** A site build still running after this many seconds is stopped (its process killed); the site stays. */
  PUBLISH_TIMEOUT_SECONDS: z.coerce.number().min(1).max(86_400).default(600),
  /** Serve the API's description at /api/docs; by default everywhere but in production (see apiDocs()). */
  API_DOCS: flag.optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** scrypt's production cost; SCRYPT_LOG2_N may go below it only in the test suites. */
export const SCRYPT_LOG2_N_MIN_OUTSIDE_TESTS = 17;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const s3 = s3Problems(e);
  if (s3.length) throw new Error(`Invalid configuration:\n${s3.map((line) => `  ${line}`).join('\n')}`);
  if (e.SCRYPT_LOG2_N < SCRYPT_LOG2_N_MIN_OUTSIDE_TESTS && e.NODE_ENV !== 'test') {
    throw new Error(
      'Invalid configuration:\n  SCRYPT_LOG2_N: below 17 weakens stored passwords; it is for the test suites only (NODE_ENV=test)',
    );
  }
  return e;
}

/**
 * Whether /api/docs is served. Off in production unless asked for: the description lists every call and
 * field, which helps an attacker more than the agency's visitors; developers get it by default.
 */
export const apiDocs = (e: Env) => e.API_DOCS ?? e.NODE_ENV !== 'production';

/**
 * The cache folder: `builds/`, the site builds' records (src/build/render/record.ts), and `share/`, the share
 * pictures the server drew (src/server/services/share-images.ts). Keep it on SITE_DIR's file system, so
 * that a build reuses pages as links rather than copies.
 */
export const buildCacheDir = (e: Env) => e.BUILD_CACHE_DIR ?? join(e.DATA_DIR, 'cache');

/** The API address the site build reads from. */
export const buildApiUrl = (e: Env) => (e.API_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, '');

/** The environment of a child process (the site build): this one's, plus `extra` (undefined: left out). */
export const childEnv = (extra: Record<string, string | undefined>): Record<string, string | undefined> => ({
  ...process.env,
  ...extra,
});

let cached: Env | undefined;
/** The configuration of this process, read once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
