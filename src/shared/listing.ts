/**
 * What a property page shows of a listing, computed once: the pre-built page's components use it at build
 * time, and src/scripts/live-listing.ts in the browser for a listing added since the last publish, so both
 * pages say the same thing. It loads no dictionary, no configuration and no zod: the caller passes them.
 */
import type { MediaItem, Property } from '../contract/index.ts';
import { telHref, whatsappDigits } from './phone.ts';
import { shareLinks } from './share-links.ts';
import { whatsappLink } from './whatsapp.ts';
import { approxPriceWith, moveInView, rateNoteWith, type Rates } from './money.ts';
import {
  formatAreaWith,
  formatPriceWith,
  localizePath,
  pluralKey,
  TEAM_ROLE_KEYS,
  type Lang,
} from '../i18n/core.ts';
import type { Translate } from '../i18n/types.ts';
import { communePath } from './communes.ts';
import { listingText } from './listing-text.ts';

/** The agency's details that stand in for a listing without an agent (spec §3). */
export interface AgencyContact {
  name: string;
  phone: string;
  email: string;
  /** Digits only. */
  whatsapp: string;
  /** The uploaded logo (/media/…); the site's mark when there is none. */
  logo?: string | null;
}

export interface ListingContext {
  t: Translate;
  lang: Lang;
  /** The site's public address, for the page link put in the WhatsApp text and the share links. */
  siteUrl: string;
  agency: AgencyContact;
  /** The exchange rates of the build (the live page receives the same ones): decision 0021. */
  rates: Rates;
}

/** The dictionary keys (by prefix) listingView reads: the live page receives only these. */
export const LISTING_MESSAGES = [
  'meta.property.title',
  'type.',
  'category.',
  'status.',
  'facts.bedrooms.',
  'facts.bathrooms.',
  'media.image',
  'media.video',
  'media.3d',
  'price.perMonth',
  'unit.squareMeters',
  'teamRole.',
  'property.gallery.position',
  'property.gallery.thumbnail',
  'property.map.label',
  'property.map.commune',
  'property.agent.agencyRole',
  'property.agent.photoAlt',
  'property.whatsappMessage',
  'property.share.text',
  'visit.property',
  'money.',
  'moveIn.',
  'listing.originalText',
  'commune.title',
] as const;

/**
 * Only the site's own paths and https addresses go into a src or an href: the contract accepts no other
 * media address, and this keeps a `javascript:` address out of the page whatever the API answers.
 */
export function safeUrl(url: string | null | undefined): string | undefined {
  return url && /^(\/(?![/\\])|https:\/\/)/.test(url) ? url : undefined;
}

function mediaView(m: MediaItem, i: number, total: number, t: Translate) {
  const kind = t(m.type === '3d' ? 'media.3d' : m.type === 'video' ? 'media.video' : 'media.image');
  const variants = m.variants?.filter((v) => safeUrl(v.url));
  return {
    type: m.type,
    kind,
    url: safeUrl(m.url),
    title: m.title ?? kind,
    thumbnail: safeUrl(m.thumbnail),
    thumbnailLabel: t('property.gallery.thumbnail', { n: i + 1, kind }),
    /** The attributes of the <img> of an image. */
    image: {
      src: safeUrl(variants?.[1]?.url ?? m.url),
      srcset: variants?.map((v) => `${v.url} ${v.width}w`).join(', '),
      width: m.width ?? 1200,
      height: m.height ?? 750,
      alt: t('property.gallery.position', { kind, n: i + 1, total }),
      loading: i === 0 ? ('eager' as const) : ('lazy' as const),
      fetchpriority: i === 0 ? ('high' as const) : undefined,
    },
  };
}

export function listingView(p: Property, { t, lang, siteUrl, agency, rates }: ListingContext) {
  const url = siteUrl + localizePath(`/property/${p.id}`, lang);
  // The title and description in the page's language, or the French ones (decision 0029).
  const text = listingText(p, lang);
  const title = text.title;
  const price = formatPriceWith(t, p.price, p.currency, p.type);
  const count = (base: 'facts.bedrooms' | 'facts.bathrooms', n: number | null) =>
    n == null ? [] : [{ text: t(pluralKey(base, lang, n), { count: n }), status: false }];
  // Spec §3: without an agent, the agency's name, phone and logo stand in.
  const a = p.agent;
  const contact = a
    ? { name: a.name, role: t(TEAM_ROLE_KEYS[a.role]), phone: a.phone, email: a.email, photo: a.photo }
    : {
        name: agency.name,
        role: t('property.agent.agencyRole'),
        phone: agency.phone,
        email: agency.email,
        photo: agency.logo ?? '/favicon.svg',
      };
  const shareText = t('property.share.text', { title: title, price });
  return {
    url,
    title,
    description: text.description,
    /** The language of the title and description: the page's, or French when it stands in. */
    textLang: text.lang,
    /** "Texte original en français" when the French text stands in for the page's language, else null. */
    originalNotice: text.original ? t('listing.originalText') : null,
    /** The commune's page. */
    commune: {
      href: localizePath(communePath(p.state), lang),
      text: t('commune.title', { commune: p.state }),
    },
    price,
    /** The price in the other currency, and the rate it used. */
    approx: approxPriceWith(t, p.price, p.currency, p.type, rates),
    rateNote: rateNoteWith(t, rates),
    /** The "Pour emménager" block (rentals with at least one term known), or null. */
    moveIn: moveInView(p, t, lang, rates),
    documentTitle: t('meta.property.title', { title: title, commune: p.state }),
    type: t(`type.${p.type}`),
    where: `${p.address}, ${p.state}`,
    facts: [
      ...count('facts.bedrooms', p.bedrooms),
      ...count('facts.bathrooms', p.bathrooms),
      { text: formatAreaWith(t, p.area), status: false },
      { text: t(`category.${p.category}`), status: false },
      ...(p.status === 'available' ? [] : [{ text: t(`status.${p.status}`), status: true }]),
    ],
    media: p.media.map((m, i) => mediaView(m, i, p.media.length, t)),
    map:
      p.lat != null && p.long != null
        ? {
            lat: p.lat,
            lng: p.long,
            label: t('property.map.label', { title }),
            commune: t('property.map.commune', { commune: p.state }),
          }
        : null,
    contact: {
      ...contact,
      photo: safeUrl(contact.photo),
      photoAlt: t('property.agent.photoAlt', { name: contact.name }),
      tel: telHref(contact.phone),
      mailto: `mailto:${contact.email}`,
    },
    whatsapp: whatsappLink(
      // An agent's number may be typed the national way (0812…): wa.me needs the country code.
      a ? whatsappDigits(a.phone) : agency.whatsapp,
      t('property.whatsappMessage', { title: title, url }),
    ),
    share: shareLinks(url, shareText),
    visitTitle: t('visit.property', { title }),
  };
}

export type ListingView = ReturnType<typeof listingView>;
export type MediaView = ListingView['media'][number];
