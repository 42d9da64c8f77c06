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
  /**
   * Set by an admin's reset and on the first admin's generated password: until the account chooses its
   * own, the API refuses everything but change-password, logout and verify (403 PASSWORD_CHANGE_REQUIRED).
   */
  mustChangePassword: z.boolean(),
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

/** The password rule of every account: set by an admin, chosen by its owner, or reset. */
export const NewPassword = z
  .string()
  .min(12, { error: 'Le mot de passe doit contenir au moins 12 caractères' })
  .max(256, { error: 'Le mot de passe est trop long' });

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, { error: 'Le mot de passe actuel est obligatoire' }).max(256),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** What the API answers (403) to an account that must change its password first. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
