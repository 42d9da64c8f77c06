// `npm run restore <file> [--force]`: checks the archive's checksum, then rebuilds the database (PGlite in
// DATA_DIR, or DATABASE_URL) and DATA_DIR/media (or the bucket of MEDIA_STORE=s3) from it. The target must be empty unless --force.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configuredDatabase, openDatabase } from '../src/db/client.ts';
import { DataDirLockedError } from '../src/db/pglite-lock.ts';
import { env } from '../src/env.ts';
import { backupMedia, BackupError, restoreBackup, verifyArchive } from '../src/server/services/backup.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean' } },
});
const file = positionals[0];
if (!file || positionals.length > 1 || !existsSync(file)) {
  console.error('Usage: npm run restore -- <backups/ndako-YYYYMMDD-HHMMSS.tar.gz> [--force]');
  process.exit(2);
}
const config = env();

try {
  // Before anything is opened or created: a damaged archive leaves the target as it was.
  await verifyArchive(resolve(file));
  console.log(`Checksum verified: ${file}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

let database;
try {
  database = await openDatabase(configuredDatabase(config));
} catch (error) {
  console.error(
    error instanceof DataDirLockedError
      ? `Cannot restore into ${config.DATA_DIR} while an Ndako server has it open: stop the server first.`
      : `Cannot open the database: ${(error as Error).message}`,
  );
  process.exit(1);
}
try {
  const result = await restoreBackup({
    file: resolve(file),
    database,
    ...backupMedia(config),
    force: values.force ?? false,
    verified: true,
  });
  console.log(
    `Restored ${result.rows} rows and ${result.mediaFiles} media files in ${(result.durationMs / 1000).toFixed(1)} s ` +
      `into ${config.DATABASE_URL ? 'the PostgreSQL database of DATABASE_URL' : config.DATA_DIR}. ` +
      '`npm start` publishes the site from it.',
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
