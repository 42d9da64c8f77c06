import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertList } from '../../src/contract/index.ts';
import { ALERT_REFUSED } from '../../src/shared/alerts.ts';
import { DEFAULT_FILTERS } from '../../src/shared/catalogue-filter.ts';
import { alertDeliveries, alertSubscriptions, auditLog } from '../../src/db/schema.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createProperty, expectError, loginAsNew, nextIp } from '../helpers/fixtures.ts';
import { appWithSmtp } from '../helpers/smtp-app.ts';
import { closedPort, decoded, header, type Received, type Smtp } from '../helpers/smtp.ts';

const SITE = 'https://ndako.cd';
const GOMBE_RENT = { type: 'rent', state: 'Gombe', maxPrice: 2000 };

/** The token of a link to one of the alert pages in a mail, or undefined. */
const tokenOf = (mail: Received, page: 'confirm' | 'unsubscribe', lang = '') =>
  new RegExp(`${SITE}${lang}/alerts/${page}/\\?token=([A-Za-z0-9_-]{43})`).exec(decoded(mail.raw))?.[1];

describe('alerts without an account', () => {
  let smtp: Smtp;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, close } = await appWithSmtp({ MAIL_FROM: 'Ndako <robot@ndako.test>', PUBLIC_URL: SITE }));
  });
  afterAll(() => close());

  const subscribe = (payload: object, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/alerts', remoteAddress: ip, payload });
  const post = (page: 'confirm' | 'unsubscribe', token: string | undefined) =>
    t.app.inject({ method: 'POST', url: `/api/alerts/${page}`, remoteAddress: nextIp(), payload: { token } });
  const rowsOf = (email: string) =>
    t.database.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, email));
  /** The mails received for `to` since `from` (an index into smtp.received). */
  const mailsTo = async (to: string, from = 0) => {
    await t.app.alerts.idle();
    await t.app.mailer.idle();
    return smtp.received.slice(from).filter((m) => m.to.includes(to));
  };
  const publish = async () => {
    t.app.publisher.publish({ id: null, name: 'Test' });
    expect((await t.app.publisher.settled())?.ok).toBe(true);
    await t.app.alerts.idle();
    await t.app.mailer.idle();
  };
  /** Makes the confirmation mails of `email` a day and an hour old. */
  const ageConfirmations = (email: string) =>
    t.database.db.execute(sql`UPDATE alert_tokens SET created_at = now() - interval '25 hours'
      WHERE subscription_id IN (SELECT id FROM alert_subscriptions WHERE email = ${email})`);
  /** Signs up and confirms through the API; answers the unsubscribe token of the confirmation mail. */
  async function confirmed(email: string, filters: object, lang?: string): Promise<string> {
    const from = smtp.received.length;
    expect((await subscribe({ email, filters, lang })).statusCode).toBe(202);
    const [mail] = await mailsTo(email, from);
    expect((await post('confirm', tokenOf(mail!, 'confirm', lang ? `/${lang}` : ''))).statusCode).toBe(200);
    return tokenOf(mail!, 'unsubscribe', lang ? `/${lang}` : '')!;
  }

  it('stores a sign-up pending and mails both links; a GET confirms nothing, the POST does', async () => {
    const filters = { type: 'sale', state: 'Kasa-Vubu', maxPrice: 90_000 };
    const res = await subscribe({ email: 'Kabila@Example.cd', phone: '+243 99 000 11 22', filters });
    expect(res.statusCode, res.body).toBe(202);
    const [row] = await rowsOf('kabila@example.cd');
    expect(row).toMatchObject({ status: 'pending', phone: '+243 99 000 11 22', confirmedAt: null });
    expect(row!.filters).toMatchObject({ ...filters, currency: 'USD' });

    const [mail] = await mailsTo('kabila@example.cd');
    expect(mail, 'confirmation mail').toBeDefined();
    expect(header(mail!.raw, 'Subject')).toMatch(/^Confirmez votre alerte Ndako/);
    expect(decoded(mail!.raw)).toContain('À vendre · Kasa-Vubu');
    const confirm = tokenOf(mail!, 'confirm');
    const unsubscribe = tokenOf(mail!, 'unsubscribe');
    expect(confirm).toBeDefined();
    expect(unsubscribe).toBeDefined();
    expect(header(mail!.raw, 'List-Unsubscribe')).toContain(`${SITE}/alerts/unsubscribe/?token=`);

    // What a mail scanner does with the link: the page and the API answer, nothing is confirmed.
    await t.app.inject({ url: `/alerts/confirm/?token=${confirm}` });
    expect((await t.app.inject({ url: `/api/alerts/confirm?token=${confirm}` })).statusCode).toBe(404);
    expect((await rowsOf('kabila@example.cd'))[0]!.status).toBe('pending');

    const ok = await post('confirm', confirm);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 'confirmed' });
    expect((await rowsOf('kabila@example.cd'))[0]).toMatchObject({ status: 'confirmed' });
    // Pressed twice: the same answer.
    expect((await post('confirm', confirm)).json()).toEqual({ status: 'confirmed' });
    // A token stored hashed: the database does not hold it.
    const tokens = await t.database.db.execute(sql`SELECT hash FROM alert_tokens`);
    expect(JSON.stringify(tokens)).not.toContain(confirm!);
  });

  it('refuses bad input with a French 400 and stores nothing', async () => {
    const before = (await t.database.db.select().from(alertSubscriptions)).length;
    for (const payload of [
      { email: 'pas-une-adresse', filters: GOMBE_RENT },
      { email: 'ok@example.cd', filters: { state: 'Paris' } },
      { email: 'ok@example.cd', filters: { minPrice: -5 } },
      { email: 'ok@example.cd', filters: { amenities: 1 << 20 } },
      { email: 'ok@example.cd', filters: { page: 2 } },
      { email: 'ok@example.cd', phone: 'abc', filters: {} },
      { email: 'ok@example.cd', filters: {}, lang: 'de' },
      { filters: {} },
    ]) {
      expectError(await subscribe(payload), 400, JSON.stringify(payload));
    }
    expectError(await post('confirm', 'court'), 400);
    expectError(await post('confirm', 'x'.repeat(43)), 404);
    expect((await t.database.db.select().from(alertSubscriptions)).length).toBe(before);
  });

  it('keeps one row for the same address and filters, and answers alike whether it was known', async () => {
    const first = await subscribe({ email: 'twice@example.cd', filters: { category: 'villa' } });
    const again = await subscribe({ email: 'twice@example.cd', filters: { category: 'villa', q: '' } });
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.body).toBe(first.body);
    expect(await rowsOf('twice@example.cd')).toHaveLength(1);
    // Other filters are another alert, once the address's confirmation mail is a day old.
    await subscribe({ email: 'twice@example.cd', filters: { category: 'land' } });
    expect(await rowsOf('twice@example.cd')).toHaveLength(1);
    await ageConfirmations('twice@example.cd');
    await subscribe({ email: 'twice@example.cd', filters: { category: 'land' } });
    expect(await rowsOf('twice@example.cd')).toHaveLength(2);

    // A confirmed alert signed up again: unchanged, no mail (nobody learns it was subscribed).
    await confirmed('known@example.cd', { category: 'office' });
    const from = smtp.received.length;
    const known = await subscribe({
      email: 'known@example.cd',
      phone: '0999999999',
      filters: { category: 'office' },
    });
    expect(known.body).toBe(first.body);
    expect(await mailsTo('known@example.cd', from)).toHaveLength(0);
    expect((await rowsOf('known@example.cd'))[0]).toMatchObject({ status: 'confirmed', phone: null });
  });

  it('limits sign-ups per address like the contact form', async () => {
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await subscribe({ email: `flood${i}@example.cd`, filters: {} }, ip)).statusCode);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(202));
    expectError(await subscribe({ email: 'flood-last@example.cd', filters: {} }, ip), 429);
  });

  it('mails an address one confirmation a day at most, whatever the filters and senders', async () => {
    const from = smtp.received.length;
    const answers = [];
    for (let i = 0; i < 30; i++) {
      answers.push(
        (await subscribe({ email: 'victim@bombed.cd', filters: { minPrice: 100 + i } })).statusCode,
      );
    }
    // The same answer to each (whoever types the address learns nothing), one mail, one row.
    expect(new Set(answers)).toEqual(new Set([202]));
    expect(await mailsTo('victim@bombed.cd', from)).toHaveLength(1);
    expect(await rowsOf('victim@bombed.cd')).toHaveLength(1);

    // A day later, one more; at three waiting, the next is refused with a message and nothing is stored.
    for (const minPrice of [500, 600]) {
      await ageConfirmations('victim@bombed.cd');
      expect((await subscribe({ email: 'victim@bombed.cd', filters: { minPrice } })).statusCode).toBe(202);
    }
    expect(await mailsTo('victim@bombed.cd', from)).toHaveLength(3);
    await ageConfirmations('victim@bombed.cd');
    const refused = expectError(
      await subscribe({ email: 'victim@bombed.cd', filters: { minPrice: 700 } }),
      429,
    );
    expect(refused.message).toMatch(/déjà 3 alertes en attente de confirmation/);
    // Named, for the form to say it in the visitor's language (not a rate limit's "wait a few minutes").
    expect(refused.code).toBe(ALERT_REFUSED.pendingForAddress);
    expect(await rowsOf('victim@bombed.cd')).toHaveLength(3);
    expect(await mailsTo('victim@bombed.cd', from)).toHaveLength(3);
  });

  it('refuses more than 50 sign-ups waiting in one mail domain in a day', async () => {
    const filters = JSON.stringify(DEFAULT_FILTERS);
    await t.database.db.execute(sql`
      INSERT INTO alert_subscriptions (email, lang, filters, filters_key, status)
      SELECT 'staff' || i || '@company.cd', 'fr', ${filters}::jsonb, 'k', 'pending'
      FROM generate_series(1, 50) AS i`);
    const from = smtp.received.length;
    const refused = expectError(await subscribe({ email: 'boss@company.cd', filters: {} }), 429);
    expect(refused.message).toMatch(/ce domaine de messagerie/);
    expect(refused.code).toBe(ALERT_REFUSED.pendingForDomain);
    expect(await rowsOf('boss@company.cd')).toHaveLength(0);
    // Another domain is not held back.
    expect((await subscribe({ email: 'boss@other.cd', filters: {} })).statusCode).toBe(202);
    expect(await mailsTo('boss@company.cd', from)).toHaveLength(0);
    expect(await mailsTo('boss@other.cd', from)).toHaveLength(1);
  });

  it('leaves the visitor’s search text out of the confirmation mail', async () => {
    const from = smtp.received.length;
    const q = 'GAGNEZ 5000 USD sur arnaque.example';
    expect((await subscribe({ email: 'texte@example.cd', filters: { q, state: 'Gombe' } })).statusCode).toBe(
      202,
    );
    const [mail] = await mailsTo('texte@example.cd', from);
    const text = decoded(mail!.raw);
    expect(text).not.toContain('GAGNEZ');
    expect(text).not.toContain('arnaque');
    expect(text).toContain('Gombe · des mots choisis');
    // The subscription keeps the text: the digests match it, as the catalogue does.
    expect((await rowsOf('texte@example.cd'))[0]!.filters.q).toBe(q);
  });

  it('mails one digest to the matching subscriber only, once, with listing links and an unsubscribe link', async () => {
    const unsubscribe = await confirmed('gombe@example.cd', GOMBE_RENT);
    await confirmed('limete@example.cd', { type: 'sale', state: 'Limete' }, 'en');
    await subscribe({ email: 'pending@example.cd', filters: GOMBE_RENT });
    // A new Gombe rental priced in CDF (2,000,000 CDF ≈ 714 USD at the default rate: under 2,000 USD).
    const match = await createProperty(t, {
      title: 'Studio neuf a Gombe',
      state: 'Gombe',
      type: 'rent',
      price: 2_000_000,
      currency: 'CDF',
      media: [{ type: 'image', url: '/media/studio.webp' }],
    });
    const sold = await createProperty(t, { title: 'Deja loue', state: 'Gombe', type: 'rent', price: 900 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${sold.id}/status`,
      headers: t.auth,
      payload: { status: 'sold' },
    });
    await createProperty(t, { title: 'Trop cher', state: 'Gombe', type: 'rent', price: 5000 });
    await createProperty(t, { title: 'Ailleurs', state: 'Ngaliema', type: 'rent', price: 900 });

    await mailsTo('pending@example.cd');
    const from = smtp.received.length;
    await publish();
    const mails = smtp.received.slice(from);
    expect(mails.map((m) => m.to).flat()).toEqual(['gombe@example.cd']);
    const text = decoded(mails[0]!.raw);
    expect(header(mails[0]!.raw, 'Subject')).toBe('1 nouvelle annonce pour votre recherche');
    expect(text).toContain(`${SITE}/property/${match.id}`);
    expect(text).toContain('Studio neuf a Gombe');
    expect(text).toContain('2,000,000 CDF/mois');
    expect(text).toMatch(/≈ \d{3} USD/);
    expect(text).not.toContain('Deja loue');
    expect(text).not.toContain('Trop cher');
    expect(text).toContain(`<img src="${SITE}/media/studio.webp"`);
    const digestUnsubscribe = tokenOf(mails[0]!, 'unsubscribe');
    expect(digestUnsubscribe).toBeDefined();
    expect(digestUnsubscribe).not.toBe(unsubscribe);

    // A second publish without new listings sends nothing.
    const next = smtp.received.length;
    await publish();
    expect(smtp.received.length).toBe(next);

    // Unsubscribed (from the digest's link): a new match sends nothing.
    expect((await post('unsubscribe', digestUnsubscribe)).json()).toEqual({ status: 'unsubscribed' });
    await createProperty(t, { title: 'Encore a Gombe', state: 'Gombe', type: 'rent', price: 800 });
    const after = smtp.received.length;
    await publish();
    expect(smtp.received.slice(after).filter((m) => m.to.includes('gombe@example.cd'))).toHaveLength(0);
  });

  it('shows staff the subscriptions with their counts; admins and agents delete, audited', async () => {
    expect((await t.app.inject({ url: '/api/alerts' })).statusCode).toBe(401);
    const agent = await loginAsNew(t, 'agent');
    const list = await t.app.inject({ url: '/api/alerts?limit=100', headers: agent.auth });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<AlertList>();
    expect(body.counts.confirmed).toBeGreaterThanOrEqual(2);
    expect(body.counts.pending).toBeGreaterThanOrEqual(1);
    expect(body.counts.unsubscribed).toBe(1);
    const gombe = body.data.find((a) => a.email === 'gombe@example.cd')!;
    expect(gombe).toMatchObject({ status: 'unsubscribed', summary: "À louer · Gombe · jusqu'à 2,000 USD" });
    expect(gombe.lastSentAt).not.toBeNull();
    const pending = await t.app.inject({ url: '/api/alerts?status=pending&limit=100', headers: t.auth });
    expect(pending.json<AlertList>().data.every((a) => a.status === 'pending')).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/alerts/${gombe.id}`, headers: agent.auth });
    expect(del.statusCode, del.body).toBe(204);
    expect(await rowsOf('gombe@example.cd')).toHaveLength(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'alert'));
    expect(audit).toMatchObject([{ action: 'delete', entityId: gombe.id, label: 'gombe@example.cd' }]);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/alerts/${gombe.id}`, headers: t.auth }),
      404,
    );
    // Staff changes to alerts do not ask for a publish.
    expect((await t.app.publisher.state()).pendingChanges).toBe(0);
  });

  it('deletes unconfirmed and unsubscribed alerts after their days, keeps confirmed ones', async () => {
    await subscribe({ email: 'old-pending@example.cd', filters: {} });
    const token = await confirmed('old-gone@example.cd', {});
    await post('unsubscribe', token);
    await confirmed('old-kept@example.cd', {});
    const old = sql`now() - interval '8 days'`;
    await t.database.db
      .update(alertSubscriptions)
      .set({ updatedAt: old, createdAt: old, unsubscribedAt: old })
      .where(sql`${alertSubscriptions.email} LIKE 'old-%'`);
    const removed = await t.app.retention.run();
    expect(removed['alert_subscriptions']).toBeGreaterThanOrEqual(2);
    expect(await rowsOf('old-pending@example.cd')).toHaveLength(0);
    expect(await rowsOf('old-gone@example.cd')).toHaveLength(0);
    expect(await rowsOf('old-kept@example.cd')).toHaveLength(1);
  });
});

describe('a digest whose mail fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t.close());

  it('marks nothing sent, so the next digest tries the same listings again', async () => {
    const tokens = await t.app.repos.alerts.subscribe({
      email: 'down@example.cd',
      lang: 'fr',
      filters: { ...DEFAULT_FILTERS, state: 'Gombe' },
    });
    await t.app.mailer.idle();
    expect(await t.app.repos.alerts.confirm(tokens!.confirm)).toBe('confirmed');
    await createProperty(t, { state: 'Gombe' });
    expect(await t.app.alerts.digest(new Date())).toEqual({ mailed: 0, failed: 1 });
    expect(await t.database.db.select().from(alertDeliveries)).toHaveLength(0);
    const [row] = await t.database.db.select().from(alertSubscriptions);
    expect(row!.lastSentAt).toBeNull();
    expect(await t.app.alerts.digest(new Date())).toEqual({ mailed: 0, failed: 1 });
  });

  it('pages the confirmed subscriptions by id and answers the oldest window from SQL', async () => {
    const repo = t.app.repos.alerts;
    for (const state of ['Limete', 'Lemba', 'Kintambo'] as const) {
      const tokens = await repo.subscribe({
        email: `page-${state.toLowerCase()}@example.cd`,
        lang: 'fr',
        filters: { ...DEFAULT_FILTERS, state },
      });
      await repo.confirm(tokens!.confirm);
    }
    await t.database.db
      .update(alertSubscriptions)
      .set({ confirmedAt: new Date('2026-01-02T00:00:00Z') })
      .where(eq(alertSubscriptions.email, 'page-lemba@example.cd'));
    expect(await repo.windowStart()).toEqual(new Date('2026-01-02T00:00:00Z'));
    const all = await repo.subscribers(0, 100);
    const first = await repo.subscribers(0, 2);
    const rest = await repo.subscribers(first.at(-1)!.id, 2);
    expect([...first, ...rest].map((s) => s.id)).toEqual(all.map((s) => s.id));
    expect(first).toHaveLength(2);
    expect(all.map((s) => s.id)).toEqual([...all.map((s) => s.id)].sort((a, b) => a - b));
  });
});
