import type { Plugin } from 'vite';

/**
 * The public pages' scripts in a few shared files (decision 0046). Left to itself, Rolldown gives every set of
 * entries (each `<script>` of a component, each island and its renderer) that shares a module a chunk of its
 * own: the catalogue loaded 22 files, most under 1 KB, each with about 300 bytes of headers and too small to be
 * worth compressing alone (compression.ts's MIN_BYTES). A phone on slow 4G pays for each one.
 *
 * Here the modules that several entries share go into four chunks, by who loads them. Each group lists
 * modules by name, so a page never loads a module that its scripts do not import, except what its group's
 * other pages need too: a group holds only modules that (nearly) all of its pages load anyway. Modules of one
 * entry alone stay in that entry's file, and what only a later import needs (the map, the alert form) in
 * chunks of its own: `$initial` captures only the modules that a page's first scripts import.
 *
 * - `text`: the translator and the number formats, which every page with a script uses (the content search too).
 * - `site`: the stores, toasts, money, cards' views and script, the filters' meaning: every page with cards
 *   (home, catalogue, a listing, favourites, compare) and the admin.
 * - `lazy`: what a page needs to load something later (Vite's preload helper, Leaflet's stylesheet loader):
 *   the catalogue, a listing, favourites and compare.
 * - `islands`: Preact and what the catalogue, favourites and compare islands share (the index, the card).
 *
 * A module that joins the shared code of the public pages belongs in one of these lists, or it becomes a file
 * of its own on every page that loads it (tests/e2e/budgets.spec.ts counts the catalogue's files).
 */
// A path at the end of a module's id; Vite's own modules are named with a leading NUL ("\0vite/...").
const at = (path: string) => new RegExp(`(?:^|[\\\\/\\0])${path.replace(/\//g, '[\\\\/]')}$`);
const files = (folder: string, names: string[]) => at(`${folder}/(?:${names.join('|')})\\.tsx?`);

export const GROUPS: { name: string; modules: RegExp[] }[] = [
  { name: 'text', modules: [files('src/shared', ['format']), files('src/i18n', ['core'])] },
  {
    name: 'site',
    modules: [
      at('node_modules/nanostores/atom/index\\.js'),
      files('src/stores', ['compare', 'favorites', 'persisted-ids']),
      files('src/shared', [
        'money',
        'enums',
        'card',
        'trust',
        'save-data',
        'id-list',
        'toasts',
        'toaster',
        'catalogue-filter',
      ]),
      // The built cards' script (hearts, compare toggles, carousels): the home, the catalogue and a listing
      // load it; elsewhere it finds no built card and does nothing, for about 0.5 KB, and those three pages
      // save a file each.
      files('src/scripts', ['cards']),
    ],
  },
  {
    name: 'lazy',
    modules: [
      at('vite/preload-helper\\.js'),
      files('src/shared', ['leaflet-css']),
      at('node_modules/leaflet/dist/leaflet\\.css\\?.*'),
    ],
  },
  {
    name: 'islands',
    modules: [
      at('node_modules/preact/.+'),
      at('node_modules/@astrojs/preact/dist/static-html\\.js'),
      files('src/islands', ['use-store', 'PropertyCard']),
      files('src/islands/catalogue', ['load-index', 'static-json', 'LoadError', 'media-shards']),
      files('src/shared', ['listing-index', 'catalogue-files', 'listing-words']),
    ],
  },
];

/** The group a module of the browser's build belongs to, or null where Rolldown decides. */
export function groupOf(id: string): string | null {
  return GROUPS.find((g) => g.modules.some((m) => m.test(id)))?.name ?? null;
}

/** The client build's chunking (the server's builds are left as they are). */
export function publicChunks(): Plugin {
  return {
    name: 'ndako:public-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      // Earlier groups first: a module that a later group's modules import (Rolldown brings a group's
      // dependencies into it) stays in the earlier one, so `lazy` comes before `islands`.
      const groups = GROUPS.map(({ name }, i) => ({
        name,
        test: (id: string) => groupOf(id) === name,
        tags: ['$initial' as const],
        priority: GROUPS.length - i,
      }));
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}
