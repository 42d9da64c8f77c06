import type { FastifyBaseLogger } from 'fastify';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { InboxItem, LeadStats } from '../../contract/index.ts';
import type { InboxRepository } from '../repositories/inbox.ts';
import type { LeadsRepository } from '../repositories/leads.ts';
import type { ResponseTime, WeeklyReportRepository } from '../repositories/weekly-report.ts';
import { FOLLOW_UP_LABELS } from '../../shared/follow-up.ts';
import type { Mailer } from './mailer.ts';
import { KINSHASA_OFFSET_MS } from '../../shared/kinshasa-time.ts';

const DAY_MS = 86_400_000;
/** Monday 08:00 in Kinshasa. */
const DUE_HOUR = 8;
/** How often each instance looks whether the week's report is due and unsent. */
const CHECK_EVERY = 10 * 60_000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The report due at `now`: the last Monday whose 08:00 (Kinshasa) has passed, and the week it covers (the
 * seven days before that Monday).
 */
export function dueReport(now: Date): { week: string; firstDay: string } {
  const local = now.getTime() + KINSHASA_OFFSET_MS;
  const sinceMonday = (new Date(local).getUTCDay() + 6) % 7;
  let monday = Math.floor(local / DAY_MS) * DAY_MS - sinceMonday * DAY_MS;
  if (local < monday + DUE_HOUR * 3_600_000) monday -= 7 * DAY_MS;
  return { week: dayOf(monday), firstDay: dayOf(monday - 7 * DAY_MS) };
}

const figuresLine = (f: LeadStats['total']) =>
  `${f.views} vues · ${f.whatsapp} WhatsApp · ${f.calls} appels · ${f.visitRequests} demandes de visite · ${f.messages} messages`;

/** The report's text: plain, readable on a phone. */
export function reportText(input: {
  firstDay: string;
  week: string;
  stats: LeadStats;
  unanswered: { total: number; data: InboxItem[] };
  times: ResponseTime[];
  site: string;
}): string {
  const { stats, unanswered, times } = input;
  const hours = (h: number | null) => (h === null ? '—' : `${String(h).replace('.', ',')} h`);
  const top = stats.listings.filter((l) => l.leads > 0).slice(0, 5);
  return [
    `Semaine du ${input.firstDay} au ${dayOf(Date.parse(input.week) - DAY_MS)}`,
    '',
    `Contacts : ${stats.total.leads} (${figuresLine(stats.total)})`,
    '',
    'Les annonces qui ont apporté le plus :',
    ...(top.length
      ? top.map(
          (l, i) => `${i + 1}. ${l.title ?? `Annonce n° ${l.id}`} — ${l.leads} contacts, ${l.views} vues`,
        )
      : ['(aucune cette semaine)']),
    '',
    `Demandes sans réponse : ${unanswered.total}`,
    ...unanswered.data.map(
      (i) =>
        `- ${i.name}${i.propertyTitle ? ` (${i.propertyTitle})` : ''}, reçue le ${i.createdAt.slice(0, 10)}${i.overdue ? ', plus de 48 h' : ''} — ${i.assigneeName ?? 'personne'}`,
    ),
    '',
    'Temps de réponse des agents (médiane jusqu’au premier contact) :',
    ...(times.length
      ? times.map(
          (t) =>
            `- ${t.name ?? 'Sans agent'} : ${t.contacted}/${t.requests} contactées, ${hours(t.medianHours)}`,
        )
      : ['(aucune demande cette semaine)']),
    '',
    `Statuts : ${Object.values(FOLLOW_UP_LABELS).join(' → ')}`,
    `Les demandes : ${input.site}/admin/requests`,
  ].join('\n');
}

export interface WeeklyReportOptions {
  repo: WeeklyReportRepository;
  leads: LeadsRepository;
  inbox: InboxRepository;
  mailer: Mailer;
  site: string;
  log: FastifyBaseLogger;
}

/**
 * Every Monday at 08:00 Kinshasa time, the admins get one e-mail of the week (decision 0048). Each instance
 * looks every ten minutes; the first to claim the week in the database sends, the others find it claimed
 * (decision 0048). A claim whose send failed is given back, so a later look tries again.
 */
export function createWeeklyReport({ repo, leads, inbox, mailer, site, log }: WeeklyReportOptions) {
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  async function run(now = new Date()): Promise<'sent' | 'taken' | 'failed'> {
    const { week, firstDay } = dueReport(now);
    if (!(await repo.claim(week, holder))) return 'taken';
    try {
      const end = week;
      const [stats, unanswered, times, to] = await Promise.all([
        leads.weekStats(firstDay),
        inbox.list({ followUp: 'new', page: 1, limit: 10 }),
        repo.responseTimes(firstDay, end),
        repo.recipients(),
      ]);
      const text = reportText({ firstDay, week, stats, unanswered, times, site });
      const subject = `Rapport de la semaine du ${firstDay} : ${stats.total.leads} contacts`;
      const results = await Promise.all(to.map((address) => mailer.send({ to: address, subject, text })));
      if (to.length > 0 && results.some(Boolean)) {
        await repo.sent(week, holder);
        log.info({ week, recipients: results.filter(Boolean).length }, 'weekly report sent');
        return 'sent';
      }
      await repo.release(week, holder);
      return 'failed';
    } catch (error) {
      await repo.release(week, holder).catch(() => {});
      throw error;
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const check = () => {
    running ??= run()
      .catch((error: unknown) => log.error({ err: error }, 'weekly report failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    run,
    /** Looks now and every ten minutes until stop(). */
    start() {
      check();
      timer = setInterval(check, CHECK_EVERY);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type WeeklyReport = ReturnType<typeof createWeeklyReport>;
