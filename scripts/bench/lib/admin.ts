// A staff member's calls of the measures that edit and publish: a logged-in `fetch` of the API, a listing's
// input to PUT back, and a publish waited for until it has ended. The contract is PublishState in
// src/contract/admin.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Property, PropertyInput, PublishState } from '../../../src/contract/index.ts';
import { login } from './server.ts';

const TIMEOUT_MS = 10 * 60_000;

export type AdminApi = (path: string, init?: RequestInit) => Promise<Response>;

/** `fetch` of `${base}/api${path}` as the bench's admin (a JSON body when there is one). */
export async function adminApi(base: string): Promise<AdminApi> {
  const token = await login(base);
  return (path, init = {}) =>
    fetch(`${base}/api${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
}

/**
 * What PUT /api/properties/{id} takes back of a listing GET answered: all of it but what the server keeps
 * (a PUT replaces the listing: a field left out, such as a translation, would be emptied).
 */
export function inputOf(p: Property): PropertyInput {
  const {
    id: _id,
    agent: _agent,
    viewCount: _views,
    lastViewedAt: _viewed,
    verifiedAt: _verified,
    createdAt: _created,
    updatedAt: _updated,
    ...input
  } = p;
  return input;
}

/** The publish state now: its `lastPublishedAt` is what publishAndWait waits to change. */
export const publishState = async (api: AdminApi) => (await (await api('/publish')).json()) as PublishState;

/** POST /api/publish, then GET /api/publish every 250 ms until a publish after `since` has ended. */
export async function publishAndWait(api: AdminApi, since: string | null): Promise<PublishState> {
  const t0 = performance.now();
  const post = await api('/publish', { method: 'POST' });
  if (!post.ok) throw new Error(`POST /api/publish answered ${post.status}: ${await post.text()}`);
  let state = (await post.json()) as PublishState;
  while (
    !(state.state === 'idle' && state.lastPublishedAt !== since) &&
    state.state !== 'failed' &&
    performance.now() - t0 < TIMEOUT_MS
  ) {
    await sleep(250);
    state = await publishState(api);
  }
  if (state.state === 'failed') throw new Error(`the publish failed: ${state.lastError}`);
  return state;
}
