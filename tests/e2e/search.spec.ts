import type { APIRequestContext, Page } from '@playwright/test';
import type { ListingIndexFile } from '../../src/shared/listing-index.ts';
import { isOnTheMarket } from '../../src/shared/market.ts';
import type { PropertyStatus } from '../../src/shared/enums.ts';
import { expect, onlyOn, ready, test } from './fixtures.ts';

// The content search: Pagefind's index of the published site, in each language.

// What the search finds, pages through and keeps in its URL is the same at every width: one project runs it
// (decision 0038). The header's search link, in a header laid out otherwise at 360 px, runs on both.
const SAME_AT_EVERY_WIDTH = 'what the search finds does not depend on the viewport';

interface ApiListing {
  id: number;
  title: string;
  description: string;
  address: string;
  state: string;
  features: string[];
  media: { type: string }[];
  status: PropertyStatus;
}

const LANGS = [
  {
    lang: 'fr',
    prefix: '',
    privacyWord: 'législation',
    privacyTitle: 'Politique de confidentialité',
    more: 'Afficher plus de résultats',
    count: /^(\d+) résultats? trouvés?(, dont \d+ avec «\squartier\s»)?$/,
    across: 'Chercher « {q} » dans les descriptions',
  },
  {
    lang: 'en',
    prefix: '/en',
    privacyWord: 'controller',
    privacyTitle: 'Privacy policy',
    more: 'Show more results',
    count: /^(\d+) results? found(, \d+ of them with “quartier”)?$/,
    across: 'Search for “{q}” in the descriptions',
  },
  {
    lang: 'ln',
    prefix: '/ln',
    privacyWord: 'cookie',
    privacyTitle: 'Ndenge tobatelaka makambo na yo',
    more: 'Tala biloko mosusu',
    count: /^(Eloko|Biloko) \d+ ezwami(, kati na yango, \d+ ezali na «\squartier\s»)?$/,
    across: 'Luka « {q} » na ba description',
  },
] as const;

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{7,}/gu) ?? []);

