import { describe, expect, it } from 'vitest';
import { pageRoutes } from './page-paths.ts';

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
});
