import { describe, expect, it } from 'vitest';
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
});
