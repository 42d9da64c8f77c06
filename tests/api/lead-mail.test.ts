import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../src/contract/index.ts';
import type { TestApp } from '../helpers/app.ts';
import { createMember, createMessage, createProperty, nextIp, visitInput } from '../helpers/fixtures.ts';
import { appWithSmtp } from '../helpers/smtp-app.ts';
import { decoded, header, type Smtp } from '../helpers/smtp.ts';

// A visit request or a message about a listing is mailed to that listing's agent, the agency in
// copy, with a one-tap WhatsApp link to the visitor and a link to the request in the admin.

let smtp: Smtp;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, smtp, close } = await appWithSmtp({
    MAIL_TO: 'agence@ndako.test',
    MAIL_FROM: 'Ndako <robot@ndako.test>',
    PUBLIC_URL: 'https://ndako.cd',
  }));
});
afterAll(() => close());

const mailAbout = async (subject: string) => {
  await t.app.mailer.idle();
  const mail = smtp.received.find((m) => header(m.raw, 'Subject')?.includes(subject));
  expect(mail, JSON.stringify(smtp.received.map((m) => header(m.raw, 'Subject')))).toBeDefined();
  return { mail: mail!, text: decoded(mail!.raw) };
};

describe('the agent told at once', () => {
  it('mails a visit request to the listing’s agent, the agency in copy, with WhatsApp and admin links', async () => {
    const agent = await createMember(t, { name: 'Agent Mail', email: 'agent.mail@ndako.test' });
    const p = await createProperty(t, { managerId: agent.id, title: 'Maison Gombe' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send-visit',
      remoteAddress: nextIp(),
      payload: visitInput({ name: 'Nadine Kapinga', telephone: '081 234 5678', url: `/property/${p.id}` }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json<VisitRequest>();
    const { mail, text } = await mailAbout('Nadine Kapinga');
    expect(mail.to.sort()).toEqual(['agence@ndako.test', 'agent.mail@ndako.test']);
    expect(header(mail.raw, 'To')).toBe('agent.mail@ndako.test');
    expect(header(mail.raw, 'Cc')).toBe('agence@ndako.test');
    expect(text).toContain(`Annonce : Maison Gombe — https://ndako.cd/property/${p.id}`);
    const greeting = encodeURIComponent(
      'Bonjour Nadine Kapinga, merci pour votre demande au sujet de « Maison Gombe ». ',
    );
    expect(text).toContain(`Répondre sur WhatsApp : https://wa.me/243812345678?text=${greeting}`);
    expect(text).toContain(`Suivre la demande : https://ndako.cd/admin/requests?open=visit-${visit.id}`);
  });

  it('mails a message about a listing to its agent; one without agent, or a report, to the agency', async () => {
    const agent = await createMember(t, { name: 'Agent Msg', email: 'agent.msg@ndako.test' });
    const p = await createProperty(t, { managerId: agent.id });
    const orphan = await createProperty(t);
    const m = await createMessage(t, { propertyType: 'rent', propertyId: p.id, subject: 'Loyer negociable' });
    await createMessage(t, { propertyType: 'rent', propertyId: orphan.id, subject: 'Sans agent' });
    await createMessage(t, { propertyType: 'report', propertyId: p.id, subject: 'Annonce douteuse' });
    const toAgent = await mailAbout('Loyer negociable');
    expect(toAgent.mail.to.sort()).toEqual(['agence@ndako.test', 'agent.msg@ndako.test']);
    expect(toAgent.text).toContain(
      `Suivre la demande : https://ndako.cd/admin/requests?open=message-${m.id}`,
    );
    expect((await mailAbout('Sans agent')).mail.to).toEqual(['agence@ndako.test']);
    expect((await mailAbout('Annonce douteuse')).mail.to).toEqual(['agence@ndako.test']);
  });
});
