import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { startBanner } from './banner.ts';

describe('startBanner', () => {
  it('gives the addresses, the PGlite folder, the media folder and the first admin', () => {
    const text = startBanner(parseEnv({ PORT: '4400', DATA_DIR: './here', ADMIN_EMAIL: 'boss@agence.cd' }));
    expect(text).toContain('http://localhost:4400/\n');
    expect(text).toContain('http://localhost:4400/admin\n');
    expect(text).toContain('http://localhost:4400/api/docs\n');
    expect(text).toContain(`PGlite in ${resolve('./here/pglite')}`);
    expect(text).toContain(resolve('./here/media'));
    expect(text).toContain('boss@agence.cd');
  });

  it('names the PostgreSQL host, database and user but never the password', () => {
    const text = startBanner(
      parseEnv({ HOST: '127.0.0.1', DATABASE_URL: 'postgres://ndako:s3cret-pw@db.local:6543/agence' }),
    );
    expect(text).toContain('http://127.0.0.1:4321/');
    expect(text).toContain('PostgreSQL db.local:6543/agence as ndako');
    expect(text).not.toContain('s3cret');
  });

  it('names the agency as staff saved it', () => {
    expect(startBanner(parseEnv({}), 'Maison Kinshasa Immobilier')).toContain(
      'Ndako — Maison Kinshasa Immobilier',
    );
  });
});
