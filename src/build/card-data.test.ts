import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { createTranslator, LANGS, type Lang } from '../i18n/index.ts';
import { PropertyCard } from '../islands/PropertyCard.tsx';
import type { CardData } from '../shared/card.ts';
import { decodeCore, withCard } from '../shared/catalogue-files.ts';
import { decodeMedia } from '../shared/listing-index.ts';
import { cardOfProperty } from './card-data.ts';
import { buildCatalogueParts, buildMediaShards } from './catalogue-index.ts';
import { image, property } from './catalogue-fixtures.ts';
import { CARD_MESSAGES, islandMessages, pageTools } from './page.ts';

// The one card (decision 0052): the build's pages and the catalogue's island render the same component, from
// two paths of data: the build's Property (src/components/BuiltCard.astro) and the index the browser reads
// (core, card shard, media shard). For the same listing both must give the same markup.

const rates = { cdfPerUsd: 2800, usdPerEur: 1.1, setAt: '2026-11-12T09:30:00.000Z' };
const now = new Date('2026-11-20T12:00:00Z');
const video = {
  id: 'c'.repeat(32),
  type: 'video' as const,
  url: `/media/${'c'.repeat(32)}.mp4`,
  thumbnail: `/media/${'c'.repeat(32)}-thumb.webp`,
};
const tour = { id: 'd'.repeat(32), type: '3d' as const, url: 'https://tour.example/d' };
const rent = property({
  id: 42,
  type: 'rent',
  category: 'apartment',
  price: 1500,
  bedrooms: 3,
  bathrooms: 2,
  amenities: ['generator', 'guard', 'borehole'],
  advanceMonths: 3,
  depositMonths: 2,
  commissionMonths: 1,
  titleEn: 'Flat in Gombe',
  descriptionEn: 'A flat',
  media: [image('a'.repeat(32)), video, image('b'.repeat(32)), tour],
});
const sale = property({ id: 7, media: [] });
const film = property({ id: 9, media: [video, image('e'.repeat(32))] });

/** The listing as the catalogue's island has it on a page in `lang`: core, that language's card shard and
 *  (once flipped) media shard. */
function fromIndex(p: typeof rent, withShard: boolean, lang: Lang = 'fr'): CardData {
  const parts = buildCatalogueParts([p], rates, now);
  const [core] = decodeCore(parts.core);
  const shard = parts.cards[lang][0]!;
  const listing = withCard(core!, shard.rows[0]!, shard.media);
  const media = buildMediaShards([p]).get(0)?.[p.id]?.map(decodeMedia) ?? [];
  return withShard ? { ...listing, media } : listing;
}

function render(
  card: CardData,
  lang: Lang,
  t: (typeof pageTools extends (l: Lang) => infer R ? R : never)['t'],
) {
  return renderToString(
    h(PropertyCard, { listing: card, lang, t, rates, href: `/property/${card.id}`, eager: true }),
  );
}

describe('the property card, built and in the island', () => {
  // In every language: the rent has an English title (not a Lingala one), the others only French ones.
  for (const lang of LANGS)
    for (const p of [rent, sale, film]) {
      it(`gives the same markup from the build's listing and from the index (${lang}, ${p.type}, ${p.media.length} media)`, () => {
        const built = render(cardOfProperty(p, lang), lang, pageTools(lang).t);
        const t = createTranslator(islandMessages(lang, CARD_MESSAGES));
        expect(render(fromIndex(p, true, lang), lang, t)).toBe(built);
      });
    }

  it('shows in the island, before the media shard, the built card less its hidden slides', () => {
    const built = render(cardOfProperty(rent, 'fr'), 'fr', pageTools('fr').t);
    const island = render(
      fromIndex(rent, false),
      'fr',
      createTranslator(islandMessages('fr', CARD_MESSAGES)),
    );
    expect(built.match(/<div data-slide/g)).toHaveLength(4);
    expect(island).toBe(
      built.replace(/<div data-slide data-kind="\w+" hidden class="slide">.*?<\/div>/g, ''),
    );
  });

  it('carries what src/scripts/cards.ts answers, with the state of an empty browser', () => {
    const html = render(cardOfProperty(rent, 'fr'), 'fr', pageTools('fr').t);
    for (const hook of [
      'data-carousel',
      'data-slide',
      'data-prev',
      'data-next',
      'data-dot="3"',
      'data-badge',
    ])
      expect(html).toContain(hook);
    expect(html).toContain('data-fav="42" aria-pressed="false"');
    expect(html).toContain('data-compare="42" aria-pressed="false"');
    // A video is a picture (its poster) until shown; the 3D tour is a picture.
    expect(html).not.toContain('<video');
  });

  it('plays a first video, muted and without loading it before it is shown', () => {
    const html = render(cardOfProperty(film, 'fr'), 'fr', pageTools('fr').t);
    // cards.ts starts a [data-autoplay] video, unless the visitor saves data (decision 0026).
    expect(html).toMatch(
      /^<article class="card"><div data-carousel data-index="0" class="media"><div data-slide data-kind="video" class="slide"><video src="[^"]+\.mp4" poster="[^"]+" muted loop playsinline data-autoplay preload="none" width="400" height="300"><\/video>/,
    );
  });

  it("titles a card in the page's language, built or from the index, and in French where staff wrote none", () => {
    expect(render(cardOfProperty(rent, 'en'), 'en', pageTools('en').t)).toContain('>Flat in Gombe</a>');
    const t = createTranslator(islandMessages('en', CARD_MESSAGES));
    expect(render(fromIndex(rent, false, 'en'), 'en', t)).toContain('>Flat in Gombe</a>');
    expect(render(fromIndex(rent, false, 'ln'), 'ln', t)).toContain(`>${rent.title}</a>`);
    expect(render(fromIndex(rent, false, 'fr'), 'fr', t)).toContain(`>${rent.title}</a>`);
  });

  it('names a card waiting for its title by its commune and kind, for the links a screen reader lists', () => {
    const [core] = decodeCore(buildCatalogueParts([rent], rates, now).core);
    const t = createTranslator(islandMessages('fr', CARD_MESSAGES));
    const html = render(core!, 'fr', t);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(
      `<h3><a href="/property/42"><span class="visually-hidden">${rent.state} · Appartement</span></a></h3>`,
    );
  });

  it('leaves the heart off a still card, and shows its first picture only', () => {
    const html = renderToString(
      h(PropertyCard, {
        listing: cardOfProperty(rent, 'fr'),
        lang: 'fr',
        t: pageTools('fr').t,
        rates,
        href: '/property/42',
        still: true,
      }),
    );
    expect(html).not.toContain('data-fav');
    expect(html.match(/data-slide/g)).toHaveLength(1);
    expect(html).not.toContain('data-dot');
  });
});
