import { describe, expect, it } from 'vitest';
import { COMMUNES } from '../shared/enums.ts';
import { fixedPageCount, pageRoutes } from './page-paths.ts';

describe('the page addresses the manifest lists', () => {
  it('reads a folder index and a commune slug as addresses of their own', () => {
    const routes = pageRoutes();
    expect(routes).toContain('communes');
    expect(routes).toContain('communes/[a-z0-9-]+');
    expect(routes).toContain('property/[0-9]+');
    expect(routes).toContain('');
    expect(routes).not.toContain('404');
    const commune = new RegExp(`^(?:${routes.filter(Boolean).join('|')})$`);
    expect(commune.test('communes/mont-ngafula')).toBe(true);
    expect(commune.test('communes/../admin')).toBe(false);
  });

  it('counts one page per commune besides the pages without parameter, and none per listing', () => {
    const routes = pageRoutes();
    // Every address without parameter, the two not-found pages, the offline page (not an address of its own)
    // and the 24 commune pages.
    const plain = routes.filter((r) => !r.includes('[')).length;
    expect(fixedPageCount()).toBe(plain + 3 + COMMUNES.length);
  });
});
