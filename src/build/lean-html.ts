import { decodeEntities, exactTokens } from '../shared/search-words.ts';

/**
 * A page cut down to what Pagefind reads from it, for the content search's index (search-index.ts).
 * A listing page's searchable `<main>` is about 34 KB of HTML for 3.5 KB of text: class names, srcsets,
 * inline icons, the contact panel Pagefind is told to skip. Pagefind parses every byte it is given, and its
 * Node API sends each page to its binary as base64 JSON, so at 10,000 listings (24,600 searchable pages)
 * the markup costs most of the indexing. Pagefind's output from the lean page is the same, byte for byte,
 * as from the whole one (lean-html.test.ts checks it with Pagefind itself; decision 0037).
 *
 * Kept: text, every element (headings weigh more in Pagefind's ranking), and the attributes Pagefind reads:
 * `data-pagefind-*`, `lang`, `id` (anchors), `alt` (indexed) and `src` (a page's first image is its result
 * picture when it names none). Dropped: comments, `<script>`, `<style>`, `<svg>` and any element marked
 * `data-pagefind-ignore="all"`, which Pagefind would skip whole, and runs of whitespace, which it collapses.
 */

const KEEP = /^(?:id|lang|alt|src|data-pagefind-[\w-]+)$/;
/** Elements with no closing tag: skipping one marked ignore="all" skips the tag alone. */
const VOID = new Set([
  ...['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'],
]);
/** Elements whose content Pagefind never indexes. */
const DROPPED = new Set(['script', 'style', 'svg', 'template']);

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: [name: string, raw: string][];
  /** Index just after the tag's `>`. */
  end: number;
}

const NAME = /[A-Za-z][\w:-]*/y;
const ATTR = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/y;

/** The tag opening at `at` (html[at] is '<'), or null when what follows is text. */
function readTag(html: string, at: number): Tag | null {
  let i = at + 1;
  const closing = html[i] === '/';
  if (closing) i++;
  NAME.lastIndex = i;
  const name = NAME.exec(html)?.[0];
  if (!name) return null;
  i = NAME.lastIndex;
  const attrs: Tag['attrs'] = [];
  for (;;) {
    ATTR.lastIndex = i;
    const attr = ATTR.exec(html);
    if (!attr) break;
    attrs.push([attr[1]!.toLowerCase(), attr[0]]);
    i = ATTR.lastIndex;
  }
  const close = html.indexOf('>', i);
  if (close < 0) return null;
  return {
    name: name.toLowerCase(),
    closing,
    selfClosing: html[close - 1] === '/',
    attrs,
    end: close + 1,
  };
}

/** Index just after the element opened by `tag` closes (same-name elements nested inside are counted). */
function skipElement(html: string, tag: Tag): number {
  if (tag.selfClosing || VOID.has(tag.name)) return tag.end;
  const pattern = new RegExp(`<(/?)${tag.name}(?=[\\s/>])`, 'gi');
  pattern.lastIndex = tag.end;
  let depth = 1;
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    const inner = readTag(html, m.index);
    if (!inner) continue;
    if (inner.closing) depth--;
    else if (!inner.selfClosing) depth++;
    if (depth === 0) return inner.end;
    pattern.lastIndex = inner.end;
  }
  return html.length;
}

export function leanHtml(html: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(html.slice(i));
      break;
    }
    out.push(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', lt)) {
      // The doctype: kept as it is.
      const end = html.indexOf('>', lt);
      out.push(html.slice(lt, end + 1));
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      out.push('<');
      i = lt + 1;
      continue;
    }
    if (
      !tag.closing &&
      (DROPPED.has(tag.name) ||
        tag.attrs.some(([n, raw]) => n === 'data-pagefind-ignore' && /=\s*["']?all\b/.test(raw)))
    ) {
      i = skipElement(html, tag);
      continue;
    }
    const kept = tag.closing
      ? ''
      : tag.attrs
          .filter(([n]) => KEEP.test(n))
          .map(([, raw]) => raw)
          .join('');
    out.push(`<${tag.closing ? '/' : ''}${tag.name}${kept}${tag.selfClosing ? '/' : ''}>`);
    i = tag.end;
  }
  return out.join('').replace(/\s{2,}/g, ' ');
}

/** The part of a page Pagefind reads: its language and its `data-pagefind-body` element (a `<main>`). */
export function searchablePart(html: string): string | null {
  const mark = html.indexOf('data-pagefind-body');
  if (mark < 0) return null;
  const start = html.lastIndexOf('<main', mark);
  const end = html.lastIndexOf('</main>');
  if (start < 0 || end < mark) return null;
  const lang = /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'fr';
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>${html.slice(start, end + 7)}</body></html>`;
}

/** What the content search indexes of a page: its searchable part, lean; null for a page it does not index. */
export function leanSearchablePage(html: string): string | null {
  const part = searchablePart(html);
  return part === null ? null : leanHtml(part);
}

/**
 * The text Pagefind indexes of a lean page: outside any element marked `data-pagefind-ignore`, images'
 * alternative texts included, character references decoded. What its exact words are taken from (withExactWords).
 */
export function indexedText(lean: string): string {
  const out: string[] = [];
  let i = 0;
  while (i < lean.length) {
    const lt = lean.indexOf('<', i);
    out.push(lean.slice(i, lt < 0 ? lean.length : lt));
    if (lt < 0) break;
    const tag = readTag(lean, lt);
    if (!tag) {
      out.push('<');
      i = lt + 1;
    } else if (!tag.closing && tag.attrs.some(([n]) => n === 'data-pagefind-ignore'))
      i = skipElement(lean, tag);
    else {
      // A tag separates words as Pagefind sees them ("<li>Gardien</li><li>Parking</li>"); an image's
      // alternative text is indexed too.
      const alt = tag.attrs.find(([n]) => n === 'alt')?.[1];
      out.push(alt ? ` ${alt.replace(/^\s*alt\s*=\s*["']?|["']$/g, '')} ` : ' ');
      i = tag.end;
    }
  }
  return decodeEntities(out.join(''));
}

/**
 * A lean page with its words as written added at the end of its searchable part, as exact tokens
 * (src/shared/search-words.ts, decision 0051): given to Pagefind only, never published.
 */
export function withExactWords(lean: string): string {
  const end = lean.lastIndexOf('</main>');
  if (end < 0) return lean;
  const body = lean.slice(lean.indexOf('<body>'), end);
  return `${lean.slice(0, end)}<p>${exactTokens(indexedText(body))}</p>${lean.slice(end)}`;
}
