import { describe, expect, it } from 'vitest';
import type { Property } from '../contract/index.ts';
import { property as catalogueProperty } from './catalogue-fixtures.ts';
import { agencyJsonLd, communeJsonLd, jsonLdText, listingJsonLd } from './seo.ts';

const agency = {
  name: 'Ndako Immobilier',
  phone: '+243 81 234 5678',
  phoneHref: 'tel:+243812345678',
  email: 'contact@ndako.cd',
  whatsapp: '243812345678',
  address: '12, avenue du Commerce, Gombe, Kinshasa',
  logo: '/media/logo.webp',
  position: { lat: -4.3, long: 15.31 },
  hours: { weekdays: '8:00 – 18:00', saturday: '', sunday: '' },
  figures: { clients: 22, foundedYear: null },
  social: [['Facebook', 'https://www.facebook.com/ndako']] as [string, string][],
  siteUrl: 'https://ndako.cd',
};

// The catalogue's fixture with what these tests look at: a title that tries to close the script element.
const property: Property = catalogueProperty({
  id: 7,
  title: 'Villa </script><script>alert(1)</script> à Ngaliema',
  description: 'Belle villa',
  price: 2500,
  type: 'rent',
  bathrooms: 3,
  area: 450,
  lat: -4.37,
  media: [{ type: 'image', url: '/media/abc-1600.webp' }],
  featured: false,
});

const name = (a: string) => `«${a}»`;

describe('JSON-LD', () => {
  it('lists the amenities as amenityFeature, named in the page language, and the availability date', () => {
    const ld = listingJsonLd(
      { ...property, amenities: ['generator', 'pool'], availableFrom: '2026-12-01' },
      '',
      agency,
      'fr',
      name,
    );
    expect(ld.about.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: '«generator»', value: true },
      { '@type': 'LocationFeatureSpecification', name: '«pool»', value: true },
    ]);
    expect(ld.offers).toMatchObject({ availabilityStarts: '2026-12-01' });
    const bare = listingJsonLd(property, '', agency, 'fr', name);
    expect(bare.about).not.toHaveProperty('amenityFeature');
    expect(bare.offers).not.toHaveProperty('availabilityStarts');
  });

  it('describes a listing as an offer with its price and currency', () => {
    const ld = listingJsonLd(property, 'https://ndako.cd/property/7', agency, 'fr', name);
    expect(ld).toMatchObject({
      '@type': 'RealEstateListing',
      url: 'https://ndako.cd/property/7',
      image: ['https://ndako.cd/media/abc-1600.webp'],
      offers: {
        '@type': 'Offer',
        price: 2500,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        priceSpecification: { unitCode: 'MON' },
      },
      about: {
        numberOfBedrooms: 4,
        floorSize: { value: 450, unitCode: 'MTK' },
        address: { addressLocality: 'Ngaliema', addressCountry: 'CD' },
      },
    });
    expect(
      listingJsonLd({ ...property, type: 'sale', status: 'sold' }, '', agency, 'fr', name).offers,
    ).not.toHaveProperty('priceSpecification');
  });

  it('describes the agency as a real-estate agent', () => {
    expect(agencyJsonLd(agency)).toMatchObject({
      '@type': 'RealEstateAgent',
      name: 'Ndako Immobilier',
      telephone: '+243 81 234 5678',
      address: { addressCountry: 'CD' },
      logo: 'https://ndako.cd/media/logo.webp',
      geo: { latitude: -4.3, longitude: 15.31 },
      sameAs: ['https://www.facebook.com/ndako'],
    });
    const plain = agencyJsonLd({ ...agency, logo: null, position: null, social: [] });
    expect(plain.logo).toBe('https://ndako.cd/favicon.svg');
    expect(plain).not.toHaveProperty('geo');
    expect(plain).not.toHaveProperty('sameAs');
  });

  it('cannot be broken out of by a title', () => {
    const text = jsonLdText(listingJsonLd(property, '', agency, 'fr', name));
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe(property.title);
  });

  it("describes a commune's page as a Place with its centre and its listings as an ItemList", () => {
    const data = communeJsonLd(
      { url: 'https://ndako.cd/en/communes/gombe', name: 'Property in Gombe', description: '2 properties' },
      { name: 'Gombe', lat: -4.305, long: 15.303 },
      [
        { url: 'https://ndako.cd/en/property/7', name: 'Villa </script>' },
        { url: 'https://ndako.cd/en/property/3', name: 'Flat' },
      ],
    );
    const [place, list] = data['@graph'] as [
      object,
      { itemListElement: { position: number; url: string }[] },
    ];
    expect(place).toMatchObject({
      '@type': 'Place',
      name: 'Gombe',
      geo: { '@type': 'GeoCoordinates', latitude: -4.305, longitude: 15.303 },
      address: { addressLocality: 'Gombe', addressRegion: 'Kinshasa', addressCountry: 'CD' },
    });
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
    expect(list.itemListElement.map((i) => [i.position, i.url])).toEqual([
      [1, 'https://ndako.cd/en/property/7'],
      [2, 'https://ndako.cd/en/property/3'],
    ]);
    expect(jsonLdText(data)).not.toContain('</script>');
  });
});
