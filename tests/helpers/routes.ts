import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import {
  AccountInput,
  AlertInput,
  AlertListQuery,
  AlertTokenInput,
  AgencySettingsInput,
  AuditListQuery,
  ExchangeRatesInput,
  InboxFilters,
  InboxPatch,
  InboxQuery,
  LeadStatsQuery,
  TapInput,
  ChangePasswordRequest,
  LoginRequest,
  MessageInput,
  MessageListQuery,
  MessageStatusPatch,
  PageQuery,
  PageViewInput,
  PasswordResetRequest,
  PropertyInput,
  PropertyListQuery,
  PropertyStatusPatch,
  ReassignListingsInput,
  TeamListQuery,
  TeamMemberInput,
  VisitListQuery,
  VisitRequestInput,
  VisitStatusPatch,
  type Message,
  type Property,
  type TeamMember,
  type UploadResponse,
  type VisitRequest,
} from '../../src/contract/index.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { writeManifest } from './site-builder.ts';
import {
  agencyInput,
  createMember,
  createMessage,
  createProperty,
  memberInput,
  messageInput,
  nextIp,
  propertyInput,
  visitInput,
} from './fixtures.ts';
import { makeImage, minimalMp4, uploadForm } from './media.ts';
import { tusClient, uploadId } from './tus.ts';

/** One record of each kind, for the `{id}` of the calls, and what a valid upload and login need. */
export interface World {
  property: Property;
  member: TeamMember;
  /** Another active member, who can take over the first's listings. */
  heir: TeamMember;
  message: Message;
  visit: VisitRequest;
  media: UploadResponse;
  /** A resumable upload of 10 bytes, none sent yet (the admin's). */
  upload: { id: string };
  /** A resumable upload of a whole video, sent and not finished yet (the admin's). */
  finished: { id: string };
  /** A staff account other than the test admin (an agent), with its password. */
  agent: { id: number; email: string; password: string };
  png: Buffer;
  /** The test admin's password, for the calls that check it again (change-password). */
  adminPassword: string;
  /** A pending alert (decision 0028) and the tokens of its mail's links. */
  alert: { id: number; confirm: string; unsubscribe: string };
}
export type Target = Exclude<keyof World, 'png' | 'adminPassword'>;
export type Access = 'public' | 'staff' | 'admin';

export interface Route {
  /** "METHOD /api/path/{id}", the method and path as the OpenAPI description names them. */
  call: string;
  /** public: anyone; staff: any live session; admin: an admin's session. */
  access: Access;
  /** The record of the world that `{id}` names. */
  target?: Target;
  query?: z.ZodType;
  /** The JSON body's schema, and a valid body. */
  body?: readonly [z.ZodType, (w: World) => Record<string, unknown>];
  /** A multipart upload (`file`, `type`) instead of JSON. */
  multipart?: true;
  /** A tus call: its headers besides `Tus-Resumable` (the body, with `chunk`, 5 bytes of a video). */
  tus?: Record<string, string>;
  chunk?: true;
}

/**
 * Every call of the API, one line each: the hostile-input suites and the authentication wall run from this
 * table. A call the app serves that is missing here fails `tests/api/auth-wall.test.ts`; a line whose call the
 * app does not serve (yet) is skipped.
 */
