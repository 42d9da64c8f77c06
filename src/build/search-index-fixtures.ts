// Pages shaped like the site's searchable pages, and a folder read whole, for the content search's tests.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file under `root`, by its path there. */
export async function filesOf(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true }))
      if (e.isDirectory()) await walk(join(dir, e.name));
      else files.set(relative(root, join(dir, e.name)), await readFile(join(dir, e.name)));
  };
  await walk(root);
  return files;
}

const icon = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 12h18"/><text>icône</text></svg>';

/** A page shaped like a listing's searchable part: what Pagefind reads, and much it does not. */
export const searchablePage = (
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
