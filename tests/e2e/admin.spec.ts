import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { Property, TeamMember } from '../../src/contract/index.ts';
import { ADMIN, expect, logIn, onlyOn, test } from './fixtures.ts';
import { createHostileRecords, publishWith } from './publish.ts';

/** Opens an admin page already logged in (the token stored as the login form stores it). */
async function openAdmin(page: Page, path: string, token: string) {
  await page.addInitScript((value) => localStorage.setItem('adminToken', value), token);
  await page.goto(path);
}

/** A small rental made through the API, with `over` (its title at least). */
async function createStudio(
  request: APIRequestContext,
  headers: Record<string, string>,
  over: { title: string; managerId?: number },
): Promise<Property> {
  const res = await request.post('/api/properties', {
    headers,
    data: {
      description: 'Studio',
      price: 300,
      type: 'rent',
      area: 25,
      address: 'Av. Kato 3',
      state: 'Lingwala',
      ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Property;
}

const photo = async () => ({
  name: 'facade.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a7d5a' } })
    .jpeg()
    .toBuffer(),
});

test.describe('admin access', () => {
  test('every admin route but login sends a visitor without a token to the login page', async ({ page }) => {
    onlyOn('desktop', 'the routing does not depend on the viewport');
    for (const path of ['/admin', '/admin/properties', '/admin/views', '/admin/team', '/admin/messages']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
    }
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  });

  test('login shows the error, then stores the token and opens the dashboard', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Mot de passe/).fill('wrong password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect');

    const password = page.getByLabel(/^Mot de passe/);
    await password.fill(ADMIN.password);
    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toMatch(/^[\w-]{20,}$/);

    // The badge counts what is really waiting.
    const stats = (await (
      await page.request.get('/api/dashboard/stats', {
        headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('adminToken'))}` },
      })
    ).json()) as { messages: { unread: number }; visitRequests: { pending: number } };
    const waiting = stats.messages.unread + stats.visitRequests.pending;
    if (waiting > 0) await expect(page.getByTestId('notification-count')).toHaveText(String(waiting));

    if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  test('a 401 in mid-session removes the token and returns to the login page', async ({ page, request }) => {
    onlyOn('desktop', 'the session’s end does not depend on the viewport');
    const { token } = await logIn(request);
    await openAdmin(page, '/admin/properties', token);
    await expect(page.getByRole('heading', { name: 'Propriétés' })).toBeVisible();
    // The session ends elsewhere (logout on another device revokes the token).
    await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    // Whichever request meets the 401 first ends the session: this click, or one of the app's own (a refresh
    // of its counts) that may come before it, in which case there is no list left to click.
    await page
      .locator('.adm-quick button:not([disabled])')
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  test('an agent may not manage the team: the API refuses it and the page offers nothing', async ({
    page,
    request,
    admin,
  }) => {
    onlyOn('desktop', 'the API’s refusal and the page’s texts do not depend on the viewport');
    const email = `agent-${test.info().project.name}-${Date.now()}@ndako.cd`;
    const created = await request.post('/api/accounts', {
      headers: admin.headers,
      data: { email, name: 'Agent Test', password: 'agent password 12', role: 'agent' },
    });
    expect(created.status()).toBe(201);
    const { token: agent } = await logIn(request, { email, password: 'agent password 12' });
    const refused = await request.post('/api/team', {
      headers: { authorization: `Bearer ${agent}` },
      data: { name: 'Intrus', role: 'Assistant', phone: '+243 81 000 0000', email: 'intrus@ndako.cd' },
    });
    expect(refused.status()).toBe(403);
    await openAdmin(page, '/admin/team', agent);
    await expect(page.getByText('Seuls les administrateurs peuvent modifier l’équipe.')).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Ajouter un membre' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Comptes et journal' })).toHaveCount(0);
  });
});

test.describe('managing the agency', () => {
  // Staff work at the office: the same dialogs, cards and API effects at both widths. The admin's phone
  // layout is admin-phone.spec.ts's, its listing form on a phone the field specs' (decision 0038).
  onlyOn('desktop', 'staff flows do not depend on the viewport');

  test('a listing added in two steps with a photo, published, is live on the public site', async ({
    page,
    request,
    admin,
  }) => {
    test.setTimeout(240_000);
    const title = `Villa témoin ${test.info().project.name} ${Date.now()}`;
    await openAdmin(page, '/admin/properties', admin.token);
    await page.getByRole('button', { name: '+ Ajouter une propriété' }).click();
    const dialog = page.getByRole('dialog');
    const next = dialog.getByRole('button', { name: 'Suivant' });
    await expect(next).toBeDisabled();
    await dialog.getByLabel(/^Titre(?! en)/).fill(title);
    await dialog.getByLabel('Prix').fill('185 000');
    await dialog.getByLabel('Surface (m²)').fill('420');
    await dialog.getByLabel('Adresse').fill('Avenue des Cliniques 12');
    await dialog.getByLabel('Commune').selectOption('Ngaliema');
    await expect(next).toBeDisabled();
    await dialog.getByLabel(/^Description(?! en)/).fill('Villa avec jardin, piscine et groupe électrogène.');
    await dialog.getByLabel('Caractéristiques').fill('Piscine, , Jardin ');
    await expect(dialog.getByLabel('Devise')).toHaveValue('USD');
    await expect(dialog.getByLabel('Type')).toHaveValue('sale');
    await expect(dialog.getByLabel('Catégorie')).toHaveValue('apartment');
    await dialog.getByLabel('Catégorie').selectOption('villa');
    await next.click();

    await dialog.locator('input[type=file][multiple]').setInputFiles(await photo());
    await expect(dialog.getByText('Couverture')).toBeVisible();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/properties') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const property = (await (await saved).json()) as Property;
    expect(property.features).toEqual(['Piscine', 'Jardin']);
    expect(property.media[0]?.type).toBe('image');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The hostile suite's records go out with this publish (publish.ts).
    await createHostileRecords(request, admin.headers);
    // Publish, wait for the build to be switched in, then read the public page.
    await publishWith(request, admin.headers, async () => {
      await page.getByRole('button', { name: 'Publier' }).click();
      await expect(page.getByRole('button', { name: 'Publication…' })).toBeVisible();
    });
    const live = await request.get(`/property/${property.id}`);
    expect(live.status()).toBe(200);
    await page.goto(`/property/${property.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('185,000 USD').first()).toBeVisible();
  });

  test('quick status change and delete with confirmation', async ({ page, request, admin }) => {
    const title = `Studio statut ${test.info().project.name} ${Date.now()}`;
    const created = await createStudio(request, admin.headers, { title });
    await openAdmin(page, '/admin/properties', admin.token);
    await page.getByRole('searchbox').fill(title);
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await card.getByRole('group').getByRole('button', { name: 'Vendu' }).click();
    await expect(card.getByRole('group').getByRole('button', { name: 'Vendu' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const after = (await (await request.get(`/api/properties/${created.id}`)).json()) as Property;
    expect(after.status).toBe('sold');

    await card.getByRole('button', { name: `Supprimer ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Aucune propriété trouvée')).toBeVisible();
    expect((await request.get(`/api/properties/${created.id}`)).status()).toBe(404);
  });

  test('team: add with a photo, deactivate, delete', async ({ page, admin }) => {
    const name = `Bienvenu Test ${test.info().project.name} ${Date.now()}`;
    await openAdmin(page, '/admin/team', admin.token);
    await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText(/obligatoire|invalide/i).first()).toBeVisible();
    await dialog.getByLabel('Nom').fill(name);
    await dialog.getByLabel('Rôle').selectOption('Agent Junior');
    await dialog.getByLabel('Téléphone').fill('+243 81 555 0101');
    await dialog.getByLabel('Email').fill(`bienvenu.${Date.now()}@ndako.cd`);
    await dialog.locator('input[type=file]').setInputFiles(await photo());
    await expect(dialog.getByRole('button', { name: 'Retirer la photo' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Membre de l’équipe enregistré avec succès')).toBeVisible();

    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card.getByText('Actif', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Désactiver' }).click();
    await expect(card.getByText('Inactif', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: `Supprimer ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  });

  // Deactivating an agent who manages listings offers to hand them to another active member.
  test('team: deactivating an agent with listings hands them over in a dialog', async ({
    page,
    request,
    admin,
  }) => {
    const stamp = `${test.info().project.name} ${Date.now()}`;
    const member = async (name: string) => {
      const res = await request.post('/api/team', {
        headers: admin.headers,
        data: {
          name,
          role: 'Agent Senior',
          phone: '+243 81 555 0102',
          email: `m${Math.random().toString(36).slice(2)}@ndako.cd`,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as TeamMember;
    };
    const leaving = await member(`Partant ${stamp}`);
    const heir = await member(`Repreneur ${stamp}`);
    const listing = await createStudio(request, admin.headers, {
      title: `Studio de ${stamp}`,
      managerId: leaving.id,
    });

    await openAdmin(page, '/admin/team', admin.token);
    await page.getByRole('searchbox').fill(stamp);
    const card = page.getByRole('listitem').filter({ hasText: leaving.name });
    await card.getByRole('button', { name: 'Désactiver' }).click();
    const dialog = page.getByRole('dialog', { name: `Désactiver ${leaving.name}` });
    await expect(dialog.getByText(/suit 1 propriété/)).toBeVisible();
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(card.getByText('Actif', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Désactiver' }).click();
    await dialog.getByLabel('Confier ses annonces à').selectOption({ label: `${heir.name} (Agent Senior)` });
    await dialog.getByRole('button', { name: 'Confier et désactiver' }).click();
    await expect(card.getByText('Inactif', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: heir.name })).toContainText(
      '1 propriété(s) suivie(s)',
    );
    const after = (await (await request.get(`/api/properties/${listing.id}`)).json()) as Property;
    expect(after).toMatchObject({ managerId: heir.id, agent: { id: heir.id } });
  });

  test('message status flow: read, replied with its date, closed', async ({ page, request, admin }) => {
    const subject = `Question ${test.info().project.name} ${Date.now()}`;
    const sent = await request.post('/api/messages', {
      data: {
        senderName: 'Nadine Mbuyi',
        senderEmail: 'nadine@example.cd',
        subject,
        content: 'Le studio est-il libre ?',
      },
    });
    expect(sent.status()).toBe(201);
    await openAdmin(page, '/admin/messages', admin.token);
    await page.getByRole('searchbox').fill(subject);
    const card = page.getByRole('listitem').filter({ hasText: subject });
    await expect(card.getByText('Nouveau')).toBeVisible();
    await card.getByRole('button', { name: 'Marquer comme lu' }).click();
    await expect(card.getByText('Lu', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Marquer comme lu' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Marquer comme répondu' }).click();
    await expect(card.getByText(/^Répondu le /)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Marquer comme répondu' })).toHaveCount(0);
    await card.getByRole('button', { name: 'Fermer' }).click();
    await expect(card.getByText('Fermé', { exact: true })).toBeVisible();
    // The listing reports' filter leaves out a message that is not one, and gives it back once unchecked.
    const reportsOnly = page.getByRole('checkbox', { name: 'Signalements d’annonces seulement' });
    await reportsOnly.check();
    // The list as loaded again, not the moment it is loading: none of the messages searched is a report.
    await expect(page.getByText('Aucun message', { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await reportsOnly.uncheck();
    await expect(card.getByText('Fermé', { exact: true })).toBeVisible();
  });
});
