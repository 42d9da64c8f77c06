import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Code that runs in browsers (or is shared with them) ships nothing of the server's. */
const BROWSER = ['src/islands/**', 'src/scripts/**', 'src/stores/**', 'src/shared/**', 'src/admin/**'];
const NO_SERVER_IN_BROWSER = {
  regex: '(^|/)(server|db|demo|media)/',
  message: 'Browser code never imports the server, the database, the demo generator or media storage.',
};
const NO_SERVER = { regex: '(^|/)server/', message: 'The database layer never imports the server.' };
/** src/shared sits below the site, the islands and the admin: it imports none of them (i18n and types only). */
const SHARED_BELOW = {
  regex: '(^|/)(islands|components|build|scripts|stores|admin|pages|layouts)/',
  message: 'src/shared is imported by the others and imports none of them.',
};
/** The server reads what a build made through its manifest (src/contract/site-manifest.ts), never the site's code. */
const SERVER_NOT_SITE = {
  regex: '(^|/)(build|pages|components|layouts|islands|scripts|stores|admin)/',
  message: 'The server never imports the site or the admin: it reads a build through its manifest.',
};
/** src/admin/<feature>/ may import only lib/ and ui/ among its siblings; the shell composes features. */
const NO_OTHER_FEATURE = {
  regex: '^\\.\\./(?!lib/|ui/)[^./]',
  message: 'An admin feature imports only src/admin/lib and src/admin/ui, never another feature.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist.builds', 'data', '.astro', 'src/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/env.ts only.',
        },
      ],
    },
  },
  {
    files: [
      'src/env.ts',
      'tests/**',
      'scripts/**',
      '**/*.test.ts',
      'drizzle.config.ts',
      'vitest.config.ts',
      'playwright.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // Boundaries between the runtimes sharing src/ (docs/architecture.md). A later block replaces an earlier
  // one's list for the files both match, so each block repeats the patterns it inherits.
  {
    files: ['src/contract/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./|\\.\\./shared/)',
              message: 'The contract depends on zod and src/shared alone.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER] }] },
  },
  {
    files: ['src/server/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_SITE] }] },
  },
  {
    files: ['src/build/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...NO_SERVER, message: 'The site build reads the API over HTTP, never the server code.' },
          ],
        },
      ],
    },
  },
  {
    // The server and the build both import src/media (the share pictures, decision 0040): it imports neither.
    files: ['src/media/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(server|db|demo|build|pages|components|layouts|islands|scripts|stores|admin)/',
              message: 'src/media sits below the server and the build: contract, shared, i18n and env only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: BROWSER,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_IN_BROWSER] }] },
  },
  {
    files: ['src/shared/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_IN_BROWSER, SHARED_BELOW] }] },
  },
  {
    files: ['src/admin/*/**'],
    ignores: ['src/admin/lib/**', 'src/admin/ui/**', 'src/admin/shell/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_IN_BROWSER, NO_OTHER_FEATURE] }] },
  },
);
