import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COMMUNES,
  featuresFromText,
  MediaUrl,
  MessageInput,
  Phone,
  PropertyInput,
  PropertyListQuery,
  propertyIdFromUrl,
  TEAM_ROLES,
  VisitRequestInput,
} from './index.ts';

/** A comma-separated list of the specification, read from it rather than copied here. */
const spec = readFileSync(new URL('../../docs/spec/SPEC.md', import.meta.url), 'utf8');
const specList = (pattern: RegExp) => spec.match(pattern)?.[1]?.split(', ');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("contract: the spec's lists and the helpers", () => {
  it('has the 24 communes and the six roles of the spec, in its order', () => {
    expect(COMMUNES).toHaveLength(24);
    expect(new Set(COMMUNES).size).toBe(24);
    expect(COMMUNES).toEqual(specList(/### Communes \(24\)\n(.+)\./));
    expect(TEAM_ROLES).toEqual(specList(/Roles offered: (.+)\./));
  });

  it('splits the features line on commas, trimmed, empties dropped', () => {
    expect(featuresFromText(' Forage, , groupe électrogène ,parking,')).toEqual([
      'Forage',
      'groupe électrogène',
      'parking',
    ]);
  });

  it('reads the property id out of a page address', () => {
    expect(propertyIdFromUrl('https://ndako.cd/en/property/42')).toBe(42);
    expect(propertyIdFromUrl('http://localhost:4321/property/7?x=1')).toBe(7);
    expect(propertyIdFromUrl('https://ndako.cd/properties')).toBeNull();
    expect(propertyIdFromUrl(undefined)).toBeNull();
  });
});

describe('contract: listings and their media', () => {
  it('applies the form defaults of the spec to a new property', () => {
    const p = PropertyInput.parse({
      title: 'T',
      description: 'D',
      price: 1,
      area: 2,
      address: 'A',
      state: 'Gombe',
    });
    expect(p).toMatchObject({
      currency: 'USD',
      type: 'sale',
      category: 'apartment',
      status: 'available',
      features: [],
      media: [],
    });
  });

  it('refuses media addresses that could run script', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/x.png',
      '/media/../../etc/passwd',
      'http://x.y/a.png',
    ]) {
      expect(MediaUrl.safeParse(bad).success, bad).toBe(false);
    }
    expect(MediaUrl.safeParse('/media/abc-480.webp').success).toBe(true);
    expect(MediaUrl.safeParse('https://my.matterport.com/show/?m=abc').success).toBe(true);
  });
});

describe('contract: what visitors send', () => {
  it('accepts phone numbers as people write them', () => {
    for (const ok of ['+243 81 234 5678', '0812345678', '(+243) 99-123-4567'])
      expect(Phone.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['abc', '12', '+243 81 234 5678 ext. 9'])
      expect(Phone.safeParse(bad).success, bad).toBe(false);
  });

  it('treats an empty optional phone or e-mail as absent', () => {
    const m = MessageInput.parse({
      senderName: 'A',
      senderEmail: 'A@B.CD',
      senderPhone: '',
      subject: 'S',
      content: 'C',
    });
    expect(m.senderPhone).toBeUndefined();
    expect(m.senderEmail).toBe('a@b.cd');
    const v = VisitRequestInput.parse({ name: 'A', visitDate: day(3), telephone: '0812345678', email: '' });
    expect(v.email).toBeUndefined();
  });

  it('books visits from today to a year ahead only', () => {
    const visit = (visitDate: string) =>
      VisitRequestInput.safeParse({ name: 'A', visitDate, telephone: '0812345678' }).success;
    expect(visit(day(0))).toBe(true);
    expect(visit(`${day(5)}T10:30`)).toBe(true);
    expect(visit(day(-10))).toBe(false);
    expect(visit(day(400))).toBe(false);
    expect(visit('2026-02-30')).toBe(false);
    expect(visit('demain')).toBe(false);
  });
});

describe('contract: queries', () => {
  it('parses catalogue queries from strings', () => {
    const q = PropertyListQuery.parse({
      page: '2',
      limit: '9',
      featured: 'true',
      minPrice: '1000',
      state: 'Limete',
    });
    expect(q).toMatchObject({
      page: 2,
      limit: 9,
      featured: true,
      minPrice: 1000,
      state: 'Limete',
      sort: 'newest',
    });
    expect(PropertyListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(PropertyListQuery.safeParse({ featured: 'yes' }).success).toBe(false);
    expect(PropertyListQuery.safeParse({ state: 'Paris' }).success).toBe(false);
  });
});
