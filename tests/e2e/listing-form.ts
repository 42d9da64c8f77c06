import type { Locator, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import type { Property } from '../../src/contract/index.ts';
import { expect, type Session } from './fixtures.ts';

// The admin's add-a-listing form on a phone, as field.spec.ts and field-video.spec.ts drive it.

/**
 * Deletes the listings whose title matches `saved`: the phone's server never publishes, so what these specs
 * save is not on the built site, and the specs after them must find the demo's built listings first.
 */
export async function deleteSaved(
  saved: RegExp,
  { admin, playwright }: { admin: Session; playwright: PlaywrightWorkerArgs['playwright'] },
  testInfo: TestInfo,
) {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const res = await request.get('/api/properties?limit=100', { headers: admin.headers });
  const { data } = (await res.json()) as { data: Property[] };
  for (const listing of data.filter((p) => saved.test(p.title)))
    expect((await request.delete(`/api/properties/${listing.id}`, { headers: admin.headers })).ok()).toBe(
      true,
    );
  await request.dispose();
}

/** The admin's listings page, logged in (the token stored as the login form stores it). */
export async function openListings(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
  await page.goto('/admin/properties');
}

/** A new listing's step 1 filled with what Next needs; the dialog. */
export async function startListing(page: Page, title: string): Promise<Locator> {
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

export const filesInput = (dialog: Locator) => dialog.locator('input[type=file][multiple]');
/** A photo made light and sent: seconds on a loaded machine. */
export const SENT = { timeout: 30_000 };
