import { idListQuery } from '../shared/id-list.ts';
import { $compare, clearCompare } from '../stores/compare.ts';

// The compare tray (src/components/CompareTray.astro) follows the compare store: hidden while nothing is
// picked, else the count and a link to the compare page carrying the picked ids.

const tray = document.querySelector<HTMLElement>('[data-compare-tray]');
if (tray) {
  const count = tray.querySelector<HTMLElement>('[data-compare-count]');
  const link = tray.querySelector<HTMLAnchorElement>('[data-compare-link]');
  const base = link?.getAttribute('href') ?? '/compare/';
  $compare.subscribe((ids) => {
    tray.hidden = ids.length === 0;
    document.body.classList.toggle('compare-open', ids.length > 0);
    if (count) count.textContent = (count.dataset.template ?? '').replace('{count}', String(ids.length));
    link?.setAttribute('href', ids.length ? base + idListQuery(ids) : base);
  });
  tray.querySelector('[data-compare-clear]')?.addEventListener('click', clearCompare);
}
