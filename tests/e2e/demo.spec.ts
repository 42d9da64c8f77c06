import { expect, onlyOn, test } from './fixtures.ts';

// Going live: the admin offers to remove the demo data. The deletion itself is tested by the API suite
// (tests/api/demo.test.ts); here the flow stops at the confirmation and is cancelled, because the other
// specs share this server's demo.

onlyOn('desktop', 'a staff flow, the same at every width (the admin’s phone layout: admin-phone.spec.ts)');

const LABEL = 'Supprimer les données de démonstration';

test('an admin sees the demo banner, and the deletion asks for confirmation first', async ({
  page,
  admin,
}) => {
  const remaining = async () =>
    (
      (await (await page.request.get('/api/demo', { headers: admin.headers })).json()) as {
        remaining: { properties: number };
      }
    ).remaining.properties;
  expect(await remaining()).toBeGreaterThan(0);

  await page.addInitScript((value) => localStorage.setItem('adminToken', value), admin.token);
  await page.goto('/admin');
  const banner = page.getByRole('region', { name: 'Données de démonstration' });
  await expect(banner).toContainText('Le site contient encore des données de démonstration');
  await banner.getByRole('button', { name: LABEL }).click();

  const dialog = page.getByRole('dialog', { name: LABEL });
  await expect(dialog).toContainText(
    'Les comptes, les réglages et tout ce que votre équipe a créé ou modifié',
  );
  await expect(dialog.getByRole('button', { name: LABEL })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toBeVisible();
  expect(await remaining()).toBeGreaterThan(0);
});
