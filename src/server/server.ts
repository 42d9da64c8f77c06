import type { FastifyInstance } from 'fastify';
import { configuredDatabase, openDatabase, type Database } from '../db/client.ts';
import { env } from '../env.ts';
import { createApp } from './app.ts';
import { initialise } from './bootstrap.ts';

/**
 * The only module that listens: everything else builds on createApp() and is tested without a port.
 * Run directly it serves; `npm start` (scripts/start.ts) starts it, then publishes the site through the
 * app's publisher.
 */
export async function startServer(): Promise<FastifyInstance> {
  const config = env();
  let database: Database;
  try {
    database = await openDatabase(configuredDatabase(config));
    // A restore refuses to run while this is held, and a server waits while a restore runs.
    await database.holdInUse();
  } catch (error) {
    console.error(`Ndako cannot open its database: ${(error as Error).message}`);
    process.exit(1);
  }
  // People starting the server in a terminal read lines, log collectors read JSON.
  const logger = process.stdout.isTTY
    ? {
        level: config.LOG_LEVEL,
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      }
    : { level: config.LOG_LEVEL };
  const app = await createApp({ env: config, database, logger });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close().catch((error: unknown) => app.log.error({ err: error }, 'close failed'));
    await database.close().catch((error: unknown) => app.log.error({ err: error }, 'database close failed'));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    // Under the start-up lock: of instances started together on an empty database, one seeds it and creates
    // the first admin, the others then find it done (decision 0031).
    await database.exclusively(() => initialise(database, app.repos, config, app.log, app.mediaStore));
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    app.log.error({ err: error }, 'start-up failed');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  return app;
}

if (import.meta.main) await startServer();
