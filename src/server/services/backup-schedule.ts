import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { backupMedia, createBackup, lastBackupAt, pruneBackups } from './backup.ts';

const DAY = 86_400_000;
/** How often the server looks whether a day has passed since the last archive. */
const CHECK_EVERY = 15 * 60_000;

/**
 * BACKUP_DAILY: the server backs up its own open database (the only way with PGlite, which one process
 * holds) when the newest archive of BACKUP_DIR is a day old or there is none, then keeps the newest
 * BACKUP_KEEP. Looking every quarter of an hour, rather than one timer of a day, survives restarts and
 * sleeping machines.
 */
export function scheduleDailyBackups(options: { database: Database; env: Env; log: FastifyBaseLogger }) {
  const { env, log } = options;
  let running: Promise<void> | null = null;
  const check = () => {
    if (running) return;
    running = (async () => {
      const last = await lastBackupAt(env.BACKUP_DIR);
      if (last && Date.now() - last.getTime() < DAY) return;
      const result = await createBackup({
        database: options.database,
        ...backupMedia(env),
        backupDir: env.BACKUP_DIR,
      });
      const removed = await pruneBackups(env.BACKUP_DIR, env.BACKUP_KEEP);
      log.info({ ...result, removed }, 'daily backup written');
    })()
      .catch((error: unknown) => log.error({ err: error }, 'daily backup failed'))
      .finally(() => {
        running = null;
      });
  };
  // A first look a minute after start: not during the start-up build, not a day late either.
  const first = setTimeout(check, 60_000);
  const timer = setInterval(check, CHECK_EVERY);
  first.unref();
  timer.unref();
  return {
    check,
    /** Stops the schedule and waits for a backup under way, before the database closes. */
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
