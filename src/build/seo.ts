import type { Amenity, Property } from '../contract/index.ts';
import type { agency as agencyConfig } from './site-config.ts';

type Agency = ReturnType<typeof agencyConfig>;

/** schema.org description of the agency, for search engines (home and about pages). */
export function agencyJsonLd(a: Agency) {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: a.name,
    url: a.siteUrl,
    logo: `${a.siteUrl}${a.logo ?? '/favicon.svg'}`,
    telephone: a.phone,
    email: a.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.address,
      addressLocality: 'Kinshasa',
      addressCountry: 'CD',
    },
    ...(a.position
      ? { geo: { '@type': 'GeoCoordinates', latitude: a.position.lat, longitude: a.position.long } }
      : {}),
    ...(a.social.length ? { sameAs: a.social.map(([, url]) => url) } : {}),
    areaServed: { '@type': 'City', name: 'Kinshasa' },
  };
}

const AVAILABILITY: Record<Property['status'], string> = {
  available: 'https://schema.org/InStock',
  hot: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
  unavailable: 'https://schema.org/OutOfStock',
};

/**
 * A listing as an offer (price and currency) for a place in its commune; its amenities as schema.org
 * `amenityFeature`, named in the page's language (`amenityName`), and its availability date.
 */
export function listingJsonLd(
  p: Property,
  url: string,
  a: Agency,
  lang: string,
  amenityName: (amenity: Amenity) => string,
) {
  const images = p.media.filter((m) => m.type === 'image').map((m) => a.siteUrl + m.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: p.title,
    description: p.description,
    url,
    inLanguage: lang,
    datePosted: p.createdAt,
    image: images,
    about: {
      '@type': p.category === 'land' ? 'Landform' : p.category === 'office' ? 'Place' : 'Accommodation',
      name: p.title,
      floorSize: { '@type': 'QuantitativeValue', value: p.area, unitCode: 'MTK' },
      ...(p.bedrooms != null ? { numberOfBedrooms: p.bedrooms } : {}),
      ...(p.bathrooms != null ? { numberOfBathroomsTotal: p.bathrooms } : {}),
      address: {
        '@type': 'PostalAddress',
        streetAddress: p.address,
        addressLocality: p.state,
        addressRegion: 'Kinshasa',
        addressCountry: 'CD',
      },
      ...(p.lat != null && p.long != null
        ? { geo: { '@type': 'GeoCoordinates', latitude: p.lat, longitude: p.long } }
        : {}),
      ...(p.amenities.length > 0
        ? {
            amenityFeature: p.amenities.map((amenity) => ({
              '@type': 'LocationFeatureSpecification',
              name: amenityName(amenity),
              value: true,
            })),
          }
        : {}),
    },
    offers: {
      '@type': 'Offer',
      price: p.price,
      priceCurrency: p.currency,
      businessFunction:
        p.type === 'rent'
          ? 'https://purl.org/goodrelations/v1#LeaseOut'
          : 'https://purl.org/goodrelations/v1#Sell',
      availability: AVAILABILITY[p.status],
      ...(p.availableFrom ? { availabilityStarts: p.availableFrom } : {}),
      seller: { '@type': 'RealEstateAgent', name: a.name, telephone: a.phone },
      ...(p.type === 'rent'
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: p.price,
              priceCurrency: p.currency,
              unitCode: 'MON',
            },
          }
        : {}),
    },
  };
}

/**
 * A commune's page (decision 0029): the commune as a `Place` in Kinshasa with its centre, and the listings
 * the page shows as an `ItemList` of links to their pages, in the page's order.
 */
export function communeJsonLd(
  page: { url: string; name: string; description: string },
  commune: { name: string; lat: number; long: number },
  listings: readonly { url: string; name: string }[],
) {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Place',
        name: commune.name,
        url: page.url,
        geo: { '@type': 'GeoCoordinates', latitude: commune.lat, longitude: commune.long },
        address: {
          '@type': 'PostalAddress',
          addressLocality: commune.name,
          addressRegion: 'Kinshasa',
          addressCountry: 'CD',
        },
        containedInPlace: { '@type': 'City', name: 'Kinshasa' },
      },
      {
        '@type': 'ItemList',
        name: page.name,
        description: page.description,
        url: page.url,
        numberOfItems: listings.length,
        itemListElement: listings.map((l, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: l.url,
          name: l.name,
        })),
      },
    ],
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the tag. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');