/** Every listing, however many other suites have added (the API gives a hundred at a time). */
async function allListings(request: APIRequestContext) {
  const all: ApiListing[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/properties?limit=100&page=${page}`);
    const { data, total } = (await res.json()) as { data: ApiListing[]; total: number };
    all.push(...data);
    if (data.length === 0 || all.length >= total) return all;
  }
}

/**
 * A word of one listing's description or features whose first five letters (accents aside) no other listing
 * has anywhere — Pagefind stems words and matches the last one as a prefix ("libération" finds "Liberté") —
 * and that is not in that listing's title, address or commune: only the content search can find it. The
 * listing is one of those `pick` accepts.
 */
async function wordOnlyInOneListing(request: APIRequestContext, pick: (l: ApiListing) => boolean) {
  const data = await allListings(request);
  const all = (l: ApiListing) =>
    `${l.title} ${l.address} ${l.state} ${l.description} ${l.features.join(' ')}`;
  for (const listing of data.filter(pick)) {
    const heading = plain(`${listing.title} ${listing.address} ${listing.state}`);
    const others = data.filter((l) => l.id !== listing.id).map((l) => plain(all(l)));
    for (const word of words(`${listing.description} ${listing.features.join(' ')}`)) {
      const stem = plain(word).slice(0, 5);
      if (heading.includes(stem) || others.some((text) => text.includes(stem))) continue;
      return { word, listing };
    }
  }
  throw new Error('no word found in one listing only');
}

/**
 * The search indexes the listings the catalogue offers (decision 0002): an on-the-market one, with a picture
 * (the result must show it; listings added by other suites may have none).
 */
const wordOnlyInOneDescription = (request: APIRequestContext) =>
  wordOnlyInOneListing(request, (l) => isOnTheMarket(l.status) && l.media[0]?.type === 'image');

/** The listing ids the published catalogue offers: a status changed since the last publish is not live yet. */
async function publishedCatalogue(request: APIRequestContext) {
  const res = await request.get('/data/listings.json');
  expect(res.ok()).toBe(true);
  return new Set(((await res.json()) as ListingIndexFile).rows.map((row) => row[0]));
}

const results = (page: Page) => page.locator('.search .results .result');
/** The results that are listings (the word may also be on the about or legal pages). */
const listingResults = (page: Page) =>
  results(page).filter({ has: page.locator('h2 a[href*="/property/"]') });
const status = (page: Page) => page.locator('[data-search-status]');

async function searchFor(page: Page, path: string, query: string) {
  await page.goto(path);
  await page.getByRole('searchbox').fill(query);
  await page.getByRole('searchbox').press('Enter');
  await expect(results(page).first()).toBeVisible();
}

test.describe('content search', () => {
  for (const l of LANGS) {
    test(`${l.lang}: a word of one description, a word of the privacy page, paging and the URL`, async ({
      page,
      request,
    }) => {
      onlyOn('phone', SAME_AT_EVERY_WIDTH);
      const { word, listing } = await wordOnlyInOneDescription(request);
      await searchFor(page, `${l.prefix}/search/`, word);
      await expect(page).toHaveURL(`${l.prefix}/search/?q=${encodeURIComponent(word)}`);
      await expect(listingResults(page)).toHaveCount(1);
      const found = listingResults(page).first();
      await expect(found.locator('h2')).toHaveText(listing.title);
      await expect(found.locator('.where')).toHaveText(listing.state);
      await expect(found.locator('.price')).not.toBeEmpty();
      await expect(found.locator('img')).toHaveAttribute('src', /^\/media\/.+-thumb\.webp$/);
      await expect(found.locator('.excerpt mark').first()).toHaveText(new RegExp(word, 'i'));
      await found.locator('h2 a').click();
      await expect(page).toHaveURL(`${l.prefix}/property/${listing.id}/`);

      await searchFor(page, `${l.prefix}/search/`, l.privacyWord);
      const privacy = results(page).filter({ has: page.locator(`a[href="${l.prefix}/privacy/"]`) });
      await expect(privacy).toHaveCount(1);
      await expect(privacy.locator('h2')).toHaveText(l.privacyTitle);

      // "quartier" is in nearly every demo description (written in French whatever the page's language; a
      // borehole is now an amenity, labelled "Borehole" in English, so "forage" no longer pages through in
      // every language): ten results, then ten more.
      await searchFor(page, `${l.prefix}/search/?q=quartier`, 'quartier');
      const total = Number((await status(page).innerText()).match(/\d+/)?.[0]);
      expect(total).toBeGreaterThan(10);
      await expect(results(page)).toHaveCount(10);
      await page.getByRole('button', { name: l.more }).click();
      await expect(results(page)).toHaveCount(Math.min(total, 20));
      await expect(results(page).nth(10).locator('h2 a')).toBeFocused();
      await expect(status(page)).toHaveText(l.count);

      // The query and filters come back from the URL.
      await page.goto(`${l.prefix}/search/?q=quartier`);
      await expect(page.getByRole('searchbox')).toHaveValue('quartier');
      await expect(results(page)).toHaveCount(10);
    });
  }

  test('filters come from Pagefind and narrow the results', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await searchFor(page, '/search/', 'forage');
    const total = Number((await status(page).innerText()).match(/\d+/)?.[0]);
    await page.getByText('Filtres', { exact: true }).click();
    await expect(page.getByLabel('Type').locator('option')).toHaveCount(3);
    await page.getByLabel('Type').selectOption('À louer');
    await expect(page).toHaveURL(/\?q=forage&type=%C3%80\+louer$/);
    await expect(status(page)).not.toHaveText(new RegExp(`^${total} résultats trouvés`));
    const rent = Number((await status(page).innerText()).match(/\d+/)?.[0]);
    expect(rent).toBeLessThan(total);
    for (const price of await results(page).locator('.price').allInnerTexts())
      expect(price).toContain('/mois');
    // A link with filters opens them, chosen.
    await page.reload();
    await expect(page.getByLabel('Type')).toHaveValue('À louer');
    await expect(status(page)).toHaveText(new RegExp(`^${rent} résultats trouvés`));
  });

  test('a sold or withdrawn listing’s page is published but not found by its description', async ({
    page,
    request,
  }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    const offered = await publishedCatalogue(request);
    const { word, listing } = await wordOnlyInOneListing(
      request,
      (l) => !isOnTheMarket(l.status) && !offered.has(l.id),
    );
    // Its page is live and holds the word: only the index leaves it out.
    await page.goto(`/property/${listing.id}/`);
    await expect(page.locator('main')).toContainText(word);
    await expect(page.locator('main')).not.toHaveAttribute('data-pagefind-body');

    await page.goto(`/search/?q=${encodeURIComponent(word)}`);
    await expect(status(page)).toHaveText(/^\d+ résultats? trouvés?$/);
    await expect(listingResults(page)).toHaveCount(0);
  });

  test('an empty result says so, in the catalogue’s words', async ({ page }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    await page.goto('/search/?q=zzzqqqxxx');
    await expect(page.locator('[data-search-state]')).toContainText('Aucun résultat trouvé');
    await expect(status(page)).toHaveText('0 résultat trouvé');
  });

  test('the search page works with the API unreachable', async ({ page, request }) => {
    onlyOn('phone', SAME_AT_EVERY_WIDTH);
    const { word, listing } = await wordOnlyInOneDescription(request);
    const api: string[] = [];
    await page.route('**/api/**', (route) => {
      api.push(route.request().url());
      return route.abort();
    });
    await searchFor(page, '/en/search/', word);
    await expect(listingResults(page).locator('h2')).toHaveText([listing.title]);
    expect(api.filter((url) => !url.includes('/api/analytics/'))).toEqual([]);
  });

  test('the header opens the search page; the page loads Pagefind only when searching', async ({ page }) => {
    const pagefind: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/pagefind/')) pagefind.push(r.url());
    });
    await page.goto('/ln/about/');
    await page.getByRole('link', { name: 'Luka na site' }).click();
    await expect(page).toHaveURL('/ln/search/');
    await expect(page.locator('[data-search-state]')).toContainText('Koma liloba');
    expect(pagefind).toEqual([]);
    await page.getByRole('searchbox').fill('forage');
    await expect(results(page).first()).toBeVisible();
    expect(pagefind.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
  });
});

test.describe('the catalogue links to the content search', () => {
  onlyOn('phone', SAME_AT_EVERY_WIDTH);

  for (const l of LANGS) {
    test(`${l.lang}: few or no listings for the words offer the descriptions`, async ({ page, request }) => {
      const { word, listing } = await wordOnlyInOneDescription(request);
      await page.goto(`${l.prefix}/properties/?q=${encodeURIComponent(word)}`);
      await ready(page);
      const link = page.getByRole('link', { name: l.across.replace('{q}', word) });
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(`${l.prefix}/search/?q=${encodeURIComponent(word)}`);
      await expect(listingResults(page).locator('h2')).toHaveText([listing.title]);
    });
  }

  test('many listings found: no link', async ({ page }) => {
    await page.goto('/properties/?q=chambres');
    await ready(page);
    await expect(page.locator('.catalogue .count')).toHaveText(/^\d+ propriétés trouvées$/);
    await expect(page.locator('.search-across')).toHaveCount(0);
  });
});
