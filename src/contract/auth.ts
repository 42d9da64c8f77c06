import { z } from 'zod';
import { Email, Id, IsoDateTime } from './common.ts';
import { AccountRole } from './enums.ts';

export const LoginRequest = z.object({
  email: Email,
  password: z.string().min(1, { error: 'Le mot de passe est obligatoire' }).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const Account = z.object({
  id: Id,
  email: z.string(),
  name: z.string(),
  role: AccountRole,
});
export type Account = z.infer<typeof Account>;

export const LoginResponse = z.object({
  token: z.string(),
  expiresAt: IsoDateTime,
  user: Account,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const VerifyResponse = z.object({
  valid: z.literal(true),
  expiresAt: IsoDateTime,
  user: Account,
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** The prototype stored this literal instead of a token; it must never be sent as a credential. */
export const PLACEHOLDER_TOKEN = 'authenticated';
