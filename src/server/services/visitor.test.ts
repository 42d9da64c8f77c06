import { describe, expect, it } from 'vitest';
import { kinshasaDay } from '../../shared/kinshasa-time.ts';
import { addressKey, visitorIdentities } from './visitor.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address whole, mapped or not', () => {
    expect(addressKey('41.243.12.7')).toBe('41.243.12.7');
    expect(addressKey('::ffff:41.243.12.7')).toBe('41.243.12.7');
  });

  it('keeps the /64 of an IPv6 address, whatever its spelling', () => {
    expect(addressKey('2c0f:f4c0:1:2:aaaa:bbbb:cccc:dddd')).toBe('2c0f:f4c0:1:2::/64');
    expect(addressKey('2c0f:f4c0:0001:0002::1')).toBe('2c0f:f4c0:1:2::/64');
    expect(addressKey('2c0f::1')).toBe('2c0f:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('visitorIdentities', () => {
  const salts = new Map([
    ['2026-11-28', 'salt-a'],
    ['2026-11-29', 'salt-b'],
  ]);
  const identify = visitorIdentities(async (day) => salts.get(day)!);
  const noon = new Date('2026-11-28T11:00:00Z');

  it('is one visitor per address /64 and browser for the day, and changes with the day', async () => {
    const a = await identify('2c0f:f4c0:1:2::5', 'Phone', noon);
    expect(a.day).toBe('2026-11-28');
    expect(await identify('2c0f:f4c0:1:2::9', 'Phone', noon)).toEqual(a);
    const other = await identify('2c0f:f4c0:1:2::9', 'Laptop', noon);
    expect(other.visitor).not.toBe(a.visitor);
    expect(other.address).toBe(a.address);
    // 23:30 UTC is already the next day in Kinshasa: a new salt, nothing in common.
    const next = await identify('2c0f:f4c0:1:2::5', 'Phone', new Date('2026-11-28T23:30:00Z'));
    expect(next.day).toBe('2026-11-29');
    expect(next.visitor).not.toBe(a.visitor);
    expect(next.address).not.toBe(a.address);
  });

  it('keeps nothing readable of the address or the browser', async () => {
    const a = await identify('41.243.12.7', 'Phone', noon);
    expect(a.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(a.address).toMatch(/^[0-9a-f]{32}$/);
    expect(kinshasaDay(noon)).toBe('2026-11-28');
  });
});