export const ROUTES: readonly Route[] = [
  { call: 'GET /api/health', access: 'public' },
  {
    call: 'POST /api/auth/login',
    access: 'public',
    body: [LoginRequest, (w) => ({ email: w.agent.email, password: w.agent.password })],
  },
  { call: 'POST /api/auth/logout', access: 'staff' },
  { call: 'GET /api/auth/verify', access: 'staff' },
  { call: 'GET /api/properties', access: 'public', query: PropertyListQuery },
  { call: 'POST /api/properties', access: 'staff', body: [PropertyInput, () => propertyInput()] },
  { call: 'GET /api/properties/versions', access: 'public' },
  { call: 'GET /api/properties/{id}', access: 'public', target: 'property' },
  {
    call: 'PUT /api/properties/{id}',
    access: 'staff',
    target: 'property',
    body: [
      PropertyInput,
      () =>
        propertyInput({
          title: 'Modifié',
          features: ['Forage'],
          titleEn: 'Edited',
          descriptionEn: 'A flat with a generator.',
        }),
    ],
  },
  { call: 'DELETE /api/properties/{id}', access: 'staff', target: 'property' },
  {
    call: 'PATCH /api/properties/{id}/status',
    access: 'staff',
    target: 'property',
    body: [PropertyStatusPatch, () => ({ status: 'sold' })],
  },
  { call: 'PATCH /api/properties/{id}/view', access: 'public', target: 'property' },
  { call: 'POST /api/properties/{id}/verify', access: 'staff', target: 'property' },
  { call: 'GET /api/properties/{id}/verification', access: 'staff', target: 'property' },
  { call: 'GET /api/team', access: 'public', query: TeamListQuery },
  { call: 'POST /api/team', access: 'admin', body: [TeamMemberInput, () => memberInput()] },
  { call: 'GET /api/team/{id}', access: 'public', target: 'member' },
  {
    call: 'PUT /api/team/{id}',
    access: 'admin',
    target: 'member',
    body: [TeamMemberInput, () => memberInput({ photo: '/media/a.webp', joinDate: '2024-01-31' })],
  },
  { call: 'DELETE /api/team/{id}', access: 'admin', target: 'member' },
  { call: 'PATCH /api/team/{id}/toggle-status', access: 'admin', target: 'member' },
  {
    call: 'POST /api/team/{id}/reassign',
    access: 'admin',
    target: 'member',
    body: [ReassignListingsInput, (w) => ({ to: w.heir.id })],
  },
  { call: 'GET /api/messages', access: 'staff', query: MessageListQuery },
  { call: 'POST /api/messages', access: 'public', body: [MessageInput, () => messageInput()] },
  { call: 'GET /api/messages/{id}', access: 'staff', target: 'message' },
  {
    call: 'PATCH /api/messages/{id}/status',
    access: 'staff',
    target: 'message',
    body: [MessageStatusPatch, () => ({ status: 'closed' })],
  },
  { call: 'DELETE /api/messages/{id}', access: 'staff', target: 'message' },
  { call: 'POST /api/mail/send-visit', access: 'public', body: [VisitRequestInput, () => visitInput()] },
  { call: 'GET /api/visits', access: 'staff', query: VisitListQuery },
  {
    call: 'PATCH /api/visits/{id}/status',
    access: 'staff',
    target: 'visit',
    body: [VisitStatusPatch, () => ({ status: 'confirmed' })],
  },
  { call: 'GET /api/dashboard/stats', access: 'staff' },
  { call: 'GET /api/dashboard/visits', access: 'staff' },
  { call: 'POST /api/media/upload', access: 'staff', multipart: true },
  { call: 'DELETE /api/media/{id}', access: 'staff', target: 'media' },
  // Resumable uploads (tus 1.0): their headers, and a chunk as the body of a PATCH.
  { call: 'POST /api/media/uploads', access: 'staff', tus: { 'upload-length': '10' } },
  {
    call: 'PATCH /api/media/uploads/{id}',
    access: 'staff',
    target: 'upload',
    tus: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    chunk: true,
  },
  { call: 'DELETE /api/media/uploads/{id}', access: 'staff', target: 'upload', tus: {} },
  { call: 'POST /api/media/uploads/{id}/finish', access: 'staff', target: 'finished' },
  {
    call: 'POST /api/analytics/pageview',
    access: 'public',
    body: [PageViewInput, () => ({ path: '/properties', session: 'session-hostile-1' })],
  },
  { call: 'GET /api/accounts', access: 'admin', query: PageQuery },
  {
    call: 'POST /api/accounts',
    access: 'admin',
    body: [AccountInput, () => ({ email: 'nouveau@ndako.test', name: 'Nouveau', password: 'x'.repeat(16) })],
  },
  { call: 'DELETE /api/accounts/{id}', access: 'admin', target: 'agent' },
  { call: 'GET /api/audit', access: 'admin', query: AuditListQuery },
  { call: 'GET /api/publish', access: 'staff' },
  { call: 'POST /api/publish', access: 'staff' },
  { call: 'GET /api/demo', access: 'admin' },
  { call: 'POST /api/demo/clear', access: 'admin' },
  { call: 'GET /api/backups/status', access: 'admin' },
  {
    call: 'POST /api/auth/change-password',
    access: 'staff',
    // Called with the test admin's token: its password changes, its other sessions end.
    body: [
      ChangePasswordRequest,
      (w) => ({ currentPassword: w.adminPassword, newPassword: `${w.adminPassword} changed` }),
    ],
  },
  {
    call: 'POST /api/accounts/{id}/reset-password',
    access: 'admin',
    target: 'agent',
    body: [PasswordResetRequest, () => ({})],
  },
  { call: 'DELETE /api/visits/{id}', access: 'staff', target: 'visit' },
  { call: 'GET /api/settings/agency', access: 'public' },
  { call: 'PUT /api/settings/agency', access: 'admin', body: [AgencySettingsInput, () => agencyInput()] },
  { call: 'GET /api/rates', access: 'public' },
  {
    call: 'PUT /api/rates',
    access: 'admin',
    body: [ExchangeRatesInput, () => ({ cdfPerUsd: 2900, usdPerEur: 1.1 })],
  },
  {
    call: 'POST /api/alerts',
    access: 'public',
    body: [AlertInput, () => ({ email: 'alerte@example.cd', filters: { type: 'rent', state: 'Gombe' } })],
  },
  {
    call: 'POST /api/alerts/confirm',
    access: 'public',
    body: [AlertTokenInput, (w) => ({ token: w.alert.confirm })],
  },
  {
    call: 'POST /api/alerts/unsubscribe',
    access: 'public',
    body: [AlertTokenInput, (w) => ({ token: w.alert.unsubscribe })],
  },
  { call: 'GET /api/alerts', access: 'staff', query: AlertListQuery },
  // Leads (decision 0048): taps, lead figures, the "Demandes" inbox ({kind} is 'message' here: the world's message).
  {
    call: 'POST /api/analytics/tap',
    access: 'public',
    body: [TapInput, (w) => ({ channel: 'whatsapp', property: w.property.id })],
  },
  { call: 'GET /api/dashboard/leads', access: 'staff', query: LeadStatsQuery },
  { call: 'GET /api/requests', access: 'staff', query: InboxQuery },
  { call: 'GET /api/requests/summary', access: 'staff' },
  { call: 'GET /api/requests/export.csv', access: 'staff', query: InboxFilters },
  { call: 'GET /api/requests/{kind}/{id}', access: 'staff', target: 'message' },
  {
    call: 'PATCH /api/requests/{kind}/{id}',
    access: 'staff',
    target: 'message',
    body: [InboxPatch, () => ({ followUp: 'contacted', note: 'Rappeler' })],
  },
  { call: 'DELETE /api/alerts/{id}', access: 'staff', target: 'alert' },
];

