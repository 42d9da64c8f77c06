import type { AgencySettings } from '../../src/contract/index.ts';
import { expect, logIn, onlyOn, ready, test } from './fixtures.ts';
import { publishWith } from './publish.ts';

// An admin renames the agency and changes its phone in /admin/settings, publishes, and every
// language's header, footer, contact page and WhatsApp link say so; agents reach neither the screen nor the
// call. The demo agency is put back and published again whatever happens, for the suites that follow.

/** The stored settings as the PUT takes them back (the bookkeeping fields left out). */
const body = ({ updatedAt: _a, ...rest }: AgencySettings) => rest;

test.describe('agency settings', () => {
  test('an agent reaches neither the screen nor the API', async ({ page, request, admin }) => {
    onlyOn('desktop', 'the refusals do not depend on the viewport');
    const agent = { email: `agent.settings.${Date.now()}@ndako.cd`, password: 'agent password 12' };
    const created = await request.post('/api/accounts', {
      headers: admin.headers,
      data: { ...agent, name: 'Agent Paramètres', role: 'agent' },
    });
    expect(created.status()).toBe(201);
    const { headers: auth, token } = await logIn(request, agent);
    const current = (await (await request.get('/api/settings/agency')).json()) as AgencySettings;
    const put = await request.put('/api/settings/agency', {
      headers: auth,
      data: { ...body(current), name: 'Agent pirate' },
    });
    expect(put.status()).toBe(403);

    await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Accès réservé' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Paramètres de l'agence" })).toHaveCount(0);
    expect(((await (await request.get('/api/settings/agency')).json()) as AgencySettings).name).toBe(
      current.name,
    );
  });

  test('an admin renames the agency and changes its phone; the published site says so in every language', async ({
    page,
    request,
    admin,
  }) => {
    // One full publish (and one to restore): on one viewport only.
    onlyOn('desktop', 'publishes: desktop only');
    test.setTimeout(480_000);
    const auth = admin.headers;
    const original = (await (await request.get('/api/settings/agency')).json()) as AgencySettings;
    const name = `Maison Test ${Date.now().toString(36)}`;
    try {
      await page.addInitScript((value) => localStorage.setItem('adminToken', value), admin.token);
      await page.goto('/admin/settings');
      await ready(page);
      await page.getByLabel("Nom de l'agence").fill(name);
      const phone = page.getByLabel('Téléphone');
      // A number that cannot be one is refused in place, with the server's own words.
      await phone.fill('08123');
      await phone.blur();
      await expect(page.getByText('Un numéro congolais a 9 chiffres')).toBeVisible();
      // Typed the national way, it is shown (and stored) with the country code.
      await phone.fill('0899000111');
      await phone.blur();
      await expect(phone).toHaveValue('+243 89 900 0111');
      await page.getByLabel('Numéro WhatsApp').fill('0899000222');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText(/Paramètres enregistrés/)).toBeVisible();
      await expect(page.getByText(/après la prochaine publication/).first()).toBeVisible();
      const stored = (await (await request.get('/api/settings/agency')).json()) as AgencySettings;
      expect(stored).toMatchObject({ name, phone: '+243899000111', whatsapp: '+243899000222' });

      await publishWith(request, auth, () => page.getByRole('button', { name: 'Publier' }).click());

      for (const prefix of ['', '/en', '/ln']) {
        await page.goto(`${prefix}/contact/`);
        await expect(page.locator('.site-header .brand')).toContainText(name);
        const footer = page.locator('footer.site-footer');
        await expect(footer).toContainText(name);
        await expect(footer.getByRole('link', { name: '+243 89 900 0111' })).toHaveAttribute(
          'href',
          'tel:+243899000111',
        );
        await expect(page.locator('main').getByRole('link', { name: '+243 89 900 0111' })).toBeVisible();
        await expect(page.locator('main a[href^="https://wa.me/243899000222"]')).toBeVisible();
        await expect(footer.locator('a[href^="https://wa.me/243899000222"]')).toHaveCount(1);
      }
    } finally {
      // Put the demo agency back and publish it, for the suites that run after this one.
      const restored = await request.put('/api/settings/agency', { headers: auth, data: body(original) });
      expect(restored.status()).toBe(200);
      await publishWith(request, auth);
    }
    await page.goto('/contact/');
    await expect(page.locator('.site-header .brand')).toContainText(original.name);
  });
});
