import { resolve } from 'node:path';
import type { Env } from '../env.ts';

/** PostgreSQL's host, port, database and user from its URL: never the password. */
export function describePostgres(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
  return `PostgreSQL ${url.hostname}:${url.port || '5432'}${url.pathname}${user}`;
}

/**
 * The first lines of `npm start` on a terminal: where the site, the admin and the API description answer,
 * where the data lives and who the first admin is.
 */
export function startBanner(e: Env, agencyName: string = e.AGENCY_NAME): string {
  const anyInterface = ['0.0.0.0', '::', ''].includes(e.HOST);
  const host = anyInterface ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  const base = `http://${host}:${e.PORT}`;
  const database = e.DATABASE_URL
    ? describePostgres(e.DATABASE_URL)
    : `PGlite in ${resolve(e.DATA_DIR, 'pglite')}`;
  const rows = [
    ['Site', `${base}/`],
    ['Admin', `${base}/admin`],
    ['API docs', `${base}/api/docs`],
    ['Data', database],
    ['Media', resolve(e.DATA_DIR, 'media')],
    ['First admin', e.ADMIN_EMAIL],
    ['Logs', `LOG_LEVEL=${e.LOG_LEVEL} (each request at debug)`],
  ];
  return ['', `  Ndako — ${agencyName}`, ...rows.map(([k, v]) => `    ${k?.padEnd(12)}${v}`), ''].join('\n');
}
