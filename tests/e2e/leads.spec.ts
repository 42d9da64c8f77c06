import type { Page } from '@playwright/test';
import type { InboxDetail, LeadStats, Page as ListPage, Property } from '../../src/contract/index.ts';
import { expect, seriousViolations, test } from './fixtures.ts';

// Leads as a visitor and an agency see them (decision 0048): taps on a listing's WhatsApp button and telephone number are
// counted (once a day) and read in the admin; a visit request is followed up through its statuses.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/leads-shots';

async function openAdmin(page: Page, path: string, token: string) {
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
  await page.goto(path);
}

test('a tap on WhatsApp and on the telephone number of a listing is counted, once, and read in the admin', async ({
  page,
  request,
  admin,
}, testInfo) => {
  const listings = await request.get('/api/properties?limit=50', { headers: admin.headers });
  const p = ((await listings.json()) as ListPage<Property>).data.find(
    (l) => l.managerId !== null && l.status === 'available',
  );
  expect(p, 'a demo listing with an agent').toBeDefined();
  const leads = async () =>
    (
      (await (
        await request.get('/api/dashboard/leads?period=7d', { headers: admin.headers })
      ).json()) as LeadStats
    ).listings.find((l) => l.id === p!.id) ?? { whatsapp: 0, calls: 0 };
  const before = await leads();
  // WhatsApp opens in another tab: answered here, so the test stays off the network.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await page.goto(`/property/${p!.id}`);
  const whatsapp = page.locator('.agent a.whatsapp');
  for (let i = 0; i < 2; i++) {
    const tapped = page.waitForRequest((r) => r.url().endsWith('/analytics/tap') && r.method() === 'POST');
    const popup = page.waitForEvent('popup');
    await whatsapp.click();
    expect((await tapped).postDataJSON()).toEqual({ channel: 'whatsapp', property: p!.id });
    await (await popup).close();
  }
  const called = page.waitForRequest((r) => r.url().endsWith('/analytics/tap') && r.method() === 'POST');
  // A tel: link opens the dialer: the page stays, the beacon goes.
  await page
    .locator('.agent a[href^="tel:"]')
    .evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
  await page.locator('.agent a[href^="tel:"]').click();
  expect((await called).postDataJSON()).toEqual({ channel: 'call', property: p!.id });
  // Two taps of one visitor on WhatsApp count once.
  await expect.poll(leads).toMatchObject({ whatsapp: before.whatsapp + 1, calls: before.calls + 1 });

  await openAdmin(page, '/admin', admin.token);
  const panel = page.getByRole('region', { name: 'Contacts apportés par les annonces' });
  const row = panel
    .getByRole('row', { name: new RegExp(p!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(String(before.whatsapp + 1));
  await expect(row.getByRole('cell').nth(2)).toHaveText(String(before.calls + 1));
  expect(await seriousViolations(page)).toEqual([]);
  await panel.screenshot({ path: `${SHOTS}/dashboard-contacts-${testInfo.project.name}.png` });
});

test('a visit request is followed up in "Demandes": contacted, visit planned, concluded, with its history', async ({
  page,
  request,
  admin,
}, testInfo) => {
  const listings = await request.get('/api/properties?limit=1', { headers: admin.headers });
  const p = ((await listings.json()) as ListPage<Property>).data[0]!;
  const name = `Visiteur ${testInfo.project.name} ${Date.now() % 100_000}`;
  const sent = await request.post('/api/mail/send-visit', {
    data: {
      name,
      visitDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      telephone: '0812345678',
      url: `/property/${p.id}`,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: number };

  await openAdmin(page, `/admin/requests?open=visit-${id}`, admin.token);
  const card = page.getByRole('listitem', { name: `Demande de visite de ${name}` });
  await expect(card).toBeVisible();
  // The number as the visitor typed it, the chat opened on its international form (wa.me refuses 081…).
  await expect(card.getByRole('link', { name: 'WhatsApp 0812345678' })).toHaveAttribute(
    'href',
    'https://wa.me/243812345678',
  );
  const status = card.getByRole('combobox', { name: `Statut : Demande de visite de ${name}` });
  for (const step of ['Contactée', 'Visite prévue', 'Conclue']) {
    await status.selectOption({ label: step });
    await expect(page.getByText('Demande mise à jour').last()).toBeVisible();
    await expect(status.locator('option:checked')).toHaveText(step);
  }
  await card
    .getByRole('textbox', { name: 'Note interne' })
    .fill('Client très intéressé, rappeler après la visite');
  await card.getByRole('button', { name: 'Enregistrer la note' }).click();
  const history = card.locator('.adm-history li');
  await expect(history).toHaveCount(4);
  await expect(history.first()).toContainText('Statut : Nouvelle → Contactée');
  await expect(history.last()).toContainText('Note : — → Client très intéressé');
  expect(await seriousViolations(page)).toEqual([]);
  await card.screenshot({ path: `${SHOTS}/demandes-${testInfo.project.name}.png` });

  const stored = (await (
    await request.get(`/api/requests/visit/${id}`, { headers: admin.headers })
  ).json()) as InboxDetail;
  expect(stored).toMatchObject({
    followUp: 'closed',
    note: 'Client très intéressé, rappeler après la visite',
  });
  expect(stored.contactedAt).not.toBeNull();
  // Filtered by status, it is among the concluded ones.
  await page.getByRole('combobox', { name: 'Filtrer par statut' }).selectOption({ label: 'Conclue' });
  await expect(page.getByRole('listitem', { name: `Demande de visite de ${name}` })).toBeVisible();
});
