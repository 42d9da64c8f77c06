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

/** A number typed in a range field: empty, not a number or negative is the bound's default. */
const nonNegative = (value: string, fallback: number) => {
  const n = Number(value);
  return value.trim() === '' || !Number.isFinite(n) || n < 0 ? fallback : n;
};

/** The text box's words: applied a moment after the visitor stops typing, and following the address's. */
function useSearchText(q: string, onChange: Props['onChange']) {
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => onChange({ q: text }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, onChange]);
  return [text, setText] as const;
}

/** The catalogue's filters (spec §2): text, type, category, commune, the price/area panel, the view switch. */
export function Filters({ query, communes, t, rates, onChange }: Props) {
  const [text, setText] = useSearchText(query.q, onChange);
  return (
    <form
      className="filters"
      role="search"
      onSubmit={(e) => {
        // Enter in any field applies the text and the four range fields at once.
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const field = (name: string, fallback: number) => nonNegative(String(form.get(name) ?? ''), fallback);
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
        <FilterSelect
          label={t('catalogue.filters.type')}
          all={t('catalogue.filters.typeAll')}
          value={query.type}
          options={PROPERTY_TYPES.map((v) => [v, t(`type.${v}`)])}
          onSelect={(v) => onChange({ type: v as CatalogueQuery['type'] })}
        />
        <FilterSelect
          label={t('catalogue.filters.category')}
          all={t('catalogue.filters.categoryAll')}
          value={query.category}
          options={PROPERTY_CATEGORIES.map((v) => [v, t(`category.${v}`)])}
          onSelect={(v) => onChange({ category: v as CatalogueQuery['category'] })}
        />
        <FilterSelect
          label={t('catalogue.filters.commune')}
          all={t('catalogue.filters.communeAll')}
          value={query.state}
          options={communes.map((v) => [v, v])}
          onSelect={(v) => onChange({ state: v as CatalogueQuery['state'] })}
        />
      </div>
      <RangePanel query={query} t={t} rates={rates} onChange={onChange} />
      <AmenityFilter mask={query.amenities} t={t} onChange={onChange} />
    </form>
  );
}

/** One of the three selects, its first option "all". */
function FilterSelect(props: {
  label: string;
  all: string;
  value: string;
  options: readonly (readonly [value: string, label: string])[];
  onSelect: (value: string) => void;
}) {
  return (
    <label>
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onSelect(e.target.value)}>
        <option value="">{props.all}</option>
        {props.options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The price/area panel: open when any of its values is not the default. */
function RangePanel({ query, t, rates, onChange }: Omit<Props, 'communes'>) {
  const rangeChanged =
    query.minPrice !== PRICE_RANGE.min ||
    query.maxPrice !== PRICE_RANGE.max ||
    query.currency !== DEFAULT_QUERY.currency ||
    query.minArea !== AREA_RANGE.min ||
    query.maxArea !== AREA_RANGE.max;
  const bounds = [
    ['priceMin', 'minPrice', PRICE_RANGE.min],
    ['priceMax', 'maxPrice', PRICE_RANGE.max],
    ['areaMin', 'minArea', AREA_RANGE.min],
    ['areaMax', 'maxArea', AREA_RANGE.max],
  ] as const;
  return (
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
        {bounds.map(([label, name, fallback]) => (
          <label key={name}>
            <span>{t(`catalogue.filters.${label}`)}</span>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              name={name}
              defaultValue={query[name]}
              // Keyed by its value: a value set from elsewhere (the address, "reset") replaces what was typed.
              key={`${name}${query[name]}`}
              onBlur={(e) => {
                const patch: Partial<CatalogueQuery> = {};
                patch[name] = nonNegative(e.target.value, fallback);
                onChange(patch);
              }}
            />
          </label>
        ))}
      </div>
      <button type="submit" className="btn btn-green apply">
        {t('catalogue.filters.apply')}
      </button>
      <button type="button" className="btn btn-outline reset" onClick={() => onChange(DEFAULT_FILTERS)}>
        {t('catalogue.filters.reset')}
      </button>
    </details>
  );
}

/** The amenities' check boxes (a bit each in the query's mask), open when any is ticked. */
function AmenityFilter({ mask, t, onChange }: { mask: number; t: Translate; onChange: Props['onChange'] }) {
  return (
    <details className="amenity-filter" open={mask !== 0 || undefined}>
      <summary>
        {t('catalogue.filters.amenities')}
        {mask !== 0 && <span className="amenity-count"> ({countBits(mask)})</span>}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{t('catalogue.filters.amenities')}</legend>
        {AMENITIES.map((a, i) => (
          <label key={a} className="amenity-option">
            <input
              type="checkbox"
              name="amenity"
              value={a}
              checked={(mask & (1 << i)) !== 0}
              onChange={() => onChange({ amenities: mask ^ (1 << i) })}
            />
            <span>{t(`amenity.${a}`)}</span>
          </label>
        ))}
      </fieldset>
    </details>
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
