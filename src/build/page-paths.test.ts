import { describe, expect, it } from 'vitest';
import { sitePagePattern } from './page-paths.ts';

describe('sitePagePattern', () => {
  const pattern = sitePagePattern();

  it.each([
    '/',
    '/en',
    '/ln/',
    '/properties',
    '/properties/',
    '/en/properties/',
    '/property/12',
    '/ln/property/12/',
    '/favorites/',
    '/about',
    '/contact/',
    '/privacy',
    '/en/terms/',
    '/home',
  ])('accepts the page %s', (path) => expect(pattern.test(path)).toBe(true));

  it.each([
    '',
    '/wp-login.php',
    '/api/properties',
    '/property/abc',
    '/property/',
    '/property-not-found',
    '/404',
    '/de/properties',
    '/en/en/properties',
    '/admin',
    '/properties/x',
    '//evil.example/',
  ])('refuses %s', (path) => expect(pattern.test(path)).toBe(false));
});
