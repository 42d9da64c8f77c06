import type { Page } from '@playwright/test';
import type { Property, UploadResponse } from '../../src/contract/index.ts';
import { phoneVideo as video } from '../../scripts/lib/phone-video.ts';
import { expect, onlyOn, test } from './fixtures.ts';
import { deleteSaved, filesInput, openListings, SENT, startListing } from './listing-form.ts';

// An agent adds a video to a listing from a phone, at 360 × 640, and the connection or the page does not
// last: the upload goes on from what the server has (tus, decision 0047).
onlyOn('phone', 'the phone project only');

// The listings these tests save are deleted afterwards (listing-form.ts says why).
test.afterAll(async ({ admin, playwright }, testInfo) =>
  deleteSaved(/^(Vidéo coupée|Vidéo rechargée) \d+$/, { admin, playwright }, testInfo),
);

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
