import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Notification {
  subject: string;
  text: string;
  replyTo?: string;
  /** A staff member it is for (a listing's agent): the agency's address then gets it in copy. */
  to?: string;
}

/** A mail to a visitor (an alert's confirmation or digest, decision 0028). */
export interface VisitorMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends in the background: the request that triggered it has already been stored and answered. */
  notify(notification: Notification): void;
  /**
   * Sends to a visitor; resolves true once the SMTP server took it, false when it failed or no SMTP_URL is
   * set (logged either way, never rejects): what depends on the mail having gone waits for true.
   */
  send(mail: VisitorMail): Promise<boolean>;
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
  const track = <T>(job: Promise<T>): Promise<T> => {
    const settled = job.then(() => undefined).finally(() => pending.delete(settled));
    pending.add(settled);
    return job;
  };
  const sender = (agency: { name: string }) =>
    options.from.includes('<') ? options.from : { name: agency.name, address: options.from };
  return {
    notify(n) {
      void track(
        options
          .agency()
          .then(async (agency) => {
            const office = options.to ?? agency.email;
            const to = n.to ?? office;
            const cc = n.to && n.to !== office ? office : undefined;
            if (!transport) {
              log.info(
                { mail: { to, cc, subject: n.subject } },
                'SMTP_URL not set: notification logged only',
              );
              return;
            }
            await transport.sendMail({
              from: sender(agency),
              to,
              ...(cc ? { cc } : {}),
              subject: n.subject,
              text: n.text,
              replyTo: n.replyTo,
            });
            log.info({ subject: n.subject }, 'notification sent');
          })
          .catch((error: unknown) =>
            log.error({ err: error, subject: n.subject }, 'notification failed; the record is stored'),
          ),
      );
    },
    send(mail) {
      return track(
        options
          .agency()
          .then(async (agency) => {
            if (!transport) {
              // The address stays out of the log: it is a visitor's.
              log.info({ subject: mail.subject }, 'SMTP_URL not set: visitor mail not sent');
              return false;
            }
            await transport.sendMail({ from: sender(agency), replyTo: agency.email, ...mail });
            return true;
          })
          .catch((error: unknown) => {
            log.error({ err: error, subject: mail.subject }, 'visitor mail failed');
            return false;
          }),
      );
    },
    async idle() {
      await Promise.allSettled([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
