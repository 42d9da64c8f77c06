import { createTranslator } from '../../src/i18n/core.ts';
import { en } from '../../src/i18n/en.ts';
import { ALERT_PENDING_PER_EMAIL, ALERT_REFUSED } from '../../src/shared/alerts.ts';
import { decoded, startSmtp } from '../helpers/smtp.ts';
import { expect, onlyOn, ready, test } from './fixtures.ts';
import { thisServer } from './server.ts';

// "Me prévenir" (decision 0028) in the browser: filters, the lazily loaded form, the confirmation mail
// received by a local SMTP server (the project's e2e server mails to its own port, playwright.config.ts), the confirm
// page's button, and the status in the admin.

onlyOn('desktop', 'the alert, its mail and its confirmation do not depend on the viewport');

test.describe('alerts without an account', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  test.beforeAll(async () => {
    smtp = await startSmtp(thisServer().smtpPort);
  });
  test.afterAll(async () => smtp.close());

  test('saves the filters from the catalogue, and the confirm page confirms on the button only', async ({
    page,
    request,
    admin,
  }, info) => {
    const email = `alerte.${info.project.name}.${Date.now()}@example.cd`;
    await page.goto('/properties?type=rent&state=Gombe');
    await ready(page);
    await page.getByRole('button', { name: 'Me prévenir' }).click();
    const panel = page.locator('.watch-panel');
    await expect(panel.getByRole('heading', { name: 'Être prévenu des nouvelles annonces' })).toBeVisible();
    await expect(panel).toContainText('À louer · Gombe');
    // Checked before anything is sent.
    await panel.getByRole('button', { name: 'Me prévenir' }).click();
    await expect(panel.locator('.field-error')).toHaveText('Ce champ est obligatoire');
    await panel.getByLabel('Adresse e-mail').fill(email);
    await panel.getByRole('button', { name: 'Me prévenir' }).click();
    await expect(panel.getByRole('status')).toContainText('Vérifiez votre boîte e-mail');

    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(1);
    const mail = decoded(smtp.received.find((m) => m.to.includes(email))!.raw);
    const link = /https?:\/\/[^\s/]+(\/alerts\/confirm\/\?token=[\w-]{43})/.exec(mail)?.[1];
    expect(link, mail).toBeDefined();
    expect(mail).toMatch(/\/alerts\/unsubscribe\/\?token=[\w-]{43}/);

    const auth = admin.headers;
    const statusOf = async () => {
      const list = (await (await request.get('/api/alerts?limit=100', { headers: auth })).json()) as {
        data: { email: string; status: string; filters: { type: string; state: string } }[];
      };
      return list.data.find((a) => a.email === email);
    };
    expect(await statusOf()).toMatchObject({ status: 'pending', filters: { type: 'rent', state: 'Gombe' } });

    // Opening the page (what a mail scanner does) confirms nothing; the button does.
    await page.goto(link!);
    await ready(page);
    await expect(page.getByRole('heading', { name: 'Confirmer votre alerte' })).toBeVisible();
    expect((await statusOf())?.status).toBe('pending');
    await page.getByRole('button', { name: "Confirmer l'alerte" }).click();
    await expect(page.locator('[data-alert-result]')).toHaveText(/Alerte confirmée/);
    expect((await statusOf())?.status).toBe('confirmed');

    // The admin's screen shows it confirmed.
    await page.addInitScript(
      (value) => localStorage.setItem('adminToken', value),
      auth.authorization.slice(7),
    );
    await page.goto('/admin/alerts');
    const card = page.locator('.adm-item', { hasText: email });
    await expect(card).toContainText('Confirmée');
    await expect(card).toContainText('À louer · Gombe');
  });

  test('a confirm page without its token says so and offers no button', async ({ page }) => {
    await page.goto('/en/alerts/confirm/');
    await ready(page);
    await expect(page.locator('[data-alert-result]')).toHaveText(/This link is incomplete/);
    await expect(page.getByRole('button', { name: 'Confirm the alert' })).toBeDisabled();
  });

  test('a sign-up the API refuses says what to do, in the page’s language', async ({ page }) => {
    // The API's answers (tests/api/alerts.test.ts reaches each limit for real), given here as it sends them.
    const t = createTranslator(en);
    const answers = [
      {
        code: ALERT_REFUSED.pendingForAddress,
        says: t('alerts.form.pendingForAddress', { count: ALERT_PENDING_PER_EMAIL }),
      },
      { code: ALERT_REFUSED.pendingForDomain, says: t('alerts.form.pendingForDomain') },
      { code: undefined, says: t('form.tooMany') },
    ];
    let answer = answers[0]!;
    await page.route('**/api/alerts', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 429,
          error: 'Too Many Requests',
          message: '…',
          code: answer.code,
        }),
      }),
    );
    await page.goto('/en/properties');
    await ready(page);
    await page.getByRole('button', { name: 'Notify me' }).click();
    const panel = page.locator('.watch-panel');
    await panel.getByLabel('E-mail address').fill('someone@example.cd');
    for (answer of answers) {
      await panel.getByRole('button', { name: 'Notify me' }).click();
      await expect(panel.getByRole('alert')).toHaveText(answer.says);
    }
  });
});
