import type { Locator, Page } from '@playwright/test';
import type { Property, UploadResponse } from '../../src/contract/index.ts';
import { phonePhotos } from '../../scripts/lib/phone-photo.ts';
import { phoneVideo as video } from '../../scripts/lib/phone-video.ts';
import { expect, test } from './fixtures.ts';

// An agent adds a listing from a phone, at 360 × 640, on a slow and unreliable connection.
test.skip(({ viewport }) => (viewport?.width ?? 0) > 400, 'the phone project only');

const UPLOAD = '**/api/media/upload';

// The listings these tests save are not on the built site (the phone's server never publishes): they are
// deleted afterwards, so that the specs after this one find the demo's built listings first.
const SAVED = /^(Photo légère|Connexion coupée|Brouillon|Au pouce|Vidéo coupée|Vidéo rechargée) \d+$/;
test.afterAll(async ({ admin, playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const res = await request.get('/api/properties?limit=100', { headers: admin.headers });
  const { data } = (await res.json()) as { data: Property[] };
  for (const listing of data.filter((p) => SAVED.test(p.title)))
    expect((await request.delete(`/api/properties/${listing.id}`, { headers: admin.headers })).ok()).toBe(
      true,
    );
  await request.dispose();
});

/** The admin's listings page, logged in (the token stored as the login form stores it). */
async function openListings(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
  await page.goto('/admin/properties');
}

/** A new listing's step 1 filled with what Next needs; the dialog. */
async function startListing(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: '+ Ajouter une propriété' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Titre(?! en)/).fill(title);
  await dialog.getByLabel('Prix').fill('95 000');
  await dialog.getByLabel('Surface (m²)').fill('180');
  await dialog.getByLabel('Adresse').fill('Avenue du Commerce 4');
  await dialog.getByLabel('Commune').selectOption('Gombe');
  await dialog.getByLabel(/^Description(?! en)/).fill('Maison photographiée sur place par l’agent.');
  return dialog;
}

const filesInput = (dialog: Locator) => dialog.locator('input[type=file][multiple]');
/** A photo made light and sent: seconds on a loaded machine. */
const SENT = { timeout: 30_000 };

test('a 12 MP phone photo leaves the phone upright and under 1 MB', async ({ page, admin }) => {
  test.setTimeout(120_000);
  const [photo] = await phonePhotos(1);
  expect(photo!.buffer.length).toBeGreaterThan(4_000_000);
  await openListings(page, admin.token);
  const dialog = await startListing(page, `Photo légère ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  const worker = page.waitForEvent('worker');
  const response = page.waitForResponse(UPLOAD, SENT);
  await filesInput(dialog).setInputFiles(photo!);
  // Made light off the page's thread.
  expect((await worker).url()).toMatch(/\/_astro\/shrink-worker[\w.-]*\.js$/);
  const answered = await response;
  // The multipart body as it went on the wire: the picture, its field headers and the boundaries.
  const sent = Number((await answered.request().allHeaders())['content-length']);
  expect(sent).toBeLessThanOrEqual(1_048_576);
  expect(sent).toBeGreaterThan(50_000);
  const item = (await answered.json()) as UploadResponse;
  // Stored 4,000 × 3,000 with orientation 6: upright, it is a portrait picture.
  expect(item.height!).toBeGreaterThan(item.width!);
  await expect(dialog.getByText('Couverture')).toBeVisible(SENT);
});

test('an upload cut by the network starts again on its own; a refused one is retried with one tap', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  await openListings(page, admin.token);
  const dialog = await startListing(page, `Connexion coupée ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  const [photo] = await phonePhotos(1);

  // The connection drops while the photo is sent: the form says so and tries again by itself.
  let cuts = 0;
  await page.route(UPLOAD, (route) => (cuts++ < 2 ? route.abort('internetdisconnected') : route.continue()));
  await filesInput(dialog).setInputFiles(photo!);
  await expect(dialog.getByText(/Connexion perdue : nouvel essai dans \d+ s/)).toBeVisible(SENT);
  await expect(dialog.getByText('Couverture')).toBeVisible(SENT);
  expect(cuts).toBe(3);

  // The phone goes offline: the upload waits, and goes as soon as it is back online.
  await page.unroute(UPLOAD);
  await page.context().setOffline(true);
  await filesInput(dialog).setInputFiles({ ...photo!, name: 'IMG_0002.jpg' });
  await expect(dialog.getByText(/Connexion perdue/)).toBeVisible(SENT);
  await dialog.locator('.adm-media-list li').nth(1).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('offline.png') });
  await page.context().setOffline(false);
  await expect(dialog.locator('.adm-media-list li')).toHaveCount(2);
  await expect(dialog.locator('.adm-media-list li[aria-busy=true]')).toHaveCount(0, SENT);

  // A refusal is not retried on its own: the file stays, marked, with its retry button.
  await page.route(UPLOAD, (route) =>
    route.fulfill({ status: 507, json: { message: 'Espace disque insuffisant sur le serveur' } }),
  );
  await filesInput(dialog).setInputFiles({ ...photo!, name: 'IMG_0003.jpg' });
  await expect(dialog.getByRole('alert').filter({ hasText: 'Espace disque insuffisant' })).toBeVisible();
  // Nothing half-uploaded is saved with the listing.
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Réessayez ou retirez les fichiers dont l’envoi a échoué.')).toBeVisible();
  await page.unroute(UPLOAD);
  await dialog.getByRole('button', { name: 'Réessayer IMG_0003.jpg' }).click();
  await expect(dialog.locator('.adm-media-list li[data-failed]')).toHaveCount(0);
  await expect(dialog.locator('.adm-media-list li[aria-busy=true]')).toHaveCount(0, SENT);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/properties') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  expect(((await (await saved).json()) as Property).media).toHaveLength(3);
});

