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

/** The page's parts and what it has shown: the results found, how many are on screen, the latest search. */
interface Page {
  root: HTMLElement;
  lang: Lang;
  t: ReturnType<typeof createTranslator>;
  form: HTMLFormElement;
  input: HTMLInputElement;
  filterBox: HTMLDetailsElement;
  status: HTMLElement;
  state: HTMLElement;
  list: HTMLOListElement;
  more: HTMLButtonElement;
  selects: HTMLSelectElement[];
  results: PagefindResult[];
  /** The words the results were found for: their excerpts show them. */
  query: string;
  shown: number;
  /** The latest search's number: an older one that settles late shows nothing. */
  run: number;
}

let pagefind: Promise<Pagefind> | null = null;
let filtersFilled: Promise<void> | null = null;
let filled = false;

const root = document.querySelector<HTMLElement>('[data-search]');
if (root) start(root);

function start(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('form')!;
  const page: Page = {
    root,
    lang: (root.dataset.lang ?? 'fr') as Lang,
    t: createTranslator(JSON.parse(root.dataset.messages ?? '{}') as Record<string, string>),
    form,
    input: form.querySelector<HTMLInputElement>('input[name="q"]')!,
    filterBox: root.querySelector<HTMLDetailsElement>('[data-search-filters]')!,
    status: root.querySelector<HTMLElement>('[data-search-status]')!,
    state: root.querySelector<HTMLElement>('[data-search-state]')!,
    list: root.querySelector<HTMLOListElement>('[data-search-results]')!,
    more: root.querySelector<HTMLButtonElement>('[data-search-more]')!,
    selects: FILTER_NAMES.map((name) => form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!),
    results: [],
    query: '',
    shown: 0,
    run: 0,
  };
  listen(page);
  const initial = parseSearch(location.search);
  page.input.value = initial.q;
  if (FILTER_NAMES.some((name) => initial.filters[name])) page.filterBox.open = true;
  if (isActive(initial)) void search(page);
  else showState(page, 'prompt');
}

/** A search as the visitor types (after a pause), submits or picks a filter; the filters filled when opened. */
function listen(page: Page) {
  const { form, input, selects, filterBox, more } = page;
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void search(page);
  });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(page), 300);
  });
  for (const select of selects) select.addEventListener('change', () => void search(page));
  filterBox.addEventListener('toggle', () => {
    if (filterBox.open) void fillFilters(selects).catch(() => showState(page, 'error'));
  });
  more.addEventListener(
    'click',
    () => void showMore(page, page.run, true).catch(() => showState(page, 'error')),
  );
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

function current({ input, selects }: Page): SearchState {
  const filters = { type: '', category: '', commune: '' };
  FILTER_NAMES.forEach((name, i) => (filters[name] = selects[i]!.value));
  // Until the filters are filled in, the URL's filters still hold.
  if (!filled) Object.assign(filters, parseSearch(location.search).filters);
  return { q: input.value.trim().slice(0, 100), filters };
}

function showState(page: Page, kind: 'prompt' | 'empty' | 'error', query = '') {
  const { state, t } = page;
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
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'btn btn-green';
    retry.textContent = t('search.retry');
    retry.addEventListener('click', () => void search(page));
    state.append(retry);
  }
}

/**
 * The words as typed first, then as a phrase of whole stems, then Pagefind's stems and longer words
 * (decision 0051): "terrasse" finds the villa's terrace before "terre" and "terrain". Null when a newer
 * search has started, or Pagefind found nothing to say.
 */
async function find(page: Page, wanted: SearchState, mine: number) {
  const pf = await load();
  const filters = pagefindFilters(wanted);
  const also = querySearches(wanted.q);
  const [found, exact, phrase] = await Promise.all([
    pf.search(wanted.q || null, { filters }),
    also?.exact ? pf.search(also.exact, { filters }) : null,
    also ? pf.search(also.phrase, { filters }) : null,
  ]);
  if (mine !== page.run || !found) return null;
  const results = rankResults(exact?.results ?? [], phrase?.results ?? [], found.results);
  return { results, typed: exact?.results.length ?? 0 };
}

async function search(page: Page) {
  const { root, list, more, status, t } = page;
  const mine = ++page.run;
  const wanted = current(page);
  history.replaceState(history.state, '', location.pathname + toSearch(wanted));
  list.replaceChildren();
  more.hidden = true;
  page.results = [];
  page.shown = 0;
  if (!isActive(wanted)) {
    status.textContent = '';
    showState(page, 'prompt');
    return;
  }
  page.state.hidden = true;
  status.textContent = t('search.loading');
  root.setAttribute('aria-busy', 'true');
  try {
    const found = await find(page, wanted, mine);
    if (!found) return; // a newer search has started
    page.results = found.results;
    page.query = wanted.q;
    const count = found.results.length;
    // Honest about the rest: how many have the words as typed, when others only share their stem.
    const { typed } = found;
    status.textContent =
      t(`search.count.${pluralCategory(page.lang, count)}` as never, { count }) +
      (typed > 0 && typed < count ? `, ${t('search.exactCount', { count: typed, query: wanted.q })}` : '');
    if (count === 0) showState(page, 'empty', wanted.q);
    else await showMore(page, mine, false);
  } catch {
    if (mine !== page.run) return;
    status.textContent = '';
    showState(page, 'error');
  } finally {
    if (mine === page.run) root.removeAttribute('aria-busy');
  }
}

async function showMore(page: Page, mine: number, focus: boolean) {
  const next = page.results.slice(page.shown, page.shown + RESULTS_PAGE_SIZE);
  const data = await Promise.all(next.map((r) => r.data()));
  if (mine !== page.run) return;
  const items = data.map((d) => resultItem(d, page.query));
  page.list.append(...items);
  page.shown += next.length;
  page.more.hidden = page.shown >= page.results.length;
  if (focus) items[0]?.querySelector<HTMLElement>('h2 a')?.focus();
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
