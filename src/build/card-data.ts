import type { Property } from '../contract/index.ts';
import type { Lang } from '../i18n/index.ts';
import type { CardData } from '../shared/card.ts';
import { decodeMedia, encodeMedia } from '../shared/listing-index.ts';
import { listingText } from '../shared/listing-text.ts';
import { moveInMonths } from '../shared/money.ts';

/**
 * A listing of the build as its card shows it (src/components/BuiltCard.astro). Its media go through the
 * catalogue index's own codec, so the built card and the island's card of the same listing (its media shard
 * read) get the same addresses and srcset (decision 0052); the title is in the page's language
 * (decision 0029). Not in src/shared: the browser never needs it, and a module there joins the pages' shared
 * script chunks.
 */
export function cardOfProperty(p: Property, lang: Lang): CardData {
  return {
    ...p,
    detailed: true,
    title: listingText(p, lang).title,
    media: p.media.map((m) => decodeMedia(encodeMedia(m))),
    mediaCount: p.media.length,
    moveInMonths: p.type === 'rent' ? moveInMonths(p) : null,
  };
}
