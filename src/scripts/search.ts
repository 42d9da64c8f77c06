import { createTranslator, pluralCategory, type Lang } from '../i18n/core.ts';
import {
  exactExcerpt,
  FILTER_NAMES,
  filterOptions,
  isActive,
  pagefindFilters,
  pagefindExcerpt,
  parseSearch,
  querySearches,
  rankResults,
  RESULTS_PAGE_SIZE,
  toSearch,
  type SearchState,
} from '../browser/search-state.ts';

// The search page (/search/): Pagefind's JavaScript API, driven by this small script rather than Pagefind's
// own interface (lighter, and in the site's style). Nothing of Pagefind is fetched before the visitor's
// first search; its index is static files written by the same build as the pages.

interface ResultData {
  url: string;
  excerpt: string;
  /** The page's whole text (its exact tokens at the end). */
  content: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  id: string;
  data(): Promise<ResultData>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  search(
    query: string | null,
    options: { filters: Record<string, string> },
  ): Promise<{ results: PagefindResult[] } | null>;
  filters(): Promise<Record<string, Record<string, number>>>;
}

// Before the page starts: a search with filters in the address runs at once, and reads them.
let pagefind: Promise<Pagefind> | null = null;
let filtersFilled: Promise<void> | null = null;
let filled = false;

const root = document.querySelector<HTMLElement>('[data-search]');
if (root) start(root);

function start(root: HTMLElement) {
  const lang = (root.dataset.lang ?? 'fr') as Lang;
  const t = createTranslator(JSON.parse(root.dataset.messages ?? '{}') as Record<string, string>);
  const form = root.querySelector<HTMLFormElement>('form')!;
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const filterBox = root.querySelector<HTMLDetailsElement>('[data-search-filters]')!;
  const selects = FILTER_NAMES.map((name) =>
    form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!,
  );
  const status = root.querySelector<HTMLElement>('[data-search-status]')!;
  const state = root.querySelector<HTMLElement>('[data-search-state]')!;
  const list = root.querySelector<HTMLOListElement>('[data-search-results]')!;
  const more = root.querySelector<HTMLButtonElement>('[data-search-more]')!;

  let results: PagefindResult[] = [];
  /** The words the results were found for: their excerpts show them. */
  let query = '';
  let shown = 0;
  let run = 0;

  const showState = (kind: 'prompt' | 'empty' | 'error', words = '') =>
    writeState(state, t, kind, words, search);

  async function search() {
    const mine = ++run;
    const wanted = current(input, selects);
    history.replaceState(history.state, '', location.pathname + toSearch(wanted));
    list.replaceChildren();
    more.hidden = true;
    results = [];
    shown = 0;
    if (!isActive(wanted)) {
      status.textContent = '';
      showState('prompt');
      return;
    }
    state.hidden = true;
    status.textContent = t('search.loading');
    root.setAttribute('aria-busy', 'true');
    try {
      const found = await find(wanted);
      if (mine !== run || !found) return; // a newer search has started
      results = found.results;
      query = wanted.q;
      const count = results.length;
      // Honest about the rest: how many have the words as typed, when others only share their stem.
      const { typed } = found;
      status.textContent =
        t(`search.count.${pluralCategory(lang, count)}` as never, { count }) +
        (typed > 0 && typed < count ? `, ${t('search.exactCount', { count: typed, query: wanted.q })}` : '');
      if (count === 0) showState('empty', wanted.q);
      else await showMore(mine, false);
    } catch {
      if (mine !== run) return;
      status.textContent = '';
      showState('error');
    } finally {
      if (mine === run) root.removeAttribute('aria-busy');
    }
  }

  async function showMore(mine: number, focus: boolean) {
    const next = results.slice(shown, shown + RESULTS_PAGE_SIZE);
    const data = await Promise.all(next.map((r) => r.data()));
    if (mine !== run) return;
    const items = data.map((d) => resultItem(d, query));
    list.append(...items);
    shown += next.length;
    more.hidden = shown >= results.length;
    if (focus) items[0]?.querySelector<HTMLElement>('h2 a')?.focus();
  }

  listen(form, input, selects, search);
  filterBox.addEventListener('toggle', () => {
    if (filterBox.open) void fillFilters(selects).catch(() => showState('error'));
  });
  more.addEventListener('click', () => void showMore(run, true).catch(() => showState('error')));
  const initial = parseSearch(location.search);
  input.value = initial.q;
  if (FILTER_NAMES.some((name) => initial.filters[name])) filterBox.open = true;
  if (isActive(initial)) void search();
  else showState('prompt');
}

/** A search as the visitor types (after a pause), submits or picks a filter. */
function listen(
  form: HTMLFormElement,
  input: HTMLInputElement,
  selects: HTMLSelectElement[],
  search: () => Promise<void>,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void search();
  });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(), 300);
  });
  for (const select of selects) select.addEventListener('change', () => void search());
}

