import ky, { HTTPError, type KyInstance, type ResponsePromise } from 'ky';
import type { z } from 'zod';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/auth.ts';
import { ROUTES, navigate } from './router.ts';
import { $account, bearerToken, clearSession } from './session.ts';

/** Spec §9: every call times out after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;

let client: KyInstance | null = null;
let apiBase = '';

/** One client for every admin call: JSON, 10 s, the bearer token, and any 401 ends the session (spec §8). */
export function configureApi(base: string): KyInstance {
  apiBase = base;
  client = ky.create({
    prefix: base,
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = bearerToken();
          if (token) request.headers.set('authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async ({ request, response }) => {
          // A wrong password is also a 401: that one is the login form's to show.
          if (response.status === 401 && !new URL(request.url).pathname.endsWith('/auth/login')) {
            sessionEnded();
          }
          // An admin reset this account's password meanwhile: the app shows the change screen.
          if (response.status === 403) {
            const body = (await response
              .clone()
              .json()
              .catch(() => null)) as { code?: unknown } | null;
            const account = $account.get();
            if (body?.code === PASSWORD_CHANGE_REQUIRED && account)
              $account.set({ ...account, mustChangePassword: true });
          }
        },
      ],
    },
  });
  return client;
}

/** A 401 on any call but the login: the session is over, the login screen shows. */
export function sessionEnded(): void {
  clearSession();
  navigate(ROUTES.login, { replace: true });
}

/** The API's address of `path`, for the calls ky cannot make (an upload with its progress: upload.ts). */
export const apiUrl = (path: string) => `${apiBase.replace(/\/$/, '')}/${path}`;

export function api(): KyInstance {
  if (!client) throw new Error('configureApi() must run before the first call');
  return client;
}

/** The server's French message when it gave one, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof HTTPError) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data === 'object' && typeof data.message === 'string' && data.message)
      return data.message;
  }
  return fallback;
}

export function isUnauthorised(error: unknown): boolean {
  return error instanceof HTTPError && error.response.status === 401;
}

/**
 * An API answer parsed with its contract schema, never cast: an answer that is not what the contract says
 * fails here, with zod's account of it, instead of as an undefined deep in a component.
 */
export async function answer<S extends z.ZodType>(schema: S, request: ResponsePromise): Promise<z.output<S>> {
  return schema.parse(await request.json());
}

/** A failed call made without ky (upload.ts): the HTTP status (0 when no answer came) and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}
