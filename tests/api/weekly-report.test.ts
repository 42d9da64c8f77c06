import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportRuns } from '../../src/db/schema.ts';
import { createWeeklyReport, dueReport } from '../../src/server/services/weekly-report.ts';
import type { TestApp } from '../helpers/app.ts';
import { createMember, createMessage, createProperty, loginAsNew, nextIp } from '../helpers/fixtures.ts';
import { appWithSmtp } from '../helpers/smtp-app.ts';
import { decoded, header, type Smtp } from '../helpers/smtp.ts';

// The weekly report (decision 0048): every Monday at 08:00 Kinshasa time, one e-mail to the admins, sent once whatever the number
// of API instances.

let smtp: Smtp;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await appWithSmtp({
    MAIL_FROM: 'Ndako <robot@ndako.test>',
    PUBLIC_URL: 'https://ndako.cd',
  }));
});
afterAll(() => close());

/** One more API instance on the same database: its own report job, its own holder. */
const instance = () =>
  createWeeklyReport({
    repo: t.app.repos.weeklyReport,
    leads: t.app.repos.leads,
    inbox: t.app.repos.inbox,
    mailer: t.app.mailer,
    site: 'https://ndako.cd',
    log: t.app.log,
  });

describe('the weekly report', () => {
  it('mails the week’s leads, top listings, unanswered requests and response times to the admins, once', async () => {
    const other = await loginAsNew(t, 'admin', 'Second Admin');
    await loginAsNew(t, 'agent', 'Simple Agent');
    const agent = await createMember(t, { name: 'Agent Semaine' });
    const p = await createProperty(t, { managerId: agent.id, title: 'Duplex Limete' });
    await t.app.inject({
      method: 'POST',
      url: '/api/analytics/tap',
      remoteAddress: nextIp(),
      payload: { channel: 'whatsapp', property: p.id },
    });
    await createMessage(t, { propertyType: 'rent', propertyId: p.id, senderName: 'Client Patient' });
    const now = new Date();
    const { week } = dueReport(new Date(now.getTime() + 7 * 86_400_000));
    const when = new Date(Date.parse(`${week}T07:00:00Z`));

    // Three instances look at the same moment: one sends.
    const results = await Promise.all([
      instance().run(when),
      instance().run(when),
      t.app.weeklyReport.run(when),
    ]);
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(results.filter((r) => r === 'taken')).toHaveLength(2);
    await t.app.mailer.idle();
    const reports = smtp.received.filter((m) =>
      header(m.raw, 'Subject')?.startsWith('Rapport de la semaine'),
    );
    expect(reports.flatMap((m) => m.to).sort()).toEqual([other.email, t.adminEmail].sort());
    const text = decoded(reports[0]!.raw);
    expect(text).toContain('1. Duplex Limete — 2 contacts');
    expect(text).toMatch(/Demandes sans réponse : [1-9]/);
    expect(text).toContain('- Client Patient (Duplex Limete)');
    expect(text).toContain('Agent Semaine : 0/1 contactées');
    expect(text).toContain('https://ndako.cd/admin/requests');
    // A later look that week sends nothing more.
    expect(await instance().run(new Date(when.getTime() + 3 * 3_600_000))).toBe('taken');
    await t.app.mailer.idle();
    expect(smtp.received.filter((m) => header(m.raw, 'Subject')?.startsWith('Rapport'))).toHaveLength(2);
  });

  it('gives the week back when no mail could go, so a later look sends it', async () => {
    const week = '2020-01-06';
    const failing = createWeeklyReport({
      repo: t.app.repos.weeklyReport,
      leads: t.app.repos.leads,
      inbox: t.app.repos.inbox,
      mailer: { ...t.app.mailer, send: async () => false },
      site: 'https://ndako.cd',
      log: t.app.log,
    });
    expect(await failing.run(new Date('2020-01-06T09:00:00Z'))).toBe('failed');
    expect(
      await t.database.db
        .select()
        .from(reportRuns)
        .where(sql`${reportRuns.week} = ${week}::date`),
    ).toEqual([]);
    expect(await instance().run(new Date('2020-01-06T09:00:00Z'))).toBe('sent');
  });
});
