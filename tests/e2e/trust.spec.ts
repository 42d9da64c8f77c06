import type { APIRequestContext, Page } from '@playwright/test';
import type { Message, Property } from '../../src/contract/index.ts';
import { createTranslator, type Lang } from '../../src/i18n/core.ts';
import { en } from '../../src/i18n/en.ts';
import { fr } from '../../src/i18n/fr.ts';
import { ln } from '../../src/i18n/ln.ts';
import { decodeIndex, type ListingIndexFile } from '../../src/shared/listing-index.ts';
import { listingText } from '../../src/shared/listing-text.ts';
import { AMENITIES } from '../../src/shared/enums.ts';
import { availabilityText, isRecentCheck, verifiedText } from '../../src/shared/trust.ts';
import { expect, onlyOn, ready, seriousViolations, test } from './fixtures.ts';

// Staff checks and availability (decision 0023) on the published pages and on a listing added since: the staff check shows while
// under 90 days old (decided in the browser), amenities with their labels, the catalogue's amenity filter,
// the scam notice, and a report that reaches the admin's messages. Every expected value is read at test time.

// Checks, amenities and filters read the same at every width: one project runs them (decision 0038). The axe
// pass runs in French on both, as tests/e2e/a11y.spec.ts does (languages differ in their texts, viewports in
// their layout); the report runs on both, each in its own language.
const SAME_AT_EVERY_WIDTH = 'staff checks, amenities and their filter do not depend on the viewport';

const LANGS = [
  ['fr', fr],
  ['en', en],
  ['ln', ln],
] as const;
const prefix = (lang: Lang) => (lang === 'fr' ? '' : `/${lang}`);

/** The published listings (the site's own index) with their API record: what the static pages show. */
async function published(request: APIRequestContext): Promise<Property[]> {
  const index = decodeIndex((await (await request.get('/data/listings.json')).json()) as ListingIndexFile);
  const ids = new Set(index.map((l) => l.id));
  const { data } = (await (await request.get('/api/properties?limit=100')).json()) as { data: Property[] };
  // Only listings unchanged since the build: another suite may have edited one after the publish.
  const asOf = Date.parse(
    ((await (await request.get('/data/listings.json')).json()) as ListingIndexFile).asOf,
  );
  return data.filter((p) => ids.has(p.id) && Date.parse(p.updatedAt) <= asOf);
}

const open = (p: Property) => p.status === 'available' || p.status === 'hot';

async function visit(page: Page, lang: Lang, id: number) {
  await page.goto(`${prefix(lang)}/property/${id}`);
  await ready(page);
}

