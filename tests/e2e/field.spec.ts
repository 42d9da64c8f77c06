import type { Property, UploadResponse } from '../../src/contract/index.ts';
import { phonePhotos } from '../../scripts/lib/phone-photo.ts';
import { expect, onlyOn, test } from './fixtures.ts';
import { deleteSaved, filesInput, openListings, SENT, startListing } from './listing-form.ts';

// An agent adds a listing from a phone, at 360 × 640, on a slow and unreliable connection.
onlyOn('phone', 'the phone project only');

const UPLOAD = '**/api/media/upload';

// The listings these tests save are deleted afterwards (listing-form.ts says why).
test.afterAll(async ({ admin, playwright }, testInfo) =>
  deleteSaved(/^(Photo légère|Connexion coupée|Brouillon|Au pouce) \d+$/, { admin, playwright }, testInfo),
);

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
