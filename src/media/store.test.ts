import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { mediaName } from './store.ts';

// MEDIA_STORE=s3 and SITE_STORE=s3 refuse to start without what they need to reach their bucket, and a media
// address is read back to a stored name only when it is one of ours.

const S3 = {
  S3_BUCKET: 'ndako-media',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  MEDIA_PUBLIC_BASE: 'https://media.ndako.cd/',
};

describe('object storage settings', () => {
  it('keep the local folder and SITE_DIR by default', () => {
    expect(parseEnv({})).toMatchObject({
      MEDIA_STORE: 'local',
      SITE_STORE: 'folder',
      SITE_S3_PREFIX: 'site',
    });
  });

  it('name every missing setting of MEDIA_STORE=s3', () => {
    expect(() => parseEnv({ MEDIA_STORE: 's3' })).toThrow(
      /S3_BUCKET: required[\s\S]*MEDIA_PUBLIC_BASE: required[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseEnv({ SITE_STORE: 's3', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /SITE_S3_BUCKET \(or S3_BUCKET\): required with SITE_STORE=s3/,
    );
  });

  it('take an https public base without its trailing slash, and refuse http', () => {
    expect(parseEnv({ MEDIA_STORE: 's3', ...S3 }).MEDIA_PUBLIC_BASE).toBe('https://media.ndako.cd');
    expect(() => parseEnv({ ...S3, MEDIA_PUBLIC_BASE: 'http://media.ndako.cd' })).toThrow(/https/);
    expect(() => parseEnv({ SITE_S3_PREFIX: '../x' })).toThrow(/SITE_S3_PREFIX/);
  });
});

describe('mediaName', () => {
  const base = 'https://media.ndako.cd';
  it('reads our addresses, stored or served', () => {
    expect(mediaName('/media/abc-480.webp', base)).toBe('abc-480.webp');
    expect(mediaName(`${base}/media/abc-480.webp`, base)).toBe('abc-480.webp');
  });
  it('refuses any other address', () => {
    for (const url of [
      `${base}/media/../x.webp`,
      `${base}.evil.cd/media/a.webp`,
      'https://elsewhere.cd/media/a.webp',
      '/media/.hidden',
      '/media/a/b.webp',
      null,
    ]) {
      expect(mediaName(url, base), String(url)).toBeNull();
    }
    expect(mediaName(`${base}/media/a.webp`, undefined)).toBeNull();
  });
});
