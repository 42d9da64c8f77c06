import { useEffect, useState } from 'react';
import { AMENITIES, PROPERTY_CATEGORIES, PROPERTY_TYPES } from '../../shared/enums.ts';
import type { Translate } from '../../i18n/types.ts';
import { DEFAULT_FILTERS } from '../../shared/catalogue-filter.ts';
import type { Rates } from '../../shared/money.ts';
import {
  AREA_RANGE,
  currencyChange,
  DEFAULT_QUERY,
  FILTER_CURRENCIES,
  PRICE_RANGE,
  type CatalogueQuery,
  type FilterCurrency,
  type View,
} from './query.ts';

// Every filter back to its default (DEFAULT_FILTERS); the view stays as it is.

interface Props {
  query: CatalogueQuery;
  communes: readonly string[];
  t: Translate;
  /** The build's rates: a currency switch carries the price bounds into the new currency. */
  rates: Rates;
  onChange: (patch: Partial<CatalogueQuery>) => void;
}

const SEARCH_DELAY_MS = 300;

/** The catalogue's filters (spec §2): text, type, category, commune, the price/area panel, the view switch. */
export function Filters({ query, communes, t, rates, onChange }: Props) {
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  useEffect(() => {
    if (text === query.q) return;
    const timer = setTimeout(() => onChange({ q: text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query.q, onChange]);

  const number = (value: string, fallback: number) => {
    const n = Number(value);
    return value.trim() === '' || !Number.isFinite(n) || n < 0 ? fallback : n;
  };
  const rangeChanged =
    query.minPrice !== PRICE_RANGE.min ||
    query.maxPrice !== PRICE_RANGE.max ||
    query.currency !== DEFAULT_QUERY.currency ||
    query.minArea !== AREA_RANGE.min ||
    query.maxArea !== AREA_RANGE.max;

  return (
    <form
      className="filters"
      role="search"
      onSubmit={(e) => {
        // Enter in any field applies the text and the four range fields at once.
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const field = (name: string, fallback: number) => number(String(form.get(name) ?? ''), fallback);
        onChange({
          q: text,
          minPrice: field('minPrice', PRICE_RANGE.min),
          maxPrice: field('maxPrice', PRICE_RANGE.max),
          minArea: field('minArea', AREA_RANGE.min),
          maxArea: field('maxArea', AREA_RANGE.max),
        });
      }}
    >
      <div className="search-row">
        <label className="visually-hidden" htmlFor="cat-q">
          {t('catalogue.search.label')}
        </label>
        <input
          id="cat-q"
          type="search"
          value={text}
          placeholder={t('catalogue.search.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="selects">
        <label>
          <span>{t('catalogue.filters.type')}</span>
          <select
            value={query.type}
            onChange={(e) => onChange({ type: e.target.value as CatalogueQuery['type'] })}
          >
            <option value="">{t('catalogue.filters.typeAll')}</option>
            {PROPERTY_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`type.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('catalogue.filters.category')}</span>
          <select
            value={query.category}
            onChange={(e) => onChange({ category: e.target.value as CatalogueQuery['category'] })}
          >
            <option value="">{t('catalogue.filters.categoryAll')}</option>
            {PROPERTY_CATEGORIES.map((v) => (
              <option key={v} value={v}>
                {t(`category.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('catalogue.filters.commune')}</span>
          <select
            value={query.state}
            onChange={(e) => onChange({ state: e.target.value as CatalogueQuery['state'] })}
          >
            <option value="">{t('catalogue.filters.communeAll')}</option>
            {communes.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      </div>
      <details className="ranges" open={rangeChanged || undefined}>
        <summary>{t('catalogue.filters.more')}</summary>
        <div className="range-grid">
          <label className="currency">
            <span>{t('catalogue.filters.currency')}</span>
            <select
              name="currency"
              value={query.currency}
              onChange={(e) => onChange(currencyChange(query, e.target.value as FilterCurrency, rates))}
            >
              {FILTER_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('catalogue.filters.priceMin')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name="minPrice"
              defaultValue={query.minPrice}
              key={`minp${query.minPrice}`}
              onBlur={(e) => onChange({ minPrice: number(e.target.value, PRICE_RANGE.min) })}
            />
          </label>
          <label>
            <span>{t('catalogue.filters.priceMax')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name="maxPrice"
              defaultValue={query.maxPrice}
              key={`maxp${query.maxPrice}`}
              onBlur={(e) => onChange({ maxPrice: number(e.target.value, PRICE_RANGE.max) })}
            />
          </label>
          <label>
            <span>{t('catalogue.filters.areaMin')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name="minArea"
              defaultValue={query.minArea}
              key={`mina${query.minArea}`}
              onBlur={(e) => onChange({ minArea: number(e.target.value, AREA_RANGE.min) })}
            />
          </label>
          <label>
            <span>{t('catalogue.filters.areaMax')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name="maxArea"
              defaultValue={query.maxArea}
              key={`maxa${query.maxArea}`}
              onBlur={(e) => onChange({ maxArea: number(e.target.value, AREA_RANGE.max) })}
            />
          </label>
        </div>
        <button type="submit" className="btn btn-green apply">
          {t('catalogue.filters.apply')}
        </button>
        <button type="button" className="btn btn-outline reset" onClick={() => onChange(DEFAULT_FILTERS)}>
          {t('catalogue.filters.reset')}
        </button>
      </details>
      <details className="amenity-filter" open={query.amenities !== 0 || undefined}>
        <summary>
          {t('catalogue.filters.amenities')}
          {query.amenities !== 0 && <span className="amenity-count"> ({countBits(query.amenities)})</span>}
        </summary>
        <fieldset>
          <legend className="visually-hidden">{t('catalogue.filters.amenities')}</legend>
          {AMENITIES.map((a, i) => (
            <label key={a} className="amenity-option">
              <input
                type="checkbox"
                name="amenity"
                value={a}
                checked={(query.amenities & (1 << i)) !== 0}
                onChange={() => onChange({ amenities: query.amenities ^ (1 << i) })}
              />
              <span>{t(`amenity.${a}`)}</span>
            </label>
          ))}
        </fieldset>
      </details>
    </form>
  );
}

function countBits(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}

export function ViewSwitch({
  view,
  t,
  onChange,
}: {
  view: View;
  t: Translate;
  onChange: (view: View) => void;
}) {
  return (
    <div className="view-switch" role="group" aria-label={t('catalogue.view.label')}>
      {(['grid', 'list', 'map'] as const).map((v) => (
        <button key={v} type="button" aria-pressed={view === v} onClick={() => onChange(v)}>
          {t(`catalogue.view.${v}`)}
        </button>
      ))}
    </div>
  );
}
