import { z } from 'zod';

/**
 * The only reader of process.env: every setting of the server, the scripts and the site build is declared,
 * defaulted and validated here, and documented in .env.example.
 */
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** The public address of the site, used in links sent by e-mail and in visit-request checks. */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),

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
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 90)
    .default(12),

  /**
   * Retention (the privacy page states these periods): messages and visit requests are deleted at the latest
   * this many years after the last contact; failed logins and ended sessions, which hold addresses, after
   * RETENTION_SECURITY_DAYS. The job runs at start and every 24 hours.
   */
  RETENTION_CONTACT_YEARS: z.coerce.number().int().min(1).max(20).default(3),
  RETENTION_SECURITY_DAYS: z.coerce.number().int().min(1).max(365).default(30),

  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  MAIL_FROM: z.string().default('Ndako <no-reply@ndako.cd>'),
  MAIL_TO: z.email().optional(),

  MEDIA_MAX_IMAGE_MB: z.coerce.number().positive().max(200).default(15),
  MEDIA_MAX_VIDEO_MB: z.coerce.number().positive().max(2000).default(100),
  MEDIA_MAX_MEGAPIXELS: z.coerce.number().positive().max(1000).default(50),

  /** Exchange rates used only to add up revenue across currencies on the dashboard. */
  CDF_PER_USD: z.coerce.number().positive().default(2850),
  USD_PER_EUR: z.coerce.number().positive().default(1.08),

  AGENCY_NAME: z.string().default('Ndako Immobilier'),
  AGENCY_PHONE: z.string().default('+243 81 234 5678'),
  AGENCY_EMAIL: z.email().default('contact@ndako.cd'),
  AGENCY_WHATSAPP: z.string().default('243812345678'),
  AGENCY_ADDRESS: z.string().default('12, avenue du Commerce, Gombe, Kinshasa'),
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
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

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