export const methodOf = (route: Route) => route.call.split(' ')[0] as NonNullable<InjectOptions['method']>;
export const pathOf = (route: Route) => route.call.split(' ')[1]!;

/** The API calls the app serves, as "METHOD /api/path/{id}", read from its OpenAPI description. */
export async function servedCalls(t: TestApp): Promise<Set<string>> {
  const res = await t.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  return new Set(
    Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)),
  );
}

let agentHash: Promise<string> | undefined;

/** Creates one record of each kind through the API (and the agent account through its repository). */
export async function createWorld(t: TestApp): Promise<World> {
  const png = await makeImage('png', 64, 48);
  const property = await createProperty(t);
  const member = await createMember(t);
  const heir = await createMember(t, { name: 'Membre Repreneur' });
  const message = await createMessage(t);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/mail/send-visit',
    remoteAddress: nextIp(),
    payload: visitInput({ url: `/property/${property.id}` }),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: t.auth,
    payload: uploadForm(png, 'a.png', 'image/png', 'image'),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const agent = {
    email: `agent.${Math.random().toString(36).slice(2)}@ndako.test`,
    password: 'agent password 1',
  };
  const { id } = await t.app.repos.accounts.create({
    email: agent.email,
    name: 'Agent Monde',
    passwordHash: await (agentHash ??= hashPassword(agent.password)),
    role: 'agent',
  });
  return {
    property,
    member,
    heir,
    message,
    visit: sent.json<VisitRequest>(),
    media: upload.json<UploadResponse>(),
    ...(await worldUploads(t)),
    agent: { id, ...agent },
    png,
    adminPassword: t.adminPassword,
    alert: await worldAlert(t),
  };
}

