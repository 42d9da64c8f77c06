import { memo, useEffect, useState } from 'react';
import type { Lang } from '../../i18n/core.ts';
import type { Translate } from '../../i18n/types.ts';
import type { Listing } from '../../shared/listing-index.ts';
import type { Rates } from '../../shared/money.ts';
import { PropertyCard } from '../PropertyCard.tsx';
import { whenIdle } from './idle.ts';

// A card renders again only when its listing (or the layout) changes, not when the next one is mounted.
const Card = memo(PropertyCard);

/** The cards a change shows at once when the rest are still to be mounted: the grid's first row at its widest
 *  (card.css: columns of at least 16 rem in the page's width, four at most). */
const FIRST_ROW = 4;

interface Props {
  cards: Listing[];
  /** Whether the visitor's own query is on screen: until then the build's cards show, these wait hidden. */
  own: boolean;
  layout: 'grid' | 'list';
  lang: Lang;
  t: Translate;
  rates: Rates;
  /** Localized path prefix of property pages, e.g. '/en/property/'. */
  propertyPath: string;
}

/**
 * The island's own cards (decision 0043): hidden while the build's show, mounted one per idle moment, so that
 * the first change only updates them; a change that comes before they are all mounted shows the first row at
 * once and the rest as they are mounted. Their own component, with its own count of mounted cards: each card
 * mounted ahead renders this list alone, not the filters and the rest of the catalogue (decision 0046).
 */
export function ResultCards({ cards, own, layout, lang, t, rates, propertyPath }: Props) {
  const [ahead, setAhead] = useState(0);
  useEffect(() => {
    if (ahead >= cards.length) return;
    return whenIdle(() => setAhead((n) => n + 1));
  }, [ahead, cards.length]);
  const mounted = own ? Math.max(ahead, FIRST_ROW) : ahead;
  return (
    <div
      className={!own ? 'results-ahead' : layout === 'list' ? 'results list' : 'results grid'}
      hidden={!own}
    >
      {/* Keyed by position: a filter change or a new page updates the nine cards' text and pictures in
          place rather than removing nine cards and building nine; each card starts its carousel again
          for a new listing. */}
      {cards.slice(0, mounted).map((listing, i) => (
        <Card
          key={i}
          listing={listing}
          lang={lang}
          t={t}
          rates={rates}
          href={`${propertyPath}${listing.id}`}
          layout={layout}
          eager={own && i < 3}
        />
      ))}
    </div>
  );
}
