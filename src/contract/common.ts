import { z } from 'zod';

/** Database identifiers are positive 32-bit integers; path parameters arrive as strings. */
export const Id = z.number().int().positive().max(2_147_483_647);
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const IsoDateTime = z.iso.datetime({ offset: true });
export const IsoDate = z.iso.date();

/** Phone numbers as people type them: digits, spaces, dots, dashes, parentheses and a leading +. */
export const Phone = z
  .string()
  .trim()
  .regex(/^\(?\+?[0-9 ().-]{6,24}$/, { error: 'Numéro de téléphone invalide' })
  .refine((v) => v.replace(/\D/g, '').length >= 6, { error: 'Numéro de téléphone invalide' });

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Adresse e-mail invalide' }));

/** Empty optional fields arrive as '' from HTML forms: treat them as absent. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// Control characters have no place in what people type, and NUL cannot even be stored by PostgreSQL.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, new lines and tabs allowed
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// With the u flag a well-formed pair is one code point, so this matches lone surrogates only (PostgreSQL refuses them).
const LONE_SURROGATE = /[\ud800-\udfff]/u;
/** True when a string holds no control character and no broken Unicode. */
export const isCleanText = (v: string, allowLines = false) =>
  !(allowLines ? CONTROL_BUT_LINES : CONTROL).test(v) && !LONE_SURROGATE.test(v);
const noControl = { error: 'Caractères de contrôle interdits' };

/** A single line of free text: trimmed, no control characters. */
export const Line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'Ce champ est obligatoire' })
    .max(max)
    .refine((v) => isCleanText(v), noControl);

/** A search box's text (may be empty). */
export const SearchText = z
  .string()
  .trim()
  .max(100)
  .refine((v) => isCleanText(v), noControl);

/** Multi-line text: like Line, but keeps new lines and tabs. */
export const Text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'Ce champ est obligatoire' })
    .max(max)
    .refine((v) => isCleanText(v, true), noControl);

/**
 * Media addresses are either files this API serves (/media/…) or https links (3D tours hosted elsewhere).
 * Anything else (javascript:, data:, protocol-relative) is refused so it can never reach an href or src.
 */
export const MediaUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => isCleanText(v) && (/^\/media\/[A-Za-z0-9._-]+$/.test(v) || /^https:\/\/[^\s/]+\.\S+$/.test(v)),
    {
      error: 'Adresse de média invalide',
    },
  );

/** Query-string booleans: only the four spellings people actually use. */
export const QueryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  });
}

export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Which refusal, for a client that words it itself (PASSWORD_CHANGE_REQUIRED, ALERT_REFUSED's). */
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const OkResponse = z.object({ success: z.literal(true) });

/** What every list call answers: a page of items with the total. */
export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
