import type { APIRequestContext } from '@playwright/test';
import { expect, logIn, onlyOn, test } from './fixtures.ts';

// Passwords in the admin: an admin's reset, the forced change after it, "Changer mon mot de
// passe", and the erasure of a visit request. The e2e admin's own password (ADMIN_PASSWORD) is the
// operator's choice and is not touched: other specs log in with it.

const token = async (request: APIRequestContext, who: { email: string; password: string }) =>
  (await logIn(request, who)).token;

/** A fresh agent account, created by the admin through the API. */
async function newAgent(request: APIRequestContext, adminToken: string) {
  const agent = {
    name: `Agent ${Math.random().toString(36).slice(2, 8)}`,
    email: `agent.${Math.random().toString(36).slice(2)}@ndako.test`,
    password: 'first password 1',
  };
  const res = await request.post('/api/accounts', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...agent, role: 'agent' },
  });
  expect(res.status()).toBe(201);
  return agent;
}

test('an admin resets an agent; the agent must choose a password at the next login', async ({
  page,
  browser,
  admin,
}) => {
  onlyOn('desktop', 'the reset and the forced change do not depend on the viewport');
  const agent = await newAgent(page.request, admin.token);
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), admin.token);
  await page.goto('/admin/staff');
  await page.getByRole('button', { name: `Réinitialiser le mot de passe de ${agent.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Réinitialiser le mot de passe' });
  await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
  const shown = dialog.getByTestId('temporary-password');
  await expect(shown).toHaveText(/^\S{16}$/);
  const temporary = (await shown.textContent())!;
  await dialog.getByRole('button', { name: 'J’ai noté le mot de passe' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: agent.email })).toContainText(
    'mot de passe provisoire',
  );

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/admin/login');
  await other.getByLabel('Email').fill(agent.email);
  await other.getByLabel(/^Mot de passe/).fill(temporary);
  await other.getByRole('button', { name: 'Se connecter' }).click();
  await expect(other.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
  // Nothing else opens meanwhile, whatever the address.
  await other.goto('/admin/properties');
  await expect(other.getByRole('heading', { name: 'Choisissez votre mot de passe' })).toBeVisible();
  await other.getByLabel('Mot de passe provisoire').fill(temporary);
  await other.getByLabel(/^Nouveau mot de passe/).fill('my own password 1');
  await other.getByLabel('Confirmer le nouveau mot de passe').fill('my own password 1');
  await other.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(other.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
  await context.close();
  expect(await token(page.request, { email: agent.email, password: 'my own password 1' })).toBeTruthy();
});

test('"Changer mon mot de passe" from the layout checks the current password', async ({ page, admin }) => {
  const agent = await newAgent(page.request, admin.token);
  await page.addInitScript(
    (value) => localStorage.setItem('adminToken', value),
    await token(page.request, agent),
  );
  await page.goto('/admin');
  // On phones the layout's links are in the drawer.
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Changer mon mot de passe' }).click();
  await expect(page).toHaveURL(/\/admin\/password$/);
  const form = page.locator('main form');
  await form.getByLabel('Mot de passe actuel').fill('not my password');
  await form.getByLabel(/^Nouveau mot de passe/).fill('second password 2');
  await form.getByLabel('Confirmer le nouveau mot de passe').fill('second password 2');
  await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(form.getByRole('alert')).toHaveText('Mot de passe actuel incorrect');
  await form.getByLabel('Mot de passe actuel').fill(agent.password);
  await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mot de passe changé')).toBeVisible();
  expect(await token(page.request, { email: agent.email, password: 'second password 2' })).toBeTruthy();
});

test('a visit request links to a WhatsApp chat and is deleted after confirmation', async ({
  page,
  admin,
}) => {
  onlyOn('desktop', 'the link and the deletion do not depend on the viewport');
  const name = `Visiteur ${Math.random().toString(36).slice(2, 8)}`;
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const sent = await page.request.post('/api/mail/send-visit', {
    // Typed the national way, as most visitors do: wa.me wants it international.
    data: { name, visitDate: day, telephone: '081 555 44 33' },
  });
  expect(sent.status()).toBe(201);
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), admin.token);
  await page.goto('/admin/messages');
  await page.getByRole('tab', { name: 'Demandes de visite' }).click();
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByRole('link', { name: 'WhatsApp 081 555 44 33' })).toHaveAttribute(
    'href',
    'https://wa.me/243815554433',
  );
  await page.getByRole('button', { name: `Supprimer la demande de ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer la demande de visite' });
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Demande de visite supprimée')).toBeVisible();
  await expect(page.getByRole('button', { name: `Supprimer la demande de ${name}` })).toHaveCount(0);
});
