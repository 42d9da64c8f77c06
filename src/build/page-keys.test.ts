import { describe, expect, it } from 'vitest';
import { property } from './catalogue-fixtures.ts';
import { parseEnv } from '../env.ts';
import { configuration, shownOn } from './page-keys.ts';

describe('shownOn: what a listing page shows of its listing on a day (its part of the page fingerprint)', () => {
  const later = property({ id: 1, availableFrom: '2026-12-01' });

  it('changes the day the availability line turns from "available from" to "available now", and only then', () => {
    const days = ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'].map((d) =>
      JSON.stringify(shownOn(later, d)),
    );
    expect(new Set(days.slice(0, 3)).size).toBe(1);
    expect(new Set(days.slice(3)).size).toBe(1);
    expect(days[2]).not.toBe(days[3]);
  });

  it('does not depend on the day for a listing without an availability date', () => {
    const now = property({ id: 2, availableFrom: null });
    expect(JSON.stringify(shownOn(now, '2026-01-01'))).toBe(JSON.stringify(shownOn(now, '2027-06-30')));
  });

  it('leaves out what no page shows: a visit does not make a page "changed"', () => {
    const seen = property({ id: 3, viewCount: 10, lastViewedAt: '2026-11-26T10:00:00.000Z' });
    const again = { ...seen, viewCount: 11, lastViewedAt: '2026-11-26T11:00:00.000Z' };
    expect(shownOn(again, '2026-11-26')).toEqual(shownOn(seen, '2026-11-26'));
    expect(shownOn({ ...seen, title: 'Autre' }, '2026-11-26')).not.toEqual(shownOn(seen, '2026-11-26'));
  });
});

describe('configuration: the settings in every page key', () => {
  it('leaves out the server’s own settings, so changing one does not render every page again', () => {
    const e = parseEnv({ LOG_LEVEL: 'debug', ADMIN_PASSWORD: 'a long password', SEED_PROPERTIES: '10000' });
    const kept = Object.keys(configuration(e));
    for (const serverOnly of [
      'LOG_LEVEL',
      'ADMIN_PASSWORD',
      'SEED_PROPERTIES',
      'HOST',
      'DATABASE_URL',
      'SITE_DIR',
    ])
      expect(kept).not.toContain(serverOnly);
    // What pages are rendered from stays: their address, the map tiles, the API address, the retention periods.
    for (const shown of ['PORT', 'MAP_TILE_URL', 'PUBLIC_API_BASE', 'RETENTION_CONTACT_YEARS', 'AGENCY_NAME'])
      expect(kept).toContain(shown);
  });
});
