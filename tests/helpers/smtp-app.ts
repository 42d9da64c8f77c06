import { buildTestApp, type TestApp } from './app.ts';
import { startSmtp, type Smtp } from './smtp.ts';

// Kept apart from smtp.ts: the e2e suite uses the SMTP server without the API's test app.

/** A test app that mails to a local SMTP server started for it (`env` adds to SMTP_URL); close() ends both. */
export async function appWithSmtp(
  env: Record<string, string>,
): Promise<{ t: TestApp; smtp: Smtp; close: () => Promise<void> }> {
  const smtp = await startSmtp();
  const t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...env } });
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