test('the listing being written comes back after a reload, until it is saved', async ({ page, admin }) => {
  test.setTimeout(120_000);
  const title = `Brouillon ${Date.now()}`;
  await openListings(page, admin.token);
  const dialog = await startListing(page, title);
  await dialog.getByRole('button', { name: 'Suivant' }).click();
  const [photo] = await phonePhotos(1);
  await filesInput(dialog).setInputFiles(photo!);
  await expect(dialog.getByText('Couverture')).toBeVisible(SENT);

  await page.reload();
  const banner = page.getByRole('region', { name: 'Brouillons' });
  await expect(banner).toContainText(title);
  await banner.getByRole('button', { name: 'Reprendre le brouillon' }).click();
  const resumed = page.getByRole('dialog');
  await expect(resumed.getByText(/Brouillon du .* repris/)).toBeVisible();
  await expect(resumed.getByText('Couverture')).toBeVisible();
  await resumed.getByRole('button', { name: 'Retour' }).click();
  await expect(resumed.getByLabel(/^Titre(?! en)/)).toHaveValue(title);
  await expect(resumed.getByLabel('Commune')).toHaveValue('Gombe');
  await resumed.getByRole('button', { name: 'Suivant' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/properties') && r.request().method() === 'POST',
  );
  await resumed.getByRole('button', { name: 'Enregistrer' }).click();
  expect(((await (await saved).json()) as Property).media).toHaveLength(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Propriétés' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Brouillons' })).toHaveCount(0);
});

test('"Utiliser ma position" fills the coordinates, the map and the commune', async ({ page, admin }) => {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: -4.3035, longitude: 15.3045 });
  await openListings(page, admin.token);
  await page.getByRole('button', { name: '+ Ajouter une propriété' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Utiliser ma position' }).click();
  await expect(dialog.getByLabel('Latitude (carte)')).toHaveValue('-4.3035');
  await expect(dialog.getByLabel('Longitude (carte)')).toHaveValue('15.3045');
  await expect(dialog.getByLabel('Commune')).toHaveValue('Gombe');
  const map = dialog.getByRole('region', { name: 'Carte : emplacement de la propriété' });
  await expect(map).toHaveAttribute('data-lat', '-4.3035');
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
  // All stays editable: another commune typed in keeps the choice, the suggestion stays on offer.
  await dialog.getByLabel('Commune').selectOption('Lingwala');
  await expect(dialog.getByRole('button', { name: 'Choisir Gombe' })).toBeVisible();
  await dialog.getByLabel('Latitude (carte)').fill('-4.3217');
  await dialog.getByLabel('Longitude (carte)').fill('15.2972');
  await expect(map).toHaveAttribute('data-lat', '-4.3217');
  await expect(dialog.getByRole('button', { name: /^Choisir/ })).toHaveCount(0);
  await map.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('position.png') });
});

test('the whole form fits a 360 px phone: no side-scroll, 44 px targets, the camera offered', async ({
  page,
  admin,
}) => {
  await openListings(page, admin.token);
  const dialog = await startListing(page, `Au pouce ${Date.now()}`);
  const fits = async () => {
    const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    expect(scroll).toBeLessThanOrEqual(width);
    const small = await dialog
      .locator('button, select, input:not([type=checkbox]):not([type=file]), textarea, label.adm-dropzone')
      .evaluateAll((all) =>
        all
          .filter((e) => (e as HTMLElement).offsetParent !== null)
          .map(
            (e) =>
              [
                e.textContent?.trim() || e.getAttribute('aria-label') || e.id,
                e.getBoundingClientRect(),
              ] as const,
          )
          .filter(([, box]) => box.height < 44 || box.width < 44)
          .map(([name, box]) => `${name}: ${Math.round(box.width)} × ${Math.round(box.height)}`),
      );
    expect(small).toEqual([]);
  };
  await fits();
  await page.screenshot({ path: test.info().outputPath('details.png') });

  // The keyboard takes half the screen: the field being typed stays in view.
  const description = dialog.getByLabel(/^Description(?! en)/);
  await description.focus();
  await page.setViewportSize({ width: 360, height: 320 });
  await expect(description).toBeInViewport();
  await page.setViewportSize({ width: 360, height: 640 });

  await dialog.getByRole('button', { name: 'Suivant' }).click();
  await expect(dialog.locator('input[type=file][capture=environment]')).toHaveAttribute('accept', 'image/*');
  await fits();
  await page.screenshot({ path: test.info().outputPath('media.png') });
});

