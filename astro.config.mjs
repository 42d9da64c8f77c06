// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { cspHashes } from './src/build/csp-hashes.ts';
import { precompress } from './src/build/precompress.ts';
import { env } from './src/env.ts';

// Static output: every public page is pre-built from the API; the Fastify server (src/server) serves the
// result beside the API. Publishing (src/server/services/publisher.ts) builds into BUILD_OUT_DIR, a new
// folder, and switches SITE_DIR to it when the build succeeds.
export default defineConfig({
  output: 'static',
  outDir: env().BUILD_OUT_DIR ?? './dist',
  integrations: [react(), cspHashes(), precompress()],
  i18n: {
    locales: ['fr', 'en', 'ln'],
    defaultLocale: 'fr',
    routing: { prefixDefaultLocale: false },
  },
  build: { format: 'directory' },
  server: { port: 4322 },
});
