import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './csp-hashes.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts that run, byte for byte, and skips data blocks and external scripts', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">\n  b()\n</script>',
      '<script type="application/ld+json">{"@type":"Offer"}</script>',
      '<script type="module" src="/_astro/x.js"></script>',
      '<SCRIPT>c()</SCRIPT>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n  b()\n'), sha('c()')]);
  });
});
