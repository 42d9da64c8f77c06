import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { asBuildIndex, asShard, buildIndex, fileObject, shardDigits, shardOf } from './site-bucket-layout.ts';

describe('the site’s layout in a bucket', () => {
  it('names a file’s object by its bytes and the headers its path gives it', () => {
    const page = fileObject('en/index.html', Buffer.from('<p>a</p>'), '_astro/');
    expect(page).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
    expect(page.name).toMatch(/^[0-9a-f]{32}$/);
    expect(fileObject('fr/index.html', Buffer.from('<p>a</p>'), '_astro/').name).toBe(page.name);
    expect(fileObject('en/index.html', Buffer.from('<p>b</p>'), '_astro/').name).not.toBe(page.name);
    // The same bytes served with other headers are another object: each object has one set of headers.
    expect(fileObject('en/index.txt', Buffer.from('<p>a</p>'), '_astro/').name).not.toBe(page.name);
    const asset = fileObject('_astro/a.1b2c3d.js', Buffer.from('x'), '_astro/');
    expect(asset.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(asset.name).not.toBe(fileObject('a.js', Buffer.from('x'), '_astro/').name);
  });

  it('keeps shards to about a thousand paths, 16 times more of them at each step', () => {
    expect([0, 1000, 1001, 16_000, 16_001, 256_001].map(shardDigits)).toEqual([0, 0, 1, 1, 2, 3]);
    const sha = createHash('sha256').update('en/catalogue/index.html').digest('hex');
    expect(shardOf('en/catalogue/index.html', 2)).toBe(sha.slice(0, 2));
    expect(shardOf('en/catalogue/index.html', 0)).toBe('');
  });

  it('puts every path in the shard of its prefix, and the same paths give the same shards', () => {
    const files = new Map(Array.from({ length: 1500 }, (_, i) => [`property/${i}/index.html`, `n${i}`]));
    const { index, shards } = buildIndex('b1', files);
    expect(index).toMatchObject({ build: 'b1', files: 1500, digits: 1 });
    expect(Object.keys(index.shards)).toEqual([...'0123456789abcdef']);
    const read = new Map(
      shards.map((s) => [s.name, JSON.parse(s.body.toString()) as Record<string, string>]),
    );
    for (const [path, name] of files) expect(read.get(index.shards[shardOf(path, 1)]!)?.[path]).toBe(name);
    expect([...read.values()].reduce((n, shard) => n + Object.keys(shard).length, 0)).toBe(1500);
    // Another build of the same files in another order: the same shard objects, so none is sent again.
    const again = buildIndex('b2', new Map([...files].reverse()));
    expect(again.index.shards).toEqual(index.shards);
    // One changed name changes one shard.
    const changed = buildIndex('b3', new Map([...files, ['property/7/index.html', 'other']]));
    const differ = Object.keys(index.shards).filter((p) => changed.index.shards[p] !== index.shards[p]);
    expect(differ).toEqual([shardOf('property/7/index.html', 1)]);
  });

  it('reads back an index or a shard, and tells an older layout or damage apart', () => {
    const { index } = buildIndex('b1', new Map([['index.html', 'n1']]));
    expect(asBuildIndex(JSON.parse(JSON.stringify(index)))).toEqual(index);
    // The pointer's build in an older version's layout has no index: it is no build of this layout.
    expect(asBuildIndex(null)).toBeNull();
    expect(asBuildIndex({ build: 'b0', files: { 'index.html': 'md5' } })).toBeNull();
    expect(asShard({ 'index.html': 'n1' }, 's')).toEqual({ 'index.html': 'n1' });
    expect(() => asShard(['n1'], 's')).toThrow('the shard s of the site in the bucket is not a shard');
  });
});
