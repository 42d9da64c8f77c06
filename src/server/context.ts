import type { Account } from '../contract/index.ts';
import type { Database } from '../db/client.ts';
import { agencyDefaults, type Env } from '../env.ts';
import type { MediaStore } from '../media/store.ts';
import type { PartialUploads } from './services/partial-uploads.ts';
import { accountsRepository } from './repositories/accounts.ts';
import { alertsRepository } from './repositories/alerts.ts';
import { auditRepository } from './repositories/audit.ts';
import { demoRepository } from './repositories/demo.ts';
import { inboxRepository } from './repositories/inbox.ts';
import { leadsRepository } from './repositories/leads.ts';
import { mediaRepository } from './repositories/media.ts';
import { messagesRepository } from './repositories/messages.ts';
import { propertiesRepository } from './repositories/properties.ts';
import { publishLeaseRepository } from './publishing/publish-lease-repository.ts';
import { sharedStateRepository } from './repositories/shared-state.ts';
import { settingsRepository } from './repositories/settings.ts';
import { ratesRepository } from './repositories/rates.ts';
import { statsRepository } from './repositories/stats.ts';
import { teamRepository } from './repositories/team.ts';
import { visitsRepository } from './repositories/visits.ts';
import { weeklyReportRepository } from './repositories/weekly-report.ts';
import type { Alerts } from './services/alerts.ts';
import type { Mailer } from './services/mailer.ts';
import type { Publisher } from './publishing/publisher.ts';
import type { RetentionJob } from './services/retention.ts';
import type { SiteManifestReader } from './publishing/site-manifest.ts';
import type { VisitorIdentities } from './services/visitor.ts';
import type { WeeklyReport } from './services/weekly-report.ts';

export function createRepositories(database: Database, env: Env) {
  // The configuration's rates are the first defaults; staff set the ones in force (exchange_rates).
  const rates = { cdfPerUsd: env.CDF_PER_USD, usdPerEur: env.USD_PER_EUR };
  // Every staff change goes through the audit log, in the change's own transaction.
  const audit = auditRepository(database);
  return {
    audit,
    properties: propertiesRepository(database, rates, audit),
    team: teamRepository(database, audit),
    messages: messagesRepository(database, audit),
    visits: visitsRepository(database, audit),
    accounts: accountsRepository(database, audit),
    media: mediaRepository(database, audit),
    stats: statsRepository(database, rates),
    demo: demoRepository(database, audit),
    sharedState: sharedStateRepository(database),
    publishLease: publishLeaseRepository(database),
    settings: settingsRepository(database, audit, agencyDefaults(env)),
    rates: ratesRepository(database, rates, audit),
    alerts: alertsRepository(database, audit),
    leads: leadsRepository(database),
    inbox: inboxRepository(database),
    weeklyReport: weeklyReportRepository(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
    repos: Repositories;
    mailer: Mailer;
    /** Where uploads and their variants are kept: DATA_DIR/media or a bucket (MEDIA_STORE, decision 0030). */
    mediaStore: MediaStore;
    /** Resumable video uploads (tus) and their partial files, seen by every instance (decision 0047). */
    partialUploads: PartialUploads;
    /** Alerts without an account: sign-ups' confirmation mails, and the digests after each publish. */
    alerts: Alerts;
    /** Rebuilds and puts online the public site (POST /api/publish, start-up, automatic publishing). */
    publisher: Publisher;
    /** The live site's manifest (languages, pages, CSP hashes), or null until a site is online. */
    siteManifest: SiteManifestReader;
    /** Deletes what the privacy page says is kept no longer (at start, then daily). */
    retention: RetentionJob;
    /** The admins' Monday 08:00 report of the week (decision 0048). */
    weeklyReport: WeeklyReport;
    /** A visitor's identity for the day, from address and browser (decision 0048): counts, never a person. */
    visitorOf: VisitorIdentities;
    /** onRequest hook: answers 401 unless the request carries a live session's bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: like authenticate, then 403 unless the account is an admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    account: Account | null;
    sessionExpiresAt: Date | null;
    /** Hash of the bearer token of the current session, for logout. */
    tokenHash: string | null;
  }
}