for (const [lang, dictionary] of LANGS) {
  const t = createTranslator(dictionary, { agency: 'Ndako' });

  test(`${lang}: a recent check shows its date, a stale one shows nothing`, async ({ page, request }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    const listings = (await published(request)).filter(open);
    const recent = listings.find((p) => isRecentCheck(p.verifiedAt, new Date()));
    const stale = listings.find((p) => p.verifiedAt && !isRecentCheck(p.verifiedAt, new Date()));
    expect(recent, 'the demo has a recently checked listing').toBeTruthy();
    expect(stale, 'the demo has a listing checked over 90 days ago').toBeTruthy();

    await visit(page, lang, recent!.id);
    const badge = page.locator('[data-verified]');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(verifiedText(recent!.verifiedAt!, t, lang));

    await visit(page, lang, stale!.id);
    await expect(page.locator('[data-verified]')).toBeHidden();
    await expect(page.getByText(t('trust.verified').split('{date}')[0]!.trim())).toHaveCount(0);
  });

  test(`${lang}: the listing page lists its amenities and the scam notice`, async ({ page, request }) => {
    if (lang !== 'fr') onlyOn('phone', 'the other languages’ axe pass runs on the phone');
    const listing = (await published(request)).find((p) => open(p) && p.amenities.length >= 2)!;
    expect(listing).toBeTruthy();
    await visit(page, lang, listing.id);
    const items = page.locator('[data-slot="amenities"] li');
    await expect(items).toHaveText(listing.amenities.map((a) => t(`amenity.${a}`)));
    await expect(page.locator('.side [data-scam-notice]')).toContainText(t('trust.scam.title'));
    if (listing.availableFrom)
      await expect(page.locator('[data-available]')).toHaveText(
        availabilityText(listing.availableFrom, new Date(), t, lang),
      );
    // The new lines, icons, notice and report dialog keep the page accessible (contrast included).
    await page.getByRole('button', { name: t('report.open') }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${lang}: the catalogue filters by several amenities at once, in the URL`, async ({
    page,
    request,
  }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    const index = decodeIndex((await (await request.get('/data/listings.json')).json()) as ListingIndexFile);
    // Two amenities that some published listing has together, read from the index now.
    const pair = AMENITIES.flatMap((a, i) => AMENITIES.slice(i + 1).map((b) => [a, b] as const)).find(
      ([a, b]) => index.some((l) => l.amenities.includes(a) && l.amenities.includes(b)),
    )!;
    const expected = index.filter((l) => pair.every((a) => l.amenities.includes(a))).length;
    await page.goto(`${prefix(lang)}/properties`);
    await ready(page);
    const panel = page.locator('.amenity-filter');
    await panel.locator('summary').click();
    for (const a of pair) await panel.getByLabel(t(`amenity.${a}`), { exact: true }).check();
    await expect(page).toHaveURL(new RegExp(`amenities=${pair.join('%2C')}`));
    await expect(page.locator('.catalogue .count')).toContainText(String(expected));
    // The URL alone restores the filter.
    await page.reload();
    await ready(page);
    await expect(page.locator('.catalogue .count')).toContainText(String(expected));
    await expect(
      page.locator('.amenity-filter').getByLabel(t(`amenity.${pair[0]}`), { exact: true }),
    ).toBeChecked();
  });
}

test('a listing added since the publish shows its check, amenities and availability from the API', async ({
  page,
  request,
  admin,
}) => {
  onlyOn('phone', SAME_AT_EVERY_WIDTH);
  const { headers } = admin;
  const { data } = (await (await request.get('/api/properties?limit=5')).json()) as { data: Property[] };
  const res = await request.post('/api/properties', {
    headers,
    data: {
      title: `Villa vérifiée ${Date.now()}`,
      description: 'Villa avec piscine et groupe électrogène.',
      price: 4000,
      currency: 'USD',
      type: 'rent',
      category: 'villa',
      area: 700,
      address: 'Avenue Colonel Mondjiba 3',
      state: 'Ngaliema',
      media: data[0]?.media ?? [],
      amenities: ['pool', 'generator', 'guard'],
      availableFrom: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as Property;
  try {
    const verified = await request.post(`/api/properties/${created.id}/verify`, { headers });
    expect(verified.ok()).toBe(true);
    const { verifiedAt } = (await verified.json()) as { verifiedAt: string };
    const t = createTranslator(en);
    await visit(page, 'en', created.id);
    await expect(page.locator('h1')).toHaveText(created.title);
    await expect(page.locator('[data-verified]')).toHaveText(verifiedText(verifiedAt, t, 'en'));
    await expect(page.locator('[data-available]')).toHaveText(
      availabilityText(created.availableFrom!, new Date(), t, 'en'),
    );
    await expect(page.locator('[data-slot="amenities"] li')).toHaveText([
      'Generator',
      'Guard',
      'Swimming pool',
    ]);
  } finally {
    await request.delete(`/api/properties/${created.id}`, { headers });
  }
});

test('a report of a listing reaches the admin messages, under its own tag', async ({
  page,
  request,
  admin,
}, info) => {
  // One report per viewport (the contact form's rate limit is shared with the other suites).
  const lang: Lang = info.project.name === 'phone' ? 'ln' : 'fr';
  const t = createTranslator({ fr, en, ln }[lang]);
  const listing = (await published(request)).find(open)!;
  const marker = `Signalement e2e ${Date.now()}`;
  await visit(page, lang, listing.id);
  await page.getByRole('button', { name: t('report.open') }).click();
  const dialog = page.locator('[data-report-dialog]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-scam-notice]')).toBeVisible();
  // Nothing is sent while a required field is empty.
  await dialog.getByRole('button', { name: t('report.submit') }).click();
  await expect(dialog.locator('.field-error').first()).toHaveText(t('form.required'));
  await dialog.getByLabel(t('contact.form.senderName')).fill('Visiteur Prudent');
  await dialog.getByLabel(t('contact.form.senderEmail')).fill('prudent@example.cd');
  await dialog.getByLabel(t('report.reason')).fill(`${marker} : on me demande 100 $ avant la visite.`);
  await dialog.getByRole('button', { name: t('report.submit') }).click();
  await expect(page.getByText(t('toast.reportSent'))).toBeVisible();
  await expect(dialog).toBeHidden();

  const { headers } = admin;
  const found = (await (
    await request.get(`/api/messages?propertyType=report&q=${encodeURIComponent(marker)}`, { headers })
  ).json()) as { data: Message[] };
  try {
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ propertyType: 'report', propertyId: listing.id });
    // The subject names the listing as the visitor read it: its title in their language when staff wrote one.
    expect(found.data[0]!.subject).toContain(listingText(listing, lang).title.slice(0, 40));
  } finally {
    for (const m of found.data) await request.delete(`/api/messages/${m.id}`, { headers });
  }
});
