/** The catalogue's pagination (spec §9: 9 a page, pages within 2 of the current one, first and last, ellipses). */

export const PAGE_SIZE = 9;

export interface PageSlice<T> {
  items: T[];
  /** The page shown, clamped to [1, pages]. */
  page: number;
  /** At least 1, even with no items. */
  pages: number;
  /** 1-based positions of the first and last item shown ('showing X to Y of Z'); 0 and 0 when empty. */
  from: number;
  to: number;
  total: number;
}

export function paginate<T>(items: readonly T[], page: number, size: number = PAGE_SIZE): PageSlice<T> {
  const per = Number.isFinite(size) && size >= 1 ? Math.floor(size) : PAGE_SIZE;
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / per));
  const current = Number.isFinite(page) ? Math.min(pages, Math.max(1, Math.floor(page))) : 1;
  const start = (current - 1) * per;
  const end = Math.min(start + per, total);
  return {
    items: items.slice(start, end),
    page: current,
    pages,
    from: total === 0 ? 0 : start + 1,
    to: end,
    total,
  };
}

/** Spec §9 pagination: the first and last pages and those within 2 of the current one. An 'ellipsis' stands
 *  only for two or more skipped pages; a single skipped page is shown instead (1 2 3 rather than 1 … 3). */
export function pageWindow(current: number, pages: number): (number | 'ellipsis')[] {
  const last = Number.isFinite(pages) ? Math.max(1, Math.floor(pages)) : 1;
  const cur = Number.isFinite(current) ? Math.min(last, Math.max(1, Math.floor(current))) : 1;
  const shown = new Set<number>([1, last]);
  for (let p = Math.max(1, cur - 2); p <= Math.min(last, cur + 2); p++) shown.add(p);
  const out: (number | 'ellipsis')[] = [];
  let prev = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - prev === 2) out.push(prev + 1);
    else if (p - prev > 2) out.push('ellipsis');
    out.push(p);
    prev = p;
  }
  return out;
}
