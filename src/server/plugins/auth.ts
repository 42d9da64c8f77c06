import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PASSWORD_CHANGE_REQUIRED, PLACEHOLDER_TOKEN } from '../../contract/index.ts';
import { HttpError } from '../http-error.ts';
import { hashToken } from '../services/tokens.ts';

/** Reads `Authorization: Bearer <token>`; the prototype's literal "authenticated" is not a token. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  const token = match?.[1];
  return token && token !== PLACEHOLDER_TOKEN ? token : null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls an account that must change its password may still make (change it, verify, log out). */
    passwordChangeAllowed?: boolean;
  }
}

export default fp(async function auth(fastify: FastifyInstance) {
  fastify.decorateRequest('account', null);
  fastify.decorateRequest('sessionExpiresAt', null);
  fastify.decorateRequest('tokenHash', null);

  fastify.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'Authentification requise');
    const tokenHash = hashToken(token);
    const session = await fastify.repos.accounts.findSession(tokenHash);
    if (!session) throw new HttpError(401, 'Session invalide ou expirée, veuillez vous reconnecter');
    request.account = session.account;
    request.sessionExpiresAt = session.expiresAt;
    request.tokenHash = tokenHash;
    // A reset or generated password is single-use: until its owner picks one, the session opens nothing else.
    if (session.account.mustChangePassword && !request.routeOptions.config.passwordChangeAllowed) {
      throw new HttpError(403, 'Vous devez changer votre mot de passe avant de continuer', {
        code: PASSWORD_CHANGE_REQUIRED,
      });
    }
  });

  fastify.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await fastify.authenticate(request, reply);
    if (request.account?.role !== 'admin') throw new HttpError(403, 'Action réservée aux administrateurs');
  });
});
