import { describe, expect, it } from 'vitest';
import { staticPath } from './static-files.ts';

describe('staticPath', () => {
  it('answers the file under the folder, decoded, with its leading slash', () => {
    expect(staticPath('/', '/')).toBe('/');
    expect(staticPath('/about/', '/')).toBe('/about/');
    expect(staticPath('/property/12/?from=share', '/')).toBe('/property/12/');
    expect(staticPath('/communes/ngaliema/', '/')).toBe('/communes/ngaliema/');
    expect(staticPath('/caf%C3%A9.txt', '/')).toBe('/café.txt');
    expect(staticPath('/media/ab12-480.webp', '/media/')).toBe('/ab12-480.webp');
    expect(staticPath('/_astro/app.B1x-9z_q.js', '/')).toBe('/_astro/app.B1x-9z_q.js');
  });

  it('refuses every path that is not in canonical form, escaped or not', () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/a/./b',
      '/a/%2E/b',
      '/a/.',
      '/a//b',
      '//etc/passwd',
      '/a%2f%2fb',
      '/a\\..\\b',
      '/a%5c..%5cb',
      '/a%00.html',
      '/%E0%A4%A',
      '/media/../package.json',
      '/media/%2e%2e/package.json',
    ])
      expect(staticPath(url, url.startsWith('/media/') ? '/media/' : '/'), url).toBeNull();
  });

  it('refuses an address outside its prefix', () => {
    expect(staticPath('/mediax/a.webp', '/media/')).toBeNull();
    expect(staticPath('/', '/media/')).toBeNull();
  });
});
