import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { HttpError } from '../http-error.ts';
import { pgCode, RefusedError } from '../repositories/errors.ts';

/** Fastify's and its plugins' own client errors, said in the language of the site's staff. */
const KNOWN: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "Le corps de la requête n'est pas un JSON valide"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Le corps de la requête est vide'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Type de contenu non pris en charge'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'En-tête Content-Length invalide'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Requête trop volumineuse'],
  FST_REQ_FILE_TOO_LARGE: [413, 'Fichier trop volumineux'],
  FST_PARTS_LIMIT: [413, 'Trop de champs dans le formulaire'],
  FST_FILES_LIMIT: [413, 'Un seul fichier par envoi'],
  FST_FIELDS_LIMIT: [413, 'Trop de champs dans le formulaire'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Envoi attendu en multipart/form-data'],
  FST_PROTO_VIOLATION: [400, 'Corps de requête refusé'],
  FST_ERR_BAD_URL: [400, 'Adresse de requête mal encodée'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Adresse de requête trop longue'],
};

/** Said in French when an error of Fastify or a plugin comes with English words only. */
const GENERIC: Record<number, string> = {
  400: 'Requête invalide',
  403: 'Accès refusé',
  404: 'Ressource introuvable',
  405: 'Méthode non autorisée',
  406: 'Format de réponse non disponible',
  413: 'Requête trop volumineuse',
  414: 'Adresse de requête trop longue',
  415: 'Type de contenu non pris en charge',
  416: 'Plage demandée non disponible',
};

/**
 * How an error is written to the log. A failed query (Drizzle's error carries the SQL and its parameters,
 * in its message too) could put password hashes or visitors' messages in the logs: it is logged with its
 * SQLSTATE and the database's own message only. Other errors keep pino's usual fields.
 */
export function logSafeError(error: Error): {
  type: string;
  message: string;
  stack: string;
  [k: string]: unknown;
} {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  const query = chain.find((e) => 'params' in e || 'parameters' in e);
  if (!query) {
    const fields = Object.fromEntries(Object.entries(error));
    return { ...fields, type: error.name, message: error.message, stack: error.stack ?? '' };
  }
  // The driver's error under Drizzle's (it may carry the parameters too: only its message is kept).
  const cause = chain[chain.indexOf(query) + 1] ?? null;
  return {
    type: 'DatabaseError',
    message: 'Database query failed',
    // Where in the code, without the message (the stack's first line repeats it, parameters included).
    stack: (query.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    sqlstate: pgCode(error) ?? null,
    cause: cause ? cause.message : null,
  };
}

function reply(statusCode: number, message: string, issues?: { path: string; message: string }[]) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(issues ? { issues } : {}) };
}

/**
 * What Fastify answers before any route is found (an URL that does not decode, a parameter over
 * maxParamLength): by default English text and a shape of its own, here the same JSON as every error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, res: FastifyReply) {
  const [status, message] = KNOWN[error.code] ?? [400, 'Requête invalide'];
  return res.status(status).send(reply(status, message));
}

/**
 * Every error leaves as JSON with a human message. Client mistakes keep their 4xx status; anything
 * else is logged in full and answered with a generic 500 that reveals nothing of the internals.
 */
export default fp(async function errors(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request, response) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Valeur invalide',
      }));
      const first = issues[0];
      const message = first ? `Données invalides — ${first.path} : ${first.message}` : 'Données invalides';
      return response.status(400).send(reply(400, message, issues));
    }
    const known = error.code ? KNOWN[error.code] : undefined;
    if (known) return response.status(known[0]).send(reply(known[0], known[1]));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Ours are in French; Fastify's and its plugins' (a code FST_…, or the bare status text) are not.
      const english =
        error.code?.startsWith('FST_') || error.message === STATUS_CODES[status] || !error.message;
      const message = english ? (GENERIC[status] ?? 'Requête refusée') : error.message;
      const extra =
        error instanceof HttpError
          ? error.extra
          : error instanceof RefusedError && error.refusal
            ? { code: error.refusal }
            : undefined;
      return response.status(status).send({ ...reply(status, message), ...extra });
    }
    if (error instanceof HttpError) {
      // A server-side condition said plainly (507: the disk is full): logged, and told as it is.
      request.log.error({ status, message: error.message }, 'request failed');
      return response.status(status).send(reply(status, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return response.status(500).send(reply(500, 'Erreur interne du serveur'));
  });
});
