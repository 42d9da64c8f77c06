import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, VisitRequest } from '../../src/contract/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { appWithSmtp } from '../helpers/smtp-app.ts';
import { body, closedPort, header, type Smtp } from '../helpers/smtp.ts';
import {
  agencyInput,
  countMessages,
  createProperty,
  messageInput,
  nextIp,
  visitInput,
} from '../helpers/fixtures.ts';

describe('notifications through SMTP', () => {
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

  it('stores a message and mails its details to the agency', async () => {
    const payload = messageInput({
      senderName: 'Joseph Ilunga',
      senderEmail: 'joseph@example.cd',
      subject: 'Villa a Ngaliema',
      content: 'Est-elle encore disponible ?',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: nextIp(),
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json<Message>();
    const stored = await t.app.inject({ url: `/api/messages/${message.id}`, headers: t.auth });
    expect(stored.json<Message>().subject).toBe('Villa a Ngaliema');

    await t.app.mailer.idle();
    const mail = smtp.received.find((m) => header(m.raw, 'Subject')?.includes('Villa a Ngaliema'));
    expect(mail, JSON.stringify(smtp.received.map((m) => header(m.raw, 'Subject')))).toBeDefined();
    expect(mail!.to).toEqual(['agence@ndako.test']);
    expect(mail!.from).toBe('robot@ndako.test');
    expect(header(mail!.raw, 'Subject')).toBe('Nouveau message : Villa a Ngaliema');
    expect(header(mail!.raw, 'Reply-To')).toContain('joseph@example.cd');
    expect(body(mail!.raw)).toContain('Joseph Ilunga');
    expect(body(mail!.raw)).toContain('+243 99 123 45 67');
    expect(body(mail!.raw)).toContain('Est-elle encore disponible ?');
  });

  it('stores a visit request and mails its details to the agency', async () => {
    const p = await createProperty(t);
    const payload = visitInput({
      name: 'Grace Tshala',
      email: 'grace@example.cd',
      url: `/property/${p.id}`,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send-visit',
      remoteAddress: nextIp(),
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json<VisitRequest>();
    const list = (await t.app.inject({ url: '/api/visits', headers: t.auth })).json<{
      data: VisitRequest[];
    }>().data;
    expect(list.map((v) => v.id)).toContain(visit.id);

    await t.app.mailer.idle();
    const mail = smtp.received.find((m) => header(m.raw, 'Subject')?.includes('Grace Tshala'));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual(['agence@ndako.test']);
    expect(header(mail!.raw, 'Subject')).toBe(`Demande de visite : Grace Tshala, le ${payload.visitDate}`);
    expect(header(mail!.raw, 'Reply-To')).toContain('grace@example.cd');
    expect(body(mail!.raw)).toContain('+243 81 555 44 33');
    // The page's path, made a link on the site's address.
    expect(body(mail!.raw)).toContain(`https://ndako.cd/property/${p.id}`);
  });

  it('sends nothing for a refused request', async () => {
    await t.app.mailer.idle();
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: nextIp(),
      payload: messageInput({ senderEmail: 'bad' }),
    });
    expect(res.statusCode).toBe(400);
    await t.app.mailer.idle();
    expect(smtp.received.length).toBe(before);
  });
});

describe('when the mail server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_TO: 'agence@ndako.test' },
    });
  });
  afterAll(() => t.close());

  it('still answers 201 and keeps the message and the visit request', async () => {
    const before = await countMessages(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: nextIp(),
      payload: messageInput({ subject: 'Pendant la panne' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/mail/send-visit',
      remoteAddress: nextIp(),
      payload: visitInput(),
    });
    expect(visit.statusCode, visit.body).toBe(201);
    await t.app.mailer.idle();
    expect(await countMessages(t)).toBe(before + 1);
    const stored = await t.app.inject({ url: `/api/messages/${res.json<Message>().id}`, headers: t.auth });
    expect(stored.json<Message>().subject).toBe('Pendant la panne');
    const visits = (await t.app.inject({ url: '/api/visits', headers: t.auth })).json<{
      data: VisitRequest[];
    }>().data;
    expect(visits.map((v) => v.id)).toContain(visit.json<VisitRequest>().id);
  });
});

describe("the agency's stored identity", () => {
  let smtp: Smtp;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // No MAIL_TO and a bare MAIL_FROM: the recipient and the sender's name come from the settings.
    ({ t, smtp, close } = await appWithSmtp({ MAIL_FROM: 'robot@ndako.test' }));
  });
  afterAll(() => close());

  it('mails the e-mail address an admin saved, under the saved name, from the next message on', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/agency',
      headers: t.auth,
      payload: agencyInput({ name: 'Agence Nouvelle', email: 'nouvelle@agence.test' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: nextIp(),
      payload: messageInput({ subject: 'Apres le renommage' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mailer.idle();
    const mail = smtp.received.find((m) => header(m.raw, 'Subject')?.includes('Apres le renommage'));
    expect(mail).toBeDefined();
    expect(mail!.to).toEqual(['nouvelle@agence.test']);
    expect(mail!.from).toBe('robot@ndako.test');
    expect(header(mail!.raw, 'From')).toContain('Agence Nouvelle');
  });
});
