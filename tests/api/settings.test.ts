import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencySettings, AuditEntry, Page } from '../../src/contract/index.ts';
import { agencyDefaults } from '../../src/env.ts';
import { PHONE_MESSAGES } from '../../src/shared/phone.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { agencyInput, expectError, loginAsNew } from '../helpers/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AGENCY_NAME: 'Agence Défaut', AGENCY_PHONE: '0811111111' } });
});
afterAll(() => t.close());

const read = async () => {
  const res = await t.app.inject('/api/settings/agency');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgencySettings>();
};
const save = (payload: Record<string, unknown>, headers = t.auth) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/agency', headers, payload });

describe('GET /api/settings/agency', () => {
  it('answers the AGENCY_* defaults, normalised, while nothing is stored', async () => {
    const settings = await read();
    expect(settings).toEqual(agencyDefaults(t.env));
    expect(settings).toMatchObject({ name: 'Agence Défaut', phone: '+243811111111', updatedAt: null });
    expect(settings.whatsapp).toBe('+243812345678');
  });
});

describe('PUT /api/settings/agency', () => {
  it('stores the identity with numbers normalised, and audits the fields that changed', async () => {
    const res = await save(agencyInput());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<AgencySettings>();
    expect(saved).toMatchObject({
      name: 'Agence Test',
      phone: '+243812345678',
      whatsapp: '+243998765432',
      email: 'contact@agence.test',
      social: { facebook: 'https://www.facebook.com/agence', instagram: null },
      figures: { clients: 40, foundedYear: 2015 },
    });
    expect(saved.updatedAt).not.toBeNull();
    expect(await read()).toEqual(saved);

    // A second save changing two fields: its audit row names exactly those.
    const again = await save(agencyInput({ name: 'Agence Test 2', phone: '+243 81 000 0001' }));
    expect(again.statusCode, again.body).toBe(200);
    const audit = await t.app.inject({ url: '/api/audit?entity=settings', headers: t.auth });
    const [row] = audit.json<Page<AuditEntry>>().data;
    expect(row).toMatchObject({
      action: 'update',
      entity: 'settings',
      label: 'Agence Test 2',
      actorName: 'Admin Test',
      detail: 'name, phone',
    });
  });

  it('counts as a change for the next publish', async () => {
    const before = (await t.app.inject({ url: '/api/publish', headers: t.auth })).json<{
      pendingChanges: number;
    }>();
    expect((await save(agencyInput({ name: 'Agence Publiée' }))).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/publish', headers: t.auth })).json<{
      pendingChanges: number;
    }>();
    expect(after.pendingChanges).toBe(before.pendingChanges + 1);
  });

  it.each([
    [{ phone: '081234567' }, PHONE_MESSAGES.congo],
    [{ whatsapp: 'appelez-nous' }, PHONE_MESSAGES.characters],
    [{ phone: '' }, PHONE_MESSAGES.empty],
    [{ email: 'pas-un-mail' }, 'Adresse e-mail invalide'],
    [{ name: '   ' }, 'obligatoire'],
    [{ logo: 'https://ailleurs.example/logo.png' }, 'Le logo doit être une image envoyée sur le site'],
    [{ lat: 91 }, 'Latitude entre -90 et 90'],
    [{ social: { ...(agencyInput().social as object), x: 'javascript:alert(1)' } }, 'https://'],
    [{ figures: { clients: -1, foundedYear: null } }, 'Nombre de clients : 0 ou plus'],
    [{ figures: { clients: 3, foundedYear: 2999 } }, 'pas dans le futur'],
  ])('refuses %j with a French message and stores nothing', async (over, message) => {
    const before = await read();
    const res = await save(agencyInput({ name: 'Jamais enregistrée', ...over }));
    expect(expectError(res, 400).message).toContain(message);
    expect(await read()).toEqual(before);
  });

  it('is refused to agents (403) and to anonymous callers (401), changing nothing', async () => {
    const before = await read();
    const agent = await loginAsNew(t, 'agent');
    expectError(await save(agencyInput({ name: 'Agent' }), agent.auth), 403);
    expectError(await save(agencyInput({ name: 'Anonyme' }), {} as typeof t.auth), 401);
    expect(await read()).toEqual(before);
  });

  it('is allowed to every admin; the public answer does not name who saved, the audit log does', async () => {
    const other = await loginAsNew(t, 'admin', 'Autre Admin');
    const res = await save(agencyInput({ name: 'Agence Autre' }), other.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AgencySettings>()).toMatchObject({ name: 'Agence Autre' });
    const anonymous = await t.app.inject('/api/settings/agency');
    expect(anonymous.body).not.toContain('Autre Admin');
    expect(anonymous.json()).not.toHaveProperty('updatedBy');
    const audit = await t.app.inject({ url: '/api/audit?entity=settings', headers: t.auth });
    expect(audit.json<Page<AuditEntry>>().data[0]).toMatchObject({ actorName: 'Autre Admin' });
  });
});
