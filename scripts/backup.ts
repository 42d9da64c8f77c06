// `npm run backup`: one dated archive of the database and the media in BACKUP_DIR, with its checksum.
import { configuredDatabase, openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/pglite-lock.ts';
import { env } from '../src/env.ts';
import { backupMedia, createBackup } from '../src/server/services/backup.ts';

const config = env();
let database;
try {
  database = await openDatabase(configuredDatabase(config));
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `Cannot back up now: the Ndako server (${error.message.match(/pid \d+/)?.[0] ?? 'another process'}) has ${config.DATA_DIR} open, ` +
        'and an embedded PGlite database opens in one process only.\n' +
        'Either stop the server and run `npm run backup` again, or let the server back itself up: ' +
        'BACKUP_DAILY=true (see docs/deploy.md, "Backups").',
    );
  } else console.error(`Cannot open the database: ${(error as Error).message}`);
  process.exit(1);
}
try {
  const result = await createBackup({
    database,
    ...backupMedia(config),
    backupDir: config.BACKUP_DIR,
  });
  console.log(
    `Backup written: ${result.file} (${(result.bytes / 1_048_576).toFixed(1)} MB, ${result.rows} rows, ` +
      `${result.mediaFiles} media files, ${(result.durationMs / 1000).toFixed(1)} s)\n` +
      `SHA-256 ${result.sha256} in ${result.file}.sha256`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
