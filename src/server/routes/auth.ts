import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  OkResponse,
  VerifyResponse,
} from '../../contract/index.ts';
import { HttpError } from '../http-error.ts';
import { addressKey } from '../services/client-address.ts';
import { keyedLock } from '../services/keyed-lock.ts';
import {
  ADDRESS_WINDOW_MS,
  frenchDuration,
  PAIR_WINDOW_MS,
  waitBeforeAttempt,
} from '../services/login-throttle.ts';
import { decoyHash, hashPassword, verifyPassword } from '../services/passwords.ts';
import { hashToken, newToken } from '../services/tokens.ts';

const tags = ['Auth'];
const windows = { pairMs: PAIR_WINDOW_MS, addressMs: ADDRESS_WINDOW_MS };
/** What an account that must change its password may still call. */
const open = { passwordChangeAllowed: true };

const auth: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.repos.accounts;
  const serialised = keyedLock();

  app.post(
    '/auth/login',
    { schema: { tags, body: LoginRequest, response: { 200: LoginResponse } } },
    (req, reply) => {
      const { email, password } = req.body;
      // Failures count per address as every limit does: an IPv6 client by its /64.
      const address = addressKey(req.ip);
      // Serialised per pair and per address, so a parallel burst cannot all pass the count before any
      // failure is recorded.
      return serialised([`pair:${email} ${address}`, `ip:${address}`], async () => {
        const wait = waitBeforeAttempt(await accounts.failureCounts(email, address, windows), Date.now());
        if (wait > 0) {
          reply.header('retry-after', String(Math.ceil(wait / 1000)));
          throw new HttpError(
            429,
            `Trop de tentatives de connexion. Réessayez dans ${frenchDuration(wait)}.`,
          );
        }
        const account = await accounts.findForLogin(email);
        const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
        if (!account || !valid) {
          await accounts.recordFailure(email, address);
          throw new HttpError(401, 'Email ou mot de passe incorrect');
        }
        await accounts.clearFailures(email, address);
        const token = newToken();
        const expiresAt = new Date(Date.now() + app.env.SESSION_TTL_HOURS * 3_600_000);
        await accounts.createSession(account.id, hashToken(token), expiresAt);
        const { passwordHash: _, ...user } = account;
        return { token, expiresAt: expiresAt.toISOString(), user };
      });
    },
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
      // Each check costs a scrypt hash, and a stolen session must not guess the password at leisure.
      config: { ...open, rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: { tags, body: ChangePasswordRequest, response: { 200: OkResponse } },
    },
    async (req) => {
      const account = req.account!;
      const { currentPassword, newPassword } = req.body;
      const stored = await accounts.passwordHash(account.id);
      // 400, not 401: a 401 would end the admin's session on a typo.
      if (!stored || !(await verifyPassword(currentPassword, stored)))
        throw new HttpError(400, 'Mot de passe actuel incorrect');
      if (newPassword.normalize('NFKC') === currentPassword.normalize('NFKC'))
        throw new HttpError(400, 'Le nouveau mot de passe doit être différent de l’actuel');
      await accounts.changePassword(account, await hashPassword(newPassword), req.tokenHash!);
      return { success: true as const };
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: app.authenticate, config: open, schema: { tags, response: { 200: OkResponse } } },
    async (req) => {
      await accounts.revokeSession(req.tokenHash!);
      return { success: true as const };
    },
  );

  app.get(
    '/auth/verify',
    { onRequest: app.authenticate, config: open, schema: { tags, response: { 200: VerifyResponse } } },
    async (req) => ({
      valid: true as const,
      expiresAt: req.sessionExpiresAt!.toISOString(),
      user: req.account!,
    }),
  );
};

export default auth;
