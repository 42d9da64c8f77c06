// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { cspHashes } from './src/build/csp-hashes.ts';
import { env } from './src/env.ts';

// Static output: every public page is pre-built from the API; the Fastify server (src/server) serves the
// result beside the API. npm start builds into BUILD_OUT_DIR and swaps it in when the build succeeds.
export default defineConfig({
  output: 'static',
  outDir: env().BUILD_OUT_DIR ?? './dist',
  integrations: [react(), cspHashes()],
  i18n: {
    locales: ['fr', 'en', 'ln'],
    defaultLocale: 'fr',
    routing: { prefixDefaultLocale: false },
  },
  build: { format: 'directory' },
  server: { port: 4322 },
});
