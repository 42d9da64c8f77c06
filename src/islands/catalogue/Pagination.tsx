import type { Translate } from '../../i18n/types.ts';
import { pageWindow, type PageSlice } from './query.ts';

interface Props {
  slice: PageSlice<unknown>;
  t: Translate;
  onPage: (page: number) => void;
}

/** Numbered pagination (spec §2, §9): shown only when there is more than one page. */
export function Pagination({ slice, t, onPage }: Props) {
  if (slice.pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('catalogue.pagination.label')}>
      <p className="showing">
        {t('catalogue.pagination.showing', { from: slice.from, to: slice.to, total: slice.total })}
      </p>
      <ul>
        <li>
          <button type="button" disabled={slice.page === 1} onClick={() => onPage(slice.page - 1)}>
            {t('catalogue.pagination.previous')}
          </button>
        </li>
        {pageWindow(slice.page, slice.pages).map((n, i) =>
          n === 'ellipsis' ? (
            <li key={`e${i}`} aria-hidden="true" className="ellipsis">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                aria-current={n === slice.page ? 'page' : undefined}
                aria-label={
                  n === slice.page
                    ? t('catalogue.pagination.current', { n })
                    : t('catalogue.pagination.page', { n })
                }
                onClick={() => onPage(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" disabled={slice.page === slice.pages} onClick={() => onPage(slice.page + 1)}>
            {t('catalogue.pagination.next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
