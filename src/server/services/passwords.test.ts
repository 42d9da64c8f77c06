import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with scrypt N=2^17 and verifies only the right password', async () => {
    const hash = await hashPassword('mot de passe très long');
    expect(hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(hash).not.toContain('mot de passe');
    expect(await verifyPassword('mot de passe très long', hash)).toBe(true);
    expect(await verifyPassword('mot de passe tres long', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(await hashPassword('mot de passe très long')).not.toBe(hash);
  });

  // The API suites lower the cost (vitest.config.ts); production must keep 2^17 whatever else is set.
  it('keeps N=2^17 by default and refuses a lower cost outside the test suites', () => {
    expect(parseEnv({}).SCRYPT_LOG2_N).toBe(17);
    expect(parseEnv({ NODE_ENV: 'production' }).SCRYPT_LOG2_N).toBe(17);
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => parseEnv({ NODE_ENV, SCRYPT_LOG2_N: '12' })).toThrow(/SCRYPT_LOG2_N/);
    }
    expect(parseEnv({ NODE_ENV: 'test', SCRYPT_LOG2_N: '12' }).SCRYPT_LOG2_N).toBe(12);
    expect(parseEnv({ NODE_ENV: 'production', SCRYPT_LOG2_N: '18' }).SCRYPT_LOG2_N).toBe(18);
  });
});
