import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { purgeAlerts } from '../repositories/alerts.ts';
import type { Actor, AuditRepository } from '../repositories/audit.ts';
import {
  purgeLoginFailures,
  purgeMessages,
  purgeSessions,
  purgeVisitRequests,
} from '../repositories/retention.ts';
import { purgeLeadVisitors } from '../repositories/leads.ts';
import { purgeRawPageViewsIn } from '../repositories/stats.ts';
import { kinshasaDay } from '../../shared/kinshasa-time.ts';

/** One kind of record the job purges: its name in the log and audit row, and the purge (rows removed). */
export interface RetentionTask {
  name: string;
  purge: (tx: Db) => Promise<number>;
}

const DAY_MS = 86_400_000;
const ACTOR: Actor = { id: null, name: 'Conservation des données' };

/**
 * The periods the privacy page states (it shows the same settings): messages and visit requests go at the
 * latest RETENTION_CONTACT_YEARS after the last contact; failed logins and dead sessions, which hold
 * addresses, after RETENTION_SECURITY_DAYS; raw page views after RETENTION_PAGE_VIEWS_DAYS, once summed into
 * daily totals. Another kind of record is one more line here.
 */
export function retentionTasks(env: Env): RetentionTask[] {
  const contactDays = env.RETENTION_CONTACT_YEARS * 365;
  const securityDays = env.RETENTION_SECURITY_DAYS;
  return [
    { name: 'messages', purge: (tx) => purgeMessages(tx, contactDays) },
    { name: 'visit_requests', purge: (tx) => purgeVisitRequests(tx, contactDays) },
    { name: 'login_failures', purge: (tx) => purgeLoginFailures(tx, securityDays) },
    { name: 'sessions', purge: (tx) => purgeSessions(tx, securityDays) },
    {
      name: 'page_views',
      purge: (tx) => purgeRawPageViewsIn(tx, new Date(Date.now() - env.RETENTION_PAGE_VIEWS_DAYS * DAY_MS)),
    },
    // Who was counted on a finished day (decision 0048): its secret is gone, the counts stay.
    { name: 'lead_visitors', purge: (tx) => purgeLeadVisitors(tx, kinshasaDay()) },
    // Alerts (decision 0028): sign-ups never confirmed and unsubscribed ones, after the days of src/shared/alerts.ts.
    { name: 'alert_subscriptions', purge: purgeAlerts },
  ];
}

export interface RetentionJob {
  /** Runs every task now, in one transaction with its audit row; answers the rows removed per task. */
  run(): Promise<Record<string, number>>;
  /** Runs now, then every 24 hours until stop(). */
  start(): void;
  /** Stops the timer; resolves once a run in progress is over (before the database closes). */
  stop(): Promise<void>;
}

export function createRetentionJob(options: {
  audit: AuditRepository;
  tasks: RetentionTask[];
  log: FastifyBaseLogger;
  intervalMs?: number;
  /** The database's upkeep (Database.maintain), after each run's deletions: at start, then daily. */
  maintain?: () => Promise<void>;
}): RetentionJob {
  const { audit, tasks, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function run(): Promise<Record<string, number>> {
    const removed = await audit.change(ACTOR, async (tx) => {
      const counts: Record<string, number> = {};
      for (const task of tasks) counts[task.name] = await task.purge(tx);
      const parts = Object.entries(counts).filter(([, n]) => n > 0);
      if (parts.length === 0) return [counts, null];
      const detail = parts.map(([name, n]) => `${name}: ${n}`).join(', ');
      const fact = { action: 'delete', entity: 'data', entityId: null, label: ACTOR.name, detail } as const;
      return [counts, fact];
    });
    log.info({ removed }, 'retention: old records removed');
    return removed;
  }

  /** A failed run is logged and retried at the next tick; runs never overlap. */
  const tick = () => {
    running = running
      .then(run)
      .catch((error: unknown) => log.error({ err: error }, 'retention failed'))
      .then(maintain);
  };
  const maintain = async () => {
    if (!options.maintain) return;
    const started = performance.now();
    try {
      await options.maintain();
      log.info({ ms: Math.round(performance.now() - started) }, 'database maintenance done');
    } catch (error) {
      log.error({ err: error }, 'database maintenance failed');
    }
  };

  return {
    run,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.intervalMs ?? DAY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