/** Two resumable uploads of the test admin: one just created, one whose whole video was sent. */
async function worldUploads(t: TestApp): Promise<Pick<World, 'upload' | 'finished'>> {
  const tus = tusClient(t.app, t.auth);
  const upload = await tus.create(10);
  const video = minimalMp4();
  const finished = await tus.create(video.length);
  const sent = await tus.patch(finished.headers.location as string, 0, video);
  expect([upload.statusCode, finished.statusCode, sent.statusCode]).toEqual([201, 201, 204]);
  return {
    upload: { id: uploadId(upload.headers.location as string) },
    finished: { id: uploadId(finished.headers.location as string) },
  };
}

/** A pending alert, made through the repository (the API mails its tokens and never answers them). */
async function worldAlert(t: TestApp): Promise<World['alert']> {
  const filters = AlertInput.shape.filters.parse({ category: 'house' });
  const tokens = await t.app.repos.alerts.subscribe({ email: 'monde@example.cd', lang: 'fr', filters });
  if (!tokens) throw new Error('the world alert was not created');
  return tokens;
}

/** The setup of the table-driven suites: a test app, its world, and the table's lines (auth-wall.test.ts
 *  checks that they are exactly the calls the app serves). */
export async function buildWorldApp(): Promise<{ t: TestApp; w: World; routes: Route[] }> {
  const t = await buildTestApp();
  // A site online: the page-view beacon accepts the pages its manifest lists.
  await writeManifest(t.env.SITE_DIR);
  return { t, w: await createWorld(t), routes: [...ROUTES] };
}

export function targetId(w: World, target: Target): string {
  return String(w[target].id);
}

/** The URL of a call, its `{id}` replaced by `id` (default: its target's id in the world). */
export function urlOf(route: Route, w: World, id?: string): string {
  const path = pathOf(route);
  if (!route.target) return path;
  // The inbox's calls name the kind of request too: the world's message is a message.
  return path.replace('{kind}', 'message').replace('{id}', id ?? targetId(w, route.target));
}

/** A request that the call accepts (given the right credentials): a valid body, an existing record. */
export function validRequest(route: Route, w: World, id?: string): InjectOptions {
  const options: InjectOptions = {
    method: methodOf(route),
    url: urlOf(route, w, id),
    remoteAddress: nextIp(),
  };
  if (route.body) options.payload = route.body[1](w);
  if (route.multipart) options.payload = uploadForm(w.png, 'photo.png', 'image/png', 'image');
  if (route.tus) options.headers = { 'tus-resumable': '1.0.0', ...route.tus };
  if (route.chunk) options.payload = minimalMp4().subarray(0, 5);
  return options;
}