// A path in a variable: the bundler leaves it alone, and the file comes from the published site.
function load(): Promise<Pagefind> {
  pagefind ??= (async () => {
    const url = '/pagefind/pagefind.js';
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind;
    // On the page's thread: no worker script to download, and the worker would run under the resources'
    // CSP. Searching a few thousand pages' index is quick enough there.
    await pf.options({ basePath: '/pagefind/', noWorker: true, excerptLength: 24 });
    return pf;
  })();
  pagefind.catch(() => (pagefind = null));
  return pagefind;
}

// The filters' values are Pagefind's filter files: fetched when the visitor opens the filters (or comes
// with filters in the URL), not with every first search.
function fillFilters(selects: HTMLSelectElement[]): Promise<void> {
  filtersFilled ??= (async () => {
    const all = await (await load()).filters();
    const wanted = parseSearch(location.search).filters;
    FILTER_NAMES.forEach((name, i) => {
      const select = selects[i]!;
      for (const [value, count] of filterOptions(all[name]))
        select.add(new Option(`${value} (${count})`, value));
      select.value = wanted[name];
    });
    filled = true;
  })();
  filtersFilled.catch(() => (filtersFilled = null));
  return filtersFilled;
}

function current(input: HTMLInputElement, selects: HTMLSelectElement[]): SearchState {
  const filters = { type: '', category: '', commune: '' };
  FILTER_NAMES.forEach((name, i) => (filters[name] = selects[i]!.value));
  // Until the filters are filled in, the URL's filters still hold.
  if (!filled) Object.assign(filters, parseSearch(location.search).filters);
  return { q: input.value.trim().slice(0, 100), filters };
}

/** The prompt, "no result" with its hint, or the error with a button that searches again. */
function writeState(
  state: HTMLElement,
  t: ReturnType<typeof createTranslator>,
  kind: 'prompt' | 'empty' | 'error',
  query: string,
  retry: () => Promise<void>,
) {
  state.replaceChildren();
  state.className = `state ${kind}`;
  state.hidden = false;
  state.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const title = document.createElement('p');
  title.className = 'empty-title';
  title.textContent =
    kind === 'error'
      ? t('search.error')
      : kind === 'empty'
        ? t('search.empty', { query })
        : t('search.prompt');
  state.append(title);
  if (kind === 'empty') {
    const hint = document.createElement('p');
    hint.textContent = t('search.emptyHint');
    state.append(hint);
  }
  if (kind === 'error') {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn btn-green';
    button.textContent = t('search.retry');
    button.addEventListener('click', () => void retry());
    state.append(button);
  }
}

/**
 * The words as typed first, then as a phrase of whole stems, then Pagefind's stems and longer words
 * (decision 0051): "terrasse" finds the villa's terrace before "terre" and "terrain". Null when Pagefind
 * answers nothing.
 */
async function find(wanted: SearchState) {
  const pf = await load();
  const filters = pagefindFilters(wanted);
  const also = querySearches(wanted.q);
  const [found, exact, phrase] = await Promise.all([
    pf.search(wanted.q || null, { filters }),
    also?.exact ? pf.search(also.exact, { filters }) : null,
    also ? pf.search(also.phrase, { filters }) : null,
  ]);
  if (!found) return null;
  const results = rankResults(exact?.results ?? [], phrase?.results ?? [], found.results);
  return { results, typed: exact?.results.length ?? 0 };
}

function resultItem(r: ResultData, q: string): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'result';
  const link = (className: string) => {
    const a = document.createElement('a');
    a.href = /^\/(?![/\\])/.test(r.url) ? r.url : '#';
    a.className = className;
    return a;
  };
  const media = link('media');
  media.tabIndex = -1;
  media.setAttribute('aria-hidden', 'true');
  const image = r.meta.image;
  if (image && /^\/(?![/\\])/.test(image)) {
    const img = document.createElement('img');
    img.src = image;
    img.alt = '';
    img.loading = 'lazy';
    img.decoding = 'async';
    media.append(img);
  } else media.classList.add('placeholder');
  const body = document.createElement('div');
  body.className = 'body';
  if (r.meta.price) body.append(text('p', 'price', r.meta.price));
  const heading = document.createElement('h2');
  const title = link('title');
  title.textContent = r.meta.title ?? r.url;
  heading.append(title);
  body.append(heading);
  if (r.meta.commune) body.append(text('p', 'where', r.meta.commune));
  const excerpt = text('p', 'excerpt', '');
  // Why it matched: the words as typed in the page's text, else Pagefind's excerpt (a stem, a longer word).
  for (const run of exactExcerpt(r.content, q) ?? pagefindExcerpt(r.excerpt)) {
    if (!run.mark) excerpt.append(run.text);
    else excerpt.append(text('mark', '', run.text));
  }
  body.append(excerpt);
  item.append(media, body);
  return item;
}

function text(tag: string, className: string, value: string) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = value;
  return el;
}
