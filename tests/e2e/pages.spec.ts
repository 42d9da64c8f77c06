import type { Page } from '@playwright/test';
import { expect, onlyOn, ready, sitemapXml, test } from './fixtures.ts';

onlyOn('desktop', 'texts, forms, links and the sitemap do not depend on the viewport');

test.describe('about', () => {
  test('text, figures, the three values, four team members with role and blurb, the office', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^À propos de /);
    await expect(page.locator('.figures li')).toHaveCount(4);
    await expect(page.locator('.values h3')).toHaveText(['Excellence', 'Passion', 'Confiance']);
    const members = page.locator('.members li');
    await expect(members).toHaveCount(4);
    await expect(members.locator('.role')).toHaveText([
      'Directeur Général',
      'Directeur Commercial',
      'Agent Senior',
      'Responsable Marketing',
    ]);
    await expect(page.locator('address')).toBeVisible();
  });
});

test.describe('contact', () => {
  const fill = async (page: Page, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values))
      await page.getByLabel(label, { exact: false }).fill(value);
  };

  test('shows errors in place and sends nothing while invalid', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/messages') && r.method() === 'POST') posted++;
    });
    await page.goto('/contact');
    await ready(page);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.locator('.field-error')).toHaveCount(4);
    await fill(page, {
      'Nom complet': 'Jean Mukendi',
      'E-mail': 'pas-un-email',
      Sujet: 'Visite',
      Message: 'Bonjour',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.locator('.field-error')).toHaveText(['Adresse e-mail invalide']);
    expect(posted).toBe(0);
  });

  test('success replaces the form with "Message envoyé !" and the message reaches the API', async ({
    page,
    request,
    admin,
  }) => {
    await page.goto('/contact');
    await ready(page);
    const subject = `Achat à Ngaliema ${Date.now()}`;
    await fill(page, {
      'Nom complet': 'Jean Mukendi',
      'E-mail': 'jean@example.cd',
      Téléphone: '+243 81 000 0000',
      Sujet: subject,
      Message: 'Je cherche une villa.',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('Message envoyé !')).toBeVisible();
    const list = await request.get(`/api/messages?q=${encodeURIComponent(subject)}`, {
      headers: admin.headers,
    });
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  test('with the API unreachable: the alert of the spec, and what was typed stays', async ({ page }) => {
    await page.route('**/api/messages', (route) => route.abort());
    await page.goto('/en/contact');
    await ready(page);
    await fill(page, {
      'Full name': 'Jean Mukendi',
      'E-mail': 'jean@example.cd',
      Subject: 'Rent',
      Message: 'Hello',
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Jean Mukendi');
    await expect(page.getByLabel('Message')).toHaveValue('Hello');
  });
});

test.describe('legal pages', () => {
  test('privacy and terms in each language, with the agency filled in and links kept in the language', async ({
    page,
  }) => {
    await page.goto('/en/');
    await page.locator('footer').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/en\/privacy\/?$/);
    await expect(page.locator('main')).not.toContainText('{agency}');
    await expect(page.locator('main h2').first()).toBeVisible();
    await page.goto('/ln/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ln');
    const privacyLink = page.locator('main a[href*="privacy"]').first();
    await expect(privacyLink).toHaveAttribute('href', '/ln/privacy');
  });
});

test.describe('for search engines and shares', () => {
  test('sitemap of every page in every language, robots.txt, and a listing page described for previews', async ({
    request,
    page,
  }) => {
    const xml = await sitemapXml(request);
    // A published listing (the admin suite may have added one since the last publish, on one viewport).
    const id = xml.match(/\/property\/(\d+)<\/loc>/)?.[1];
    expect(id).toBeTruthy();
    const p = (await (await request.get(`/api/properties/${id}`)).json()) as {
      id: number;
      title: string;
      price: number;
      currency: string;
    };
    for (const path of ['/about', '/en/contact', '/ln/privacy', `/property/${p.id}`, `/ln/property/${p.id}`])
      expect(xml).toContain(`${path}</loc>`);
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');

    await page.goto(`/property/${p.id}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      new RegExp(p.title.slice(0, 20)),
    );
    const og = (await page.locator('meta[property="og:image"]').getAttribute('content')) ?? '';
    expect(og).toMatch(new RegExp(`/share/${p.id}\\.jpg$`));
    const share = await request.get(`/share/${p.id}.jpg`);
    expect(share.headers()['content-type']).toBe('image/jpeg');
    const bytes = await share.body();
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      new RegExp(`/property/${p.id}$`),
    );
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { offers: { price: number; priceCurrency: string } };
    expect(ld.offers).toMatchObject({ price: p.price, priceCurrency: p.currency });
  });
});
