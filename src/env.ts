import { isIP } from 'node:net';
import { z } from 'zod';
import type { AgencySettings } from './contract/settings.ts';
import { normalizePhone } from './shared/phone.ts';

/**
 * The only reader of process.env: every setting of the server, the scripts and the site build is declared,
 * defaulted and validated here, and documented in .env.example.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges (Fastify's trustProxy understands them). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an IP address, an address/prefix (CIDR), an address/netmask, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', mask, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(mask) === 4;
}

/**
 * The reverse proxies whose X-Forwarded-For is believed, as Fastify's `trustProxy` list: the client address
 * is the last one in the header that was not added by one of them. Empty or false trusts none (the socket's
 * address is the client's). `true` (trust every hop) is refused: any client could then choose its own
 * address with the header and walk past every per-address limit.
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (['', 'false', '0', 'no'].includes(value.toLowerCase())) return false as const;
    if (['true', '1', 'yes'].includes(value.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would let any client choose its address with X-Forwarded-For; list the ' +
          'addresses of your reverse proxies instead, e.g. TRUST_PROXY=127.0.0.1 (a proxy on this ' +
          'machine), TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8',
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY lists addresses or CIDR ranges (comma-separated); not understood: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A phone number in the normalised form the settings store (src/shared/phone.ts), or a clear refusal. */
const AgencyPhoneVar = z.string().transform((typed, ctx) => {
  const checked = normalizePhone(typed);
  if (checked.ok) return checked.value;
  ctx.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** The public address of the site, used in links sent by e-mail and in visit-request checks. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxy.default(false),
  /** A request whose headers and body have not all arrived after this long is answered 408 and closed. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  /** A connection with no traffic either way for this long is closed. */
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(75),
  /** How long an idle kept-alive connection waits for its next request. */
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(65),

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

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  /** A bare address is sent under the agency's stored name; "Name <address>" keeps its own name. */
  MAIL_FROM: z.string().default('no-reply@ndako.cd'),
  MAIL_TO: z.email().optional(),

  MEDIA_MAX_IMAGE_MB: z.coerce.number().positive().max(200).default(15),
  MEDIA_MAX_VIDEO_MB: z.coerce.number().positive().max(2000).default(100),
  MEDIA_MAX_MEGAPIXELS: z.coerce.number().positive().max(1000).default(50),

  /**
   * Where uploads and their variants are kept: `local` (DATA_DIR/media, served by this server at /media/)
   * or `s3` (a bucket of any S3-compatible storage, decision 0030). S3_* say how to reach the bucket.
   */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  /**
   * The address put before every media path in API answers and the built site (spec §3: "url relative to
   * server root; prefixed with a configured base address"): `/media/x.webp` is served as
   * `${MEDIA_PUBLIC_BASE}/media/x.webp`. Required with MEDIA_STORE=s3 (the bucket or its CDN).
   */
  MEDIA_PUBLIC_BASE: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (!value) return undefined;
      // https and a dotted host: the only absolute media addresses the contract and the pages accept.
      if (!/^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'MEDIA_PUBLIC_BASE must be an https:// address (the bucket’s or its CDN’s), e.g. https://media.ndako.cd',
        });
        return z.NEVER;
      }
      return value.replace(/\/+$/, '');
    })
    .optional(),
  /** The S3 API's address; empty for AWS itself (then S3_REGION picks it). */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** The bucket of the media (keys media/<name>); the site's too unless SITE_S3_BUCKET says otherwise. */
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** Bucket in the path (https://host/bucket/key) rather than the host name: MinIO and most self-hosted stores. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * Where a publish puts the built site: `folder` (SITE_DIR, served by this server) or `s3` as well (a bucket
   * behind a CDN: per-build prefixes and a pointer written last, decision 0030).
   */
  SITE_STORE: z.enum(['folder', 's3']).default('folder'),
  SITE_S3_BUCKET: z.string().trim().optional(),
  /** The folder of the bucket the site's builds and its pointer (current.json) go under. */
  SITE_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/, {
      error: 'SITE_S3_PREFIX: folders of letters, digits, . _ - separated by /',
    })
    .default('site'),

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
  /** Where the site build keeps what it can reuse between builds (share images); default DATA_DIR/cache. */
  BUILD_CACHE_DIR: z.string().optional(),
  /** Where `astro build` writes; publishing builds into SITE_DIR.builds/<time> and points SITE_DIR at it. */
  BUILD_OUT_DIR: z.string().optional(),
  /** The build online now: an incremental build reuses its unchanged listing pages (src/build/incremental.ts). */
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

/** What MEDIA_STORE=s3 or SITE_STORE=s3 lacks to reach its bucket. */
function s3Problems(e: Env): string[] {
  const problems: string[] = [];
  const needs = (name: keyof Env, why: string) => {
    if (!e[name]) problems.push(`${name}: required ${why}`);
  };
  if (e.MEDIA_STORE === 's3') {
    needs('S3_BUCKET', 'with MEDIA_STORE=s3');
    needs('MEDIA_PUBLIC_BASE', 'with MEDIA_STORE=s3 (the address browsers load the media from)');
  }
  if (e.SITE_STORE === 's3' && !e.SITE_S3_BUCKET && !e.S3_BUCKET) {
    problems.push('SITE_S3_BUCKET (or S3_BUCKET): required with SITE_STORE=s3');
  }
  if (e.MEDIA_STORE === 's3' || e.SITE_STORE === 's3') {
    // Given here, never looked for by the SDK in the environment or on the machine.
    needs('S3_ACCESS_KEY_ID', 'with MEDIA_STORE=s3 or SITE_STORE=s3');
    needs('S3_SECRET_ACCESS_KEY', 'with MEDIA_STORE=s3 or SITE_STORE=s3');
  }
  return problems;
}

/** How to reach the S3-compatible storage: everything the SDK needs, given explicitly. */
export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export const s3Settings = (e: Env): S3Settings => ({
  endpoint: e.S3_ENDPOINT,
  region: e.S3_REGION,
  accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
  secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  forcePathStyle: e.S3_FORCE_PATH_STYLE,
});

/**
 * Whether /api/docs is served. Off in production unless asked for: the description lists every call and
 * field, which helps an attacker more than the agency's visitors; developers get it by default.
 */
export const apiDocs = (e: Env) => e.API_DOCS ?? e.NODE_ENV !== 'production';

/**
 * The agency's identity while no admin has saved it (GET /api/settings/agency answers it then): the
 * AGENCY_* variables, and the spec's opening hours and figures (spec §2, contact page) as the demo's data.
 */
export const agencyDefaults = (e: Env): AgencySettings => ({
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
  updatedBy: null,
});

/** The API address the site build reads from. */
export const buildApiUrl = (e: Env) => (e.API_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, '');

/** The environment of a child process (the site build): this one's, plus `extra`. */
export const childEnv = (extra: Record<string, string>): Record<string, string | undefined> => ({
  ...process.env,
  ...extra,
});

let cached: Env | undefined;
/** The configuration of this process, read once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
