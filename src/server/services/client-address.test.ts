import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address, plain or IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys every address of one IPv6 /64 alike, however it is written', () => {
    const key = addressKey('2001:db8:1:2::1');
    for (const ip of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:a:b:c:d',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
    ]) {
      expect(addressKey(ip), ip).toBe(key);
    }
  });

  it('keeps neighbouring /64s apart', () => {
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:0:1:2::1'));
  });
});
