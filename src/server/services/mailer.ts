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

export function createMailer(
  options: { smtpUrl?: string; from: string; to: string },
  log: FastifyBaseLogger,
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<void>>();
  return {
    notify(n) {
      if (!transport) {
        log.info(
          { mail: { to: options.to, subject: n.subject } },
          'SMTP_URL not set: notification logged only',
        );
        return;
      }
      const job = transport
        .sendMail({
          from: options.from,
          to: options.to,
          subject: n.subject,
          text: n.text,
          replyTo: n.replyTo,
        })
        .then(
          () => log.info({ subject: n.subject }, 'notification sent'),
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
