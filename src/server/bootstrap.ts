import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { mediaStore, type MediaStore } from '../media/store.ts';
import type { Repositories } from './context.ts';
import { generatePassword, hashPassword } from './services/passwords.ts';

/**
 * First start of an empty database: seed the demo data (unless SEED=none), then create the first admin.
 * The admin account doubles as the "already initialised" marker, so the seed never runs twice, even after
 * staff have deleted every demo listing; a seed that fails leaves no account and is retried next start.
 */
export async function initialise(
  database: Database,
  repos: Repositories,
  env: Env,
  log: FastifyBaseLogger,
  media: MediaStore = mediaStore(env),
): Promise<void> {
  if ((await repos.accounts.count()) > 0) return;

  if (env.SEED === 'demo') {
    // Loaded only on a first start: the seed and its drawings are of no use to a running server.
    const { seedDemo } = await import('../demo/index.ts');
    const started = performance.now();
    const counts = await seedDemo(database, {
      media,
      properties: env.SEED_PROPERTIES,
      maxPixels: env.MEDIA_MAX_MEGAPIXELS * 1_000_000,
      log: (line: string) => log.info(line),
    });
    log.info({ ...counts, seconds: Math.round(performance.now() - started) / 1000 }, 'demo data seeded');
  }

  const password = env.ADMIN_PASSWORD ?? generatePassword();
  await repos.accounts.create({
    email: env.ADMIN_EMAIL.toLowerCase(),
    name: 'Administrateur',
    passwordHash: await hashPassword(password),
    role: 'admin',
    // A generated password has been on the terminal (and maybe in a log collector): single-use. One given
    // in ADMIN_PASSWORD is the operator's own choice.
    mustChangePassword: !env.ADMIN_PASSWORD,
  });
  if (env.ADMIN_PASSWORD) {
    log.info({ email: env.ADMIN_EMAIL }, 'first admin account created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    // Printed once, on purpose outside the JSON log, so that whoever started the server can read it.
    process.stdout.write(
      `\n  First admin account created — this password is shown only once and works for one login,\n` +
        `  which must then choose a new one:\n` +
        `    e-mail:   ${env.ADMIN_EMAIL}\n    password: ${password}\n\n`,
    );
  }
}
