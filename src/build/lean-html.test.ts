import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { leanHtml } from './lean-html.ts';

const icon = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 12h18"/><text>icône</text></svg>';

/** A page shaped like a listing's searchable part: what Pagefind reads, and much it does not. */
const page = (
  lang: string,
  n: number,
) => `<!doctype html><html lang="${lang}"><head><title>Villa ${n} — Gombe</title></head><body>
<main id="main" tabindex="-1" data-pagefind-body>
  <!-- a comment -->
  <article class="section property" data-property="${n}">
    <span hidden data-pagefind-meta="commune:Gombe"></span>
    <span hidden data-pagefind-meta="image:/media/photo-${n}-480.webp"></span>
    <span hidden data-pagefind-filter="type:rent"></span>
    <p data-pagefind-ignore><a class="back" href="/properties/" data-back>← Retour</a></p>
    <div class="gallery"><img src="/media/photo-${n}-800.webp" srcset="/media/photo-${n}-480.webp 480w, /media/photo-${n}-800.webp 800w" sizes="100vw" alt="Salon de la villa ${n}" loading="eager" width="800" height="600">${icon}</div>
    <h1 id="titre" class="title">Villa ${n} avec piscine &amp; forage</h1>
    <p class="price"><span data-slot="price" data-pagefind-meta="price">${n},500 USD/mois</span></p>
    <h2 id="description">Description</h2>
    <p style="color: red">Une villa   de ${n} chambres, groupe électrogène, <strong>meublée</strong> à   Gombe.</p>
    <ul class="amenities"><li>${icon}Forage</li><li>${icon}Gardien</li></ul>
    <aside class="side" data-pagefind-ignore="all">
      <div><aside>nested aside</aside><p>Contacter l'agent sur WhatsApp</p></div>
      <img src="/media/agent.webp" alt="Agent" data-pagefind-ignore="all">
    </aside>
    <img src="/media/hidden.webp" alt="not indexed" data-pagefind-ignore="all">
    <p>Après le panneau : quartier Socimat</p>
    <script type="module">const a = "<p>not text</p>";</script>
    <style>.x > .y { color: red }</style>
  </article>
</main></body></html>`;

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
    const files = new Map<string, Buffer>();
    const walk = async (d: string): Promise<void> => {
      for (const e of await readdir(d, { withFileTypes: true }))
        if (e.isDirectory()) await walk(join(d, e.name));
        else files.set(relative(dir, join(d, e.name)), await readFile(join(d, e.name)));
    };
    await walk(dir);
    return files;
  }

  it('writes the same files, byte for byte', async () => {
    const whole = await indexOf((html) => html);
    const lean = await indexOf(leanHtml);
    expect([...lean.keys()].sort()).toEqual([...whole.keys()].sort());
    for (const [name, bytes] of whole) expect(lean.get(name)?.equals(bytes), name).toBe(true);
    expect([...whole.keys()].filter((f) => f.startsWith('fragment/'))).toHaveLength(6);
  }, 60_000);
});
