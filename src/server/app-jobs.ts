import type { FastifyInstance } from 'fastify';
import { buildApiUrl } from '../env.ts';
import type { AppOptions } from './app.ts';
import { publishLease } from './publishing/publish-lease.ts';
import { createPublisher } from './publishing/publisher.ts';
import { rendererBuilder } from './publishing/site-build.ts';
import { siteFolder } from './publishing/site-folder.ts';
import { siteTarget } from './publishing/site-target.ts';
import { createAlerts, siteOrigin } from './services/alerts.ts';
import { scheduleDailyBackups } from './services/backup-schedule.ts';
import { createMailer } from './services/mailer.ts';
import { createRetentionJob, retentionTasks } from './services/retention.ts';
import { createWeeklyReport } from './services/weekly-report.ts';

/**
 * What the server does besides answering: mail, alerts, publishing, backups, retention and the weekly report;
 * each decorated on the app, started once it listens and stopped, in order, when it closes.
 */
export function startJobs(app: FastifyInstance, { env, database, mailer, siteBuilder }: AppOptions): void {
  const notifications =
    mailer ??
    createMailer(
      {
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        to: env.MAIL_TO,
        agency: () => app.repos.settings.agency(),
      },
      app.log,
    );
  app.decorate('mailer', notifications);
  const alerts = createAlerts({
    repo: app.repos.alerts,
    mailer: notifications,
    rates: () => app.repos.rates.current(),
    agency: () => app.repos.settings.agency(),
    env,
    log: app.log,
  });
  app.decorate('alerts', alerts);
  // The site renderer stays between publishes (decision 0045); tests give a stand-in builder instead.
  const renderer = siteBuilder ? null : rendererBuilder(buildApiUrl(env), env.DATA_DIR);
  const publisher = createPublisher({
    audit: app.repos.audit,
    folder: siteFolder(env.SITE_DIR),
    // One builder at a time among the instances on this database (decision 0031).
    lease: publishLease(app.repos.publishLease, { log: app.log }),
    target: siteTarget(env),
    build: siteBuilder ?? renderer!.build,
    hookUrl: env.PUBLISH_HOOK_URL,
    autoDelayMs: env.PUBLISH_AUTO_DELAY_SECONDS * 1000,
    buildTimeoutMs: env.PUBLISH_TIMEOUT_SECONDS * 1000,
    log: app.log,
    // Once the new site is online, the alerts mail what it brought (decision 0028).
    onPublished: (startedAt) => void alerts.digest(startedAt).catch(() => {}),
  });
  app.decorate('publisher', publisher);
  const backups = env.BACKUP_DAILY ? scheduleDailyBackups({ database, env, log: app.log }) : null;
  const retention = createRetentionJob({
    audit: app.repos.audit,
    tasks: retentionTasks(env),
    log: app.log,
    maintain: () => database.maintain(),
  });
  app.decorate('retention', retention);
  // The admins' Monday report, sent by one instance (decision 0048).
  const weeklyReport = createWeeklyReport({
    repo: app.repos.weeklyReport,
    leads: app.repos.leads,
    inbox: app.repos.inbox,
    mailer: notifications,
    site: siteOrigin(env),
    log: app.log,
  });
  app.decorate('weeklyReport', weeklyReport);
  // In the listening server only (tests build the app without listening and run it by hand).
  let stopSweeping: (() => void) | undefined;
  app.addHook('onListen', async () => {
    retention.start();
    weeklyReport.start();
    stopSweeping = app.partialUploads.schedule();
  });
  app.addHook('onClose', async () => {
    stopSweeping?.();
    await retention.stop();
    await weeklyReport.stop();
    // A backup under way finishes before the database it reads closes.
    await backups?.stop();
    // A running build is stopped (its process killed) before the database it reads closes.
    await publisher.close();
    await renderer?.close();
    await alerts.idle();
    await notifications.idle();
    notifications.close();
  });
}