/** A 5 MiB video: five of the admin's 1 MiB chunks. */
const CHUNK = 1_048_576;
const phoneVideo = () => video(5 * CHUNK);
const CHUNKS = '**/api/media/uploads/*';
const FINISHED = (r: { url: () => string; request: () => { method: () => string } }) =>
  r.url().endsWith('/finish') && r.request().method() === 'POST';
/** The screenshots of the resumable uploads, at 360 × 640 (decision 0047), the video's item in view. */
async function shot(page: Page, name: string) {
  await page.getByRole('dialog').locator('.adm-media-list li').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(name) });
}

test('a video cut mid-way goes on from the offset the server has, and ends attached', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  await openListings(page, admin.token);
  const dialog = await startListing(page, `Vidéo coupée ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Suivant' }).click();

  // Each chunk's offset as sent; the third is cut by the network before it reaches the server.
  const offsets: number[] = [];
  await page.route(CHUNKS, async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') return route.continue();
    offsets.push(Number(await request.headerValue('upload-offset')));
    if (offsets.length === 2) await new Promise((resolve) => setTimeout(resolve, 1500));
    return offsets.length === 3 ? route.abort('internetdisconnected') : route.continue();
  });
  const finished = page.waitForResponse(FINISHED, SENT);
  await filesInput(dialog).setInputFiles(phoneVideo());
  await expect(dialog.getByText(/Envoi… [1-9]\d* %/)).toBeVisible(SENT);
  await shot(page, 'video-uploading.png');

  const answer = await finished;
  expect(answer.status()).toBe(201);
  const item = (await answer.json()) as UploadResponse;
  expect(item).toMatchObject({ type: 'video', url: expect.stringMatching(/\/media\/[a-f0-9]{32}\.mp4$/) });
  // After the cut, the upload asked the server where it stood and went on from there, not from zero:
  // one chunk sent again, not the whole file.
  expect(offsets.slice(0, 4)).toEqual([0, CHUNK, 2 * CHUNK, 2 * CHUNK]);
  expect(offsets.at(-1)).toBe(4 * CHUNK);
  await expect(dialog.getByText('Couverture')).toBeVisible(SENT);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/properties') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  expect(((await (await saved).json()) as Property).media).toEqual([
    expect.objectContaining({ id: item.id }),
  ]);
});

test('a video interrupted by a reload is kept in the draft, and goes on from there once picked again', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const title = `Vidéo rechargée ${Date.now()}`;
  await openListings(page, admin.token);
  const dialog = await startListing(page, title);
  await dialog.getByRole('button', { name: 'Suivant' }).click();

  // Two chunks reach the server, then the network fails for good: the page is reloaded meanwhile.
  let patches = 0;
  await page.route(CHUNKS, (route) =>
    route.request().method() === 'PATCH' && ++patches > 2
      ? route.abort('internetdisconnected')
      : route.continue(),
  );
  await filesInput(dialog).setInputFiles(phoneVideo());
  await expect(dialog.getByText(/Connexion perdue : nouvel essai dans \d+ s/)).toBeVisible(SENT);
  await shot(page, 'video-waiting.png');
  await page.unroute(CHUNKS);
  await page.reload();

  const banner = page.getByRole('region', { name: 'Brouillons' });
  await banner.getByRole('button', { name: 'Reprendre le brouillon' }).click();
  const resumed = page.getByRole('dialog');
  await expect(resumed.getByText('Envoi interrompu à 40 %', { exact: false })).toBeVisible();
  await shot(page, 'video-interrupted.png');
  // Not attached while it is unfinished.
  await resumed.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Réessayez ou retirez les fichiers dont l’envoi a échoué.')).toBeVisible();

  // Another file is refused; the same one goes on from the 2 MiB the server has.
  await resumed
    .getByLabel('Reprendre visite.mp4')
    .setInputFiles({ ...phoneVideo(), buffer: Buffer.alloc(10) });
  await expect(page.getByText(/Ce n’est pas le même fichier/)).toBeVisible();
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/media/uploads/'))
      offsets.push(Number(request.headers()['upload-offset']));
  });
  const finished = page.waitForResponse(FINISHED, SENT);
  await resumed.getByLabel('Reprendre visite.mp4').setInputFiles(phoneVideo());
  expect((await finished).status()).toBe(201);
  expect(offsets).toEqual([2 * CHUNK, 3 * CHUNK, 4 * CHUNK]);
  await expect(resumed.getByText('Couverture')).toBeVisible(SENT);
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/properties') && r.request().method() === 'POST',
  );
  await resumed.getByRole('button', { name: 'Enregistrer' }).click();
  const listing = (await (await saved).json()) as Property;
  expect(listing.title).toBe(title);
  expect(listing.media.map((m) => m.type)).toEqual(['video']);
});
