import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, ExchangeRates, Property } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import {
  countProperties,
  createProperty,
  expectError,
  loginAsNew,
  propertyInput,
} from '../helpers/fixtures.ts';

// The exchange rates staff set (admins only, audited, French refusals) and the
// months a rental asks to move in (rentals only, whole numbers within bounds, refusals store nothing).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { CDF_PER_USD: '2850', USD_PER_EUR: '1.08' } });
});
afterAll(() => t.close());

const rates = async () => {
  const res = await t.app.inject('/api/rates');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ExchangeRates>();
};
const put = (payload: unknown, headers = t.auth) =>
  t.app.inject({ method: 'PUT', url: '/api/rates', headers, payload: payload as object });
const audit = async () => {
  const res = await t.app.inject({ url: '/api/audit?entity=rates&limit=100', headers: t.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AuditEntry[] }>().data;
};

describe('exchange rates', () => {
  it('start from the configuration, undated', async () => {
    expect(await rates()).toEqual({ cdfPerUsd: 2850, usdPerEur: 1.08, setAt: null });
  });

  it('are set by an admin, dated and audited (the public answer names no one); the newest is in force', async () => {
    const res = await put({ cdfPerUsd: 2800, usdPerEur: 1.1 });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json<ExchangeRates>();
    expect(set).toEqual({ cdfPerUsd: 2800, usdPerEur: 1.1, setAt: expect.any(String) });
    expect((await t.app.inject('/api/rates')).body).not.toContain('Admin Test');
    expect(Date.now() - Date.parse(set.setAt!)).toBeLessThan(60_000);
    // The public read is not served from before the change (the read cache is emptied).
    expect(await rates()).toEqual(set);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'update', entity: 'rates', actorName: 'Admin Test' });
    expect(entry!.detail).toBe('1 USD = 2850 → 2800 CDF · 1 EUR = 1.08 → 1.1 USD');
    expect((await put({ cdfPerUsd: 2900.5, usdPerEur: 1.12 })).statusCode).toBe(200);
    expect(await rates()).toMatchObject({ cdfPerUsd: 2900.5, usdPerEur: 1.12 });
  });

  it('refuse agents and visitors, and change nothing', async () => {
    const before = await rates();
    const agent = await loginAsNew(t, 'agent');
    expectError(await put({ cdfPerUsd: 1000, usdPerEur: 1 }, agent.auth), 403);
    expectError(await put({ cdfPerUsd: 1000, usdPerEur: 1 }, { authorization: '' } as never), 401);
    expect(await rates()).toEqual(before);
  });

  it('refuse bad values with a French message, storing nothing', async () => {
    const before = await rates();
    const entries = (await audit()).length;
    for (const [body, words] of [
      [{ cdfPerUsd: 0, usdPerEur: 1.1 }, /au moins 100/],
      [{ cdfPerUsd: 2_850_000, usdPerEur: 1.1 }, /au plus 100 000/],
      [{ cdfPerUsd: '2850', usdPerEur: 1.1 }, /nombre est attendu/],
      [{ cdfPerUsd: 2850, usdPerEur: -1 }, /Dollars pour 1 euro : au moins 0.2/],
      [{ cdfPerUsd: 2850 }, /Dollars pour 1 euro/],
    ] as const) {
      const { message } = expectError(await put(body), 400, JSON.stringify(body));
      expect(message).toMatch(words);
    }
    expect(await rates()).toEqual(before);
    expect((await audit()).length).toBe(entries);
  });

  it('order prices across currencies at the rate in force', async () => {
    // 2,000,000 CDF is 800 USD at 2,500 and 400 USD at 5,000: it moves around a 600 USD listing.
    const cdf = await createProperty(t, {
      title: 'Rang CDF',
      price: 2_000_000,
      currency: 'CDF',
      state: 'Maluku',
    });
    const usd = await createProperty(t, { title: 'Rang USD', price: 600, state: 'Maluku' });
    const order = async () => {
      const res = await t.app.inject('/api/properties?state=Maluku&sort=price_asc');
      return res.json<{ data: Property[] }>().data.map((p) => p.id);
    };
    expect((await put({ cdfPerUsd: 2500, usdPerEur: 1.1 })).statusCode).toBe(200);
    expect(await order()).toEqual([usd.id, cdf.id]);
    expect((await put({ cdfPerUsd: 5000, usdPerEur: 1.1 })).statusCode).toBe(200);
    expect(await order()).toEqual([cdf.id, usd.id]);
  });
});

describe('the months a rental asks to move in', () => {
  const terms = { advanceMonths: 3, depositMonths: 3, commissionMonths: 1 };

  it('are stored on a rental, optional, and read back', async () => {
    const p = await createProperty(t, { type: 'rent', ...terms });
    expect(p).toMatchObject(terms);
    const bare = await createProperty(t, { type: 'rent' });
    expect(bare).toMatchObject({ advanceMonths: null, depositMonths: null, commissionMonths: null });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${p.id}`,
      headers: t.auth,
      payload: propertyInput({ type: 'rent', advanceMonths: 12, depositMonths: null, commissionMonths: 0 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Property>()).toMatchObject({
      advanceMonths: 12,
      depositMonths: null,
      commissionMonths: 0,
    });
  });

  it('are cleared when a PUT leaves them out, so a rental can become a sale', async () => {
    const rental = await createProperty(t, { type: 'rent', ...terms });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${rental.id}`,
      headers: t.auth,
      payload: propertyInput({ type: 'sale' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Property>()).toMatchObject({
      type: 'sale',
      advanceMonths: null,
      depositMonths: null,
      commissionMonths: null,
    });
  });

  it('refuse bad values and sales with the contract message, storing nothing', async () => {
    const count = await countProperties(t);
    const rental = await createProperty(t, { type: 'rent', ...terms });
    const cases: [object, RegExp][] = [
      [{ type: 'rent', depositMonths: 1.5 }, /Garantie : un nombre de mois entier, de 0 à 24/],
      [{ type: 'rent', depositMonths: -1 }, /Garantie : un nombre de mois entier/],
      [{ type: 'rent', advanceMonths: 25 }, /Loyer payé d'avance : au plus 24 mois/],
      [{ type: 'rent', commissionMonths: 13 }, /Commission de l'agence : au plus 12 mois/],
      [{ type: 'rent', commissionMonths: '1' }, /Commission de l'agence : un nombre de mois entier/],
      [{ type: 'sale', depositMonths: 2 }, /ne concernent que les locations/],
    ];
    for (const [over, words] of cases) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: t.auth,
        payload: propertyInput(over as never),
      });
      expect(expectError(created, 400, JSON.stringify(over)).message).toMatch(words);
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/properties/${rental.id}`,
        headers: t.auth,
        payload: propertyInput({ title: 'Changé', ...(over as object) }),
      });
      expect(expectError(updated, 400, JSON.stringify(over)).message).toMatch(words);
    }
    expect(await countProperties(t)).toBe(count + 1);
    const stored = await t.app.inject(`/api/properties/${rental.id}`);
    expect(stored.json<Property>()).toMatchObject({ title: 'Appartement test', ...terms });
  });
});
