import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { indexedText, leanHtml, withExactWords } from './lean-html.ts';
import { filesOf, searchablePage as page } from './search-index-fixtures.ts';

describe('leanHtml', () => {
  it('keeps the text and the attributes Pagefind reads, and drops the rest', () => {
    const lean = leanHtml(page('fr', 3));
    expect(lean).toContain('<h1 id="titre">Villa 3 avec piscine &amp; forage</h1>');
    expect(lean).toContain('<span data-pagefind-meta="commune:Gombe"></span>');
    expect(lean).toContain('<img src="/media/photo-3-800.webp" alt="Salon de la villa 3">');
    expect(lean).toContain('<main id="main" data-pagefind-body>');
    expect(lean).toContain('<p data-pagefind-ignore><a>← Retour</a></p>');
    expect(lean).toContain('Une villa de 3 chambres');
    expect(lean).toContain('<p>Après le panneau : quartier Socimat</p>');
    for (const gone of [
      'class=',
      'srcset',
      'style',
      'svg',
      'icône',
      'comment',
      'WhatsApp',
      'nested',
      'not text',
      'hidden.webp',
      'color',
    ])
      expect(lean).not.toContain(gone);
  });

  it('leaves text that only looks like markup alone', () => {
    expect(leanHtml('<p>1 < 2 et 3 > 2</p>')).toBe('<p>1 < 2 et 3 > 2</p>');
    expect(leanHtml('<p title="a > b" class="c">x</p>')).toBe('<p>x</p>');
  });
});

describe('Pagefind indexes the lean page as it indexes the whole one', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await pagefind.close();
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  async function indexOf(transform: (html: string) => string): Promise<Map<string, Buffer>> {
    const dir = await mkdtemp(join(tmpdir(), 'ndako-lean-'));
    dirs.push(dir);
    const { index } = await pagefind.createIndex({});
    for (const lang of ['fr', 'en'])
      for (const n of [1, 2, 3])
        await index!.addHTMLFile({ url: `/${lang}/property/${n}/`, content: transform(page(lang, n)) });
    await index!.writeFiles({ outputPath: dir });
    return filesOf(dir);
  }

  it('writes the same files, byte for byte', async () => {
    const whole = await indexOf((html) => html);
    const lean = await indexOf(leanHtml);
    expect([...lean.keys()].sort()).toEqual([...whole.keys()].sort());
    for (const [name, bytes] of whole) expect(lean.get(name)?.equals(bytes), name).toBe(true);
    expect([...whole.keys()].filter((f) => f.startsWith('fragment/'))).toHaveLength(6);
  }, 60_000);
});

describe('exact words (decision 0051)', () => {
  const lean = leanHtml(page('fr', 3));

  it('reads the text Pagefind indexes: not what it is told to ignore, references decoded', () => {
    const text = indexedText(lean);
    expect(text).toContain('Villa 3 avec piscine & forage');
    expect(text).toContain('Une villa de 3 chambres');
    expect(text).toContain('Salon de la villa 3');
    expect(text).not.toContain('Retour');
    expect(text).not.toContain('not indexed');
    expect(indexedText('<main><ul><li>Gardien</li><li>Parking</li></ul></main>')).toMatch(
      /Gardien\s+Parking/,
    );
  });

  it('adds the page’s distinct words as exact tokens at the end of its searchable part', () => {
    const withWords = withExactWords(lean);
    expect(withWords.startsWith(lean.slice(0, lean.lastIndexOf('</main>')))).toBe(true);
    expect(withWords).toMatch(/<p>zqsalonzq zqvillazq zqaveczq zqpiscinezq zqforagezq [^<]*<\/p><\/main>/);
    expect(withWords.match(/zqvillazq/g)).toHaveLength(1);
    expect(withWords).not.toContain('zqretourzq');
    expect(withExactWords('<p>no main</p>')).toBe('<p>no main</p>');
  });
});
