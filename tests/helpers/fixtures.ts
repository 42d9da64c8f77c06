import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  AccountRole,
  LoginResponse,
  Message,
  Property,
  PropertyInputDraft,
  TeamMember,
} from '../../src/contract/index.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import type { TestApp } from './app.ts';

let ipCounter = 0;
/**
 * A fresh client address for each call: the public endpoints are rate limited per address, and tests that
 * are not about rate limiting must not run into each other's limits.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

// A French message has at least one of these; Fastify's and its plugins' English ones have none, and may have
// one of the phrases of ENGLISH.
const FRENCH =
  /[àâçéèêëîïôûùüœ«]|\b(de|du|des|la|le|les|un|une|et|ou|pas|est|non|au|aux|en|trop|aucun|requise?|invalide|introuvable|refusée?|attendue?)\b/i;
const ENGLISH =
  /is not a valid|exceeding|^(Forbidden|Not Found|Bad Request|Unauthorized|Unsupported Media Type|Internal Server Error)$|reach \w+ limit|too large|prototype property|cannot be empty|Unexpected end|Boundary not found|Malformed|terminated early/i;

/**
 * Asserts an error answer: the status (any 4xx when not given), JSON `{ statusCode, error, message }` and a
 * human message in French.
 */
export function expectError(
  res: LightMyRequestResponse,
  status?: number,
  label = '',
): { message: string; code: string | undefined } {
  const what = `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (status === undefined) {
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, what).toBeLessThan(500);
  } else expect(res.statusCode, what).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json<{ message: unknown; statusCode: unknown; error: unknown; code?: unknown }>();
  expect(body.statusCode, what).toBe(res.statusCode);
  expect(typeof body.error === 'string' && body.error.length > 0, what).toBe(true);
  expect(typeof body.message, what).toBe('string');
  const message = body.message as string;
  expect(message.length, what).toBeGreaterThan(0);
  expect(message, what).toMatch(FRENCH);
  expect(message, what).not.toMatch(ENGLISH);
  return { message, code: typeof body.code === 'string' ? body.code : undefined };
}

export function propertyInput(over: Partial<PropertyInputDraft> = {}): PropertyInputDraft {
  return {
    title: 'Appartement test',
    description: 'Bel appartement avec groupe électrogène et forage.',
    price: 1500,
    area: 90,
    address: '12, avenue des Tests',
    state: 'Kintambo',
    ...over,
  };
}

export async function createProperty(t: TestApp, over: Partial<PropertyInputDraft> = {}): Promise<Property> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: t.auth,
    payload: propertyInput(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Property>();
}

export async function countProperties(t: TestApp): Promise<number> {
  const res = await t.app.inject('/api/properties?limit=1');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total: number }>().total;
}

let memberCounter = 0;
export function memberInput(over: Record<string, unknown> = {}): Record<string, unknown> {
  memberCounter += 1;
  return {
    name: `Agent Test ${memberCounter}`,
    role: 'Agent Senior',
    phone: '+243 81 000 00 01',
    email: `agent${memberCounter}@ndako.test`,
    ...over,
  };
}

/** A valid body for PUT /api/settings/agency, numbers typed the national way. */
export function agencyInput(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Agence Test',
    logo: null,
    phone: '0812345678',
    whatsapp: '0998765432',
    email: 'Contact@Agence.test',
    address: '1, avenue Test, Gombe, Kinshasa',
    lat: -4.3,
    long: 15.3,
    hours: { weekdays: '8:00 – 17:00', saturday: '', sunday: '' },
    social: {
      facebook: 'https://www.facebook.com/agence',
      instagram: '',
      linkedin: null,
      x: null,
      tiktok: null,
      youtube: null,
    },
    figures: { clients: 40, foundedYear: 2015 },
    ...over,
  };
}

export async function createMember(t: TestApp, over: Record<string, unknown> = {}): Promise<TeamMember> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/team',
    headers: t.auth,
    payload: memberInput(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TeamMember>();
}

export async function countMembers(t: TestApp): Promise<number> {
  const res = await t.app.inject('/api/team');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total: number }>().total;
}

export function messageInput(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    senderName: 'Mireille Kabila',
    senderEmail: 'mireille@example.cd',
    senderPhone: '+243 99 123 45 67',
    subject: 'Demande de renseignements',
    content: 'Bonjour, je cherche un appartement à Gombe.',
    ...over,
  };
}

export async function createMessage(t: TestApp, over: Record<string, unknown> = {}): Promise<Message> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    remoteAddress: nextIp(),
    payload: messageInput(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Message>();
}

export async function countMessages(t: TestApp): Promise<number> {
  const res = await t.app.inject({ url: '/api/messages?limit=1', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total: number }>().total;
}

/** A day as YYYY-MM-DD, `days` from today (UTC). */
export function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function visitInput(over: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Patrick Mbala', visitDate: isoDay(3), telephone: '+243 81 555 44 33', ...over };
}

/** A visit request sent from listing `propertyId`'s page, as a visitor sends it; answers its id. */
export async function sendVisit(
  t: TestApp,
  propertyId: number,
  over: Record<string, unknown> = {},
): Promise<{ id: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mail/send-visit',
    remoteAddress: nextIp(),
    payload: visitInput({ url: `/property/${propertyId}`, ...over }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

let staffCounter = 0;
/** A staff account of `role`, created in the database and logged in: its id, name and Authorization header. */
export async function loginAsNew(
  t: TestApp,
  role: AccountRole,
  name = `${role === 'admin' ? 'Admin' : 'Agent'} ${++staffCounter}`,
): Promise<{ id: number; name: string; email: string; auth: { authorization: string } }> {
  const email = `staff${++staffCounter}.${role}@ndako.test`;
  const password = 'staff password 123';
  const { id } = await t.app.repos.accounts.create({
    email,
    name,
    passwordHash: await hashPassword(password),
    role,
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { id, name, email, auth: { authorization: `Bearer ${login.json<LoginResponse>().token}` } };
}
