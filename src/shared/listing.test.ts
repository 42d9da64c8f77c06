import { describe, expect, it } from 'vitest';
import { property } from '../build/catalogue-fixtures.ts';
import { islandMessages, pageTools } from '../build/page.ts';
import type { Property } from '../contract/index.ts';
import { createTranslator, LANGS } from '../i18n/index.ts';
import { LISTING_MESSAGES, listingView, safeUrl } from './listing.ts';

const agency = { name: 'Ndako', phone: '+243 81 000 0000', email: 'info@ndako.cd', whatsapp: '243810000000' };
const siteUrl = 'https://ndako.cd';

const listing: Property = property({
  id: 42,
  title: 'Villa <b>piscine</b>',
  description: 'Belle villa',
  price: 1500,
  type: 'rent',
  bedrooms: 1,
  area: 1250,
  state: 'Gombe',
  lat: -4.3,
  long: 15.3,
  features: ['Piscine'],
  amenities: ['generator', 'pool'],
  media: [
    {
      type: 'image',
      url: '/media/a-1600.webp',
      thumbnail: '/media/a-thumb.webp',
      width: 1600,
      height: 1000,
      variants: [
        { width: 480, url: '/media/a-480.webp' },
        { width: 960, url: '/media/a-960.webp' },
      ],
    },
    { type: 'video', url: '/media/b.mp4' },
    { type: '3d', url: 'javascript:alert(1)' },
  ],
  managerId: 3,
  agent: {
    id: 3,
    name: 'Grâce Tshala',
    role: 'Agent Senior',
    phone: '+243 81 555 0000',
    email: 'grace@ndako.cd',
    photo: null,
  },
  status: 'hot',
  featured: false,
});

const rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: '2026-11-12T09:30:00.000Z' };

describe('listingView', () => {
  it('needs no string beyond LISTING_MESSAGES, the part of the dictionary the live page receives', () => {
    for (const lang of LANGS) {
      const { t } = pageTools(lang);
      const part = createTranslator(islandMessages(lang, LISTING_MESSAGES));
      const terms = { advanceMonths: 3, depositMonths: 2, commissionMonths: 1 };
      for (const p of [
        listing,
        { ...listing, agent: null, status: 'sold' as const, bedrooms: 3 },
        { ...listing, ...terms },
        { ...listing, ...terms, depositMonths: null },
      ]) {
        expect(listingView(p, { t: part, lang, siteUrl, agency, rates })).toEqual(
          listingView(p, { t, lang, siteUrl, agency, rates }),
        );
      }
    }
  });

  it('says price, facts and where in the page language', () => {
    const v = listingView(listing, { t: pageTools('en').t, lang: 'en', siteUrl, agency, rates });
    expect(v.price).toBe('1,500 USD/month');
    expect(v.type).toBe('For rent');
    expect(v.where).toBe('Avenue des Aviateurs 3, Gombe');
    expect(v.documentTitle).toBe('Villa <b>piscine</b> — Gombe');
    expect(v.facts).toEqual([
      { text: '1 bedroom', status: false },
      { text: '1,250 m²', status: false },
      { text: 'Villa', status: false },
      { text: 'Special offer', status: true },
    ]);
    expect(v.map).toEqual({
      lat: -4.3,
      lng: 15.3,
      label: expect.stringContaining('Villa'),
      commune: 'Gombe commune',
    });
    expect(v.approx).toBe('≈ 4,200,000 CDF/month');
    expect(v.rateNote).toBe('Rate of 12/11/2026: 1 USD = 2,800 CDF · 1 EUR = 1.1 USD');
    expect(v.moveIn).toBeNull();
  });

  it('breaks down the cost of moving into a rental', () => {
    const terms = { advanceMonths: 3, depositMonths: 2, commissionMonths: 1 };
    const v = listingView(
      { ...listing, ...terms },
      { t: pageTools('fr').t, lang: 'fr', siteUrl, agency, rates },
    );
    expect(v.moveIn?.total).toMatchObject({ months: 6, amount: '9,000 USD', approx: '≈ 25,200,000 CDF' });
    expect(v.moveIn?.lawBadge).toBe('Garantie conforme à la loi');
  });

  it('writes to the agent on WhatsApp with the page link in the visitor language', () => {
    const v = listingView(listing, { t: pageTools('ln').t, lang: 'ln', siteUrl, agency, rates });
    expect(v.url).toBe('https://ndako.cd/ln/property/42');
    expect(v.whatsapp).toMatch(/^https:\/\/wa\.me\/243815550000\?text=/);
    expect(decodeURIComponent(v.whatsapp.split('text=')[1]!)).toContain('https://ndako.cd/ln/property/42');
    expect(v.contact).toMatchObject({ name: 'Grâce Tshala', tel: 'tel:+243815550000', photo: undefined });
  });

  it('shows the agency, its number and logo when the listing has no agent (spec §3)', () => {
    const v = listingView(
      { ...listing, agent: null },
      { t: pageTools('fr').t, lang: 'fr', siteUrl, agency, rates },
    );
    expect(v.contact).toMatchObject({ name: 'Ndako', role: 'Agence immobilière', photo: '/favicon.svg' });
    expect(v.whatsapp).toMatch(/^https:\/\/wa\.me\/243810000000\?/);
    expect(v.url).toBe('https://ndako.cd/property/42');
  });

  it('takes the middle width of an image, eager first, and drops addresses that are not the site or https', () => {
    const [image, video, tour] = listingView(listing, {
      t: pageTools('fr').t,
      lang: 'fr',
      siteUrl,
      agency,
      rates,
    }).media;
    expect(image?.image).toMatchObject({
      src: '/media/a-960.webp',
      srcset: '/media/a-480.webp 480w, /media/a-960.webp 960w',
      loading: 'eager',
      fetchpriority: 'high',
      alt: 'Photo 1 sur 3',
    });
    expect(video?.url).toBe('/media/b.mp4');
    expect(tour?.url).toBeUndefined();
    expect(safeUrl('https://tour.example/x')).toBe('https://tour.example/x');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'data:text/html,x', 'http://x.example', null])
      expect(safeUrl(bad)).toBeUndefined();
  });
});
