import { atom } from 'nanostores';
import type { Account } from '../../contract/index.ts';
import { PLACEHOLDER_TOKEN } from '../../contract/auth.ts';

/** Spec §3: the session token lives in localStorage under `adminToken`. */
export const TOKEN_KEY = 'adminToken';

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export const $token = atom<string | null>(typeof window === 'undefined' ? null : readToken());
/** Who is logged in, from the login answer or GET /auth/verify. */
export const $account = atom<Account | null>(null);

export function storeSession(token: string, account: Account): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
  $token.set(token);
  $account.set(account);
}

export function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  $token.set(null);
  $account.set(null);
}

/** The prototype stored the literal 'authenticated' instead of a token: it is never sent as a credential. */
export function bearerToken(): string | null {
  const token = $token.get();
  return token && token !== PLACEHOLDER_TOKEN ? token : null;
}
