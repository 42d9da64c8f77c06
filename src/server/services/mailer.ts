import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Notification {
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  /** Sends in the background: the request that triggered it has already been stored and answered. */
  notify(notification: Notification): void;
  /** Resolves once every notification started so far has been sent or has failed (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  /** MAIL_FROM: "Name <address>", or a bare address that gets the agency's stored name. */
  from: string;
  /** MAIL_TO, when set; the agency's stored e-mail otherwise. */
  to?: string;
  /** The agency's identity as saved now (settings), read at each notification: a rename applies at once. */
  agency: () => Promise<{ name: string; email: string }>;
}

export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<void>>();
  return {
    notify(n) {
      const job = options
        .agency()
        .then(async (agency) => {
          const to = options.to ?? agency.email;
          if (!transport) {
            log.info({ mail: { to, subject: n.subject } }, 'SMTP_URL not set: notification logged only');
            return;
          }
          const from = options.from.includes('<')
            ? options.from
            : { name: agency.name, address: options.from };
          await transport.sendMail({ from, to, subject: n.subject, text: n.text, replyTo: n.replyTo });
          log.info({ subject: n.subject }, 'notification sent');
        })
        .then(
          () => undefined,
          (error: unknown) =>
            log.error({ err: error, subject: n.subject }, 'notification failed; the record is stored'),
        )
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      await Promise.allSettled([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
