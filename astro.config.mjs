// @ts-check
import preact from '@astrojs/preact';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { agencySettingsAtBuild } from './src/build/agency-settings.ts';
import { incrementalBuild } from './src/build/incremental.ts';
import { buildOutDir } from './src/build/out-dir.ts';
import { publicIslandsOnPreact } from './src/build/islands-runtime.ts';
import { pagePass } from './src/build/page-pass.ts';
import { precompress } from './src/build/precompress.ts';
import { publicApiBase } from './src/build/site-config.ts';
import { searchIndex } from './src/build/search-index.ts';
import { webApp } from './src/build/service-worker.ts';
import { siteManifestWriter } from './src/build/site-manifest.ts';
import { env } from './src/env.ts';

// Static output: every public page is pre-built from the API; the Fastify server (src/server) serves the
// result beside the API. Publishing (src/server/services/publisher.ts) builds into BUILD_OUT_DIR, a new
// folder, and switches SITE_DIR to it when the build succeeds. A plain `npm run build` writes dist-build/,
// never the live SITE_DIR.
export default defineConfig({
  output: 'static',
  outDir: buildOutDir(env()),
  // Public islands (src/islands) hydrate with Preact through its React compat layer; the admin with React.
  integrations: [
    // First: every page reads the agency's stored identity (src/build/site-config.ts).
    agencySettingsAtBuild(),
    preact({ include: ['**/src/islands/**/*.tsx'] }),
    react({ include: ['**/src/admin/**/*.tsx'] }),
    // Each page, as rendered, is compressed and read for the manifest and the search index by a worker
    // thread beside the rendering (src/middleware.ts hands the pages over; decision 0042).
    pagePass(),
    // At the end, first: the unchanged listings' pages from the build online (decision 0033).
    incrementalBuild(),
    // The server reads the built site's languages, pages and inline-script hashes from its manifest.
    siteManifestWriter(),
    // Before precompress: Pagefind's script is compressed with the rest.
    searchIndex(),
    // The service worker, web app manifests and icons (issue 12), compressed with the rest too.
    webApp(),
    precompress(),
  ],
  vite: {
    plugins: [publicIslandsOnPreact()],
    // The public scripts' API address (src/scripts/api-base.ts), from the validated configuration.
    define: { __NDAKO_API_BASE__: JSON.stringify(publicApiBase()) },
  },
  i18n: {
    locales: ['fr', 'en', 'ln'],
    defaultLocale: 'fr',
    routing: { prefixDefaultLocale: false },
  },
  build: { format: 'directory' },
  server: { port: 4322 },
});
