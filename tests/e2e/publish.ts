import type { APIRequestContext } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Property, PublishState, TeamMember } from '../../src/contract/index.ts';
import { expect } from './fixtures.ts';
import { inputOf } from '../../scripts/bench/lib/admin.ts';
import { thisServer } from './server.ts';

// A publish renders the pages its changes show (decision 0045): a second or two on the suite's small demo.
// The admin's publish test (desktop) publishes the hostile suite's records along with its own listing, and
// the hostile suite publishes only when run without it.

/** Script payloads typed into staff text fields: each must come out as text wherever it shows. */
export const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  "javascript:window.__xss=1//'",
];

export interface HostileRecords {
  /** The text every record carries, to find them on pages. */
  id: string;
  propertyId: number;
}

type Auth = { authorization: string };

// The data folder of the project's server (playwright.config.ts), where its tests keep what they share.
const recordsFile = () => join(thisServer().dataDir, 'hostile-records.json');

/** A team member, a listing and a message carrying the payloads, created through the API. */
export async function createHostileRecords(request: APIRequestContext, auth: Auth): Promise<HostileRecords> {
  const id = `XSS0-${Date.now().toString(36)}`;
  const member = (await (
    await request.post('/api/team', {
      headers: auth,
      data: {
        name: `${id} ${PAYLOADS[0]}`,
        role: 'Assistant',
        phone: '+243 81 000 0009',
        email: `${id}@ndako.cd`,
      },
    })
  ).json()) as TeamMember;
  const res = await request.post('/api/properties', {
    headers: auth,
    data: {
      title: `${id} ${PAYLOADS[1]}`,
      description: `${PAYLOADS[0]} ${PAYLOADS[2]}`,
      address: `${PAYLOADS[2]} Avenue`,
      features: [PAYLOADS[3], PAYLOADS[1]],
      price: 1000,
      area: 50,
      state: 'Gombe',
      managerId: member.id,
      featured: true,
    },
  });
  expect(res.status()).toBe(201);
  const property = (await res.json()) as Property;
  const sent = await request.post('/api/messages', {
    data: {
      senderName: `${id} ${PAYLOADS[2]}`,
      senderEmail: 'x@example.cd',
      subject: `${id} ${PAYLOADS[0]}`,
      content: PAYLOADS[1],
    },
  });
  expect(sent.status()).toBe(201);
  const records = { id, propertyId: property.id };
  writeFileSync(recordsFile(), JSON.stringify(records));
  return records;
}

/** The records made earlier in this run, if their listing is already on the published site. */
export async function publishedHostileRecords(request: APIRequestContext): Promise<HostileRecords | null> {
  if (!existsSync(recordsFile())) return null;
  const records = JSON.parse(readFileSync(recordsFile(), 'utf8')) as HostileRecords;
  const page = await request.get(`/property/${records.propertyId}`);
  return page.status() === 200 ? records : null;
}

/** Waits until the publish in progress is over (the new build switched in). */
export async function publishSettled(request: APIRequestContext, auth: Auth): Promise<void> {
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/publish', { headers: auth })).json()) as PublishState).state,
      { timeout: 200_000, intervals: [250, 500, 1000] },
    )
    .toBe('idle');
}

/**
 * Publishes with `trigger` (a click on "Publier", a POST) and waits for that publish to end: a publish of a few
 * pages is over in a second, so waiting for the publish state to be idle could see it idle before it began.
 */
export async function publishWith(
  request: APIRequestContext,
  auth: Auth,
  trigger: () => Promise<unknown> = () => request.post('/api/publish', { headers: auth }),
): Promise<void> {
  const state = async () =>
    (await (await request.get('/api/publish', { headers: auth })).json()) as PublishState;
  await publishSettled(request, auth);
  const before = (await state()).lastPublishedAt;
  await trigger();
  await expect
    .poll(
      async () => {
        const now = await state();
        return now.state === 'idle' && now.lastPublishedAt !== before;
      },
      { timeout: 200_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}

/** Gives `listing` a new title through the API, as the admin's form does (the rest of it unchanged). */
export async function editTitle(request: APIRequestContext, auth: Auth, listing: Property, title: string) {
  const res = await request.put(`/api/properties/${listing.id}`, {
    headers: auth,
    data: { ...inputOf(listing), title },
  });
  expect(res.status(), await res.text()).toBe(200);
}
