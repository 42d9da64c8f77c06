import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackupStatus } from '../../contract/index.ts';
import { lastBackupAt, lastBackupFailure } from '../services/backup.ts';

const tags = ['Backups'];
/** With BACKUP_DAILY, a newest archive older than this is overdue (the schedule looks every 15 minutes). */
const OVERDUE_MS = 2 * 86_400_000;

/**
 * What admins see of the backups in BACKUP_DIR: a failed one, the daily one's silence. A backup
 * that fails otherwise only reaches the server's log, which nobody at the agency reads.
 */
const backups: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backups/status',
    { onRequest: app.requireAdmin, schema: { tags, response: { 200: BackupStatus } } },
    async () => {
      const dir = app.env.BACKUP_DIR;
      const [last, failure] = await Promise.all([lastBackupAt(dir), lastBackupFailure(dir)]);
      return {
        daily: app.env.BACKUP_DAILY,
        lastBackupAt: last?.toISOString() ?? null,
        lastFailure: failure,
        overdue: app.env.BACKUP_DAILY && (!last || Date.now() - last.getTime() > OVERDUE_MS),
      };
    },
  );
};

export default backups;
