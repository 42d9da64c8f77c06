// @ts-check
import preact from '@astrojs/preact';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { buildOutDir } from './src/build/out-dir.ts';
import { publicIslandsOnPreact } from './src/build/islands-runtime.ts';
import { ndakoSite } from './src/build/render/integration.ts';
import { publicChunks } from './src/build/public-chunks.ts';
import { publicApiBase } from './src/build/site-config.ts';
import { env } from './src/env.ts';

// Static output: every public page is pre-built from the API; the Fastify server (src/server) serves the
// result beside the API. Publishing (src/server/publishing/publisher.ts) goes through the site renderer
// (src/build/render, decision 0045), which renders only the pages whose data changed. A plain
// `npm run build` writes a whole site into dist-build/, never the live SITE_DIR.
export default defineConfig({
  output: 'static',
  outDir: buildOutDir(env()),
  // Public islands (src/islands) hydrate with Preact through its React compat layer; the admin with React.
  integrations: [
    preact({ include: ['**/src/islands/**/*.tsx'] }),
    react({ include: ['**/src/admin/**/*.tsx'] }),
    // Renders the pages, their manifest, the service worker and the search index (decision 0045).
    ndakoSite(),
  ],
  vite: {
    // The public pages' shared modules in a few files rather than one per set of scripts (decision 0046).
    plugins: [publicIslandsOnPreact(), publicChunks()],
    // The public scripts' API address (src/browser/api-base.ts), from the validated configuration.
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
