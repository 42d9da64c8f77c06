import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginRequest, LoginResponse, OkResponse, VerifyResponse } from '../../contract/index.ts';
import { HttpError } from '../http-error.ts';
import { keyedLock } from '../services/keyed-lock.ts';
import { decoyHash, verifyPassword } from '../services/passwords.ts';
import { hashToken, newToken } from '../services/tokens.ts';

const tags = ['Auth'];
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_FAILURES = 5;

const auth: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.repos.accounts;
  const serialised = keyedLock();

  app.post(
    '/auth/login',
    { schema: { tags, body: LoginRequest, response: { 200: LoginResponse } } },
    (req, reply) => {
      const { email, password } = req.body;
      return serialised([`email:${email}`, `ip:${req.ip}`], async () => {
        if ((await accounts.recentFailures(email, req.ip, LOGIN_WINDOW_MS)) >= LOGIN_MAX_FAILURES) {
          reply.header('retry-after', String(LOGIN_WINDOW_MS / 1000));
          throw new HttpError(429, 'Trop de tentatives de connexion. Réessayez dans 15 minutes.');
        }
        const account = await accounts.findForLogin(email);
        const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
        if (!account || !valid) {
          await accounts.recordFailure(email, req.ip);
          throw new HttpError(401, 'Email ou mot de passe incorrect');
        }
        await accounts.clearFailures(email);
        const token = newToken();
        const expiresAt = new Date(Date.now() + app.env.SESSION_TTL_HOURS * 3_600_000);
        await accounts.createSession(account.id, hashToken(token), expiresAt);
        const { passwordHash: _, ...user } = account;
        return { token, expiresAt: expiresAt.toISOString(), user };
      });
    },
  );

  app.post(
    '/auth/logout',
    { onRequest: app.authenticate, schema: { tags, response: { 200: OkResponse } } },
    async (req) => {
      await accounts.revokeSession(req.tokenHash!);
      return { success: true as const };
    },
  );

  app.get(
    '/auth/verify',
    { onRequest: app.authenticate, schema: { tags, response: { 200: VerifyResponse } } },
    async (req) => ({
      valid: true as const,
      expiresAt: req.sessionExpiresAt!.toISOString(),
      user: req.account!,
    }),
  );
};

export default auth;
