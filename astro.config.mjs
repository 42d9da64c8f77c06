// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Static output: every public page is pre-built; the Fastify server (src/server) serves dist/ beside the API.
export default defineConfig({
  output: 'static',
  integrations: [react()],
  i18n: {
    locales: ['fr', 'en', 'ln'],
    defaultLocale: 'fr',
    routing: { prefixDefaultLocale: false },
  },
  build: { format: 'directory' },
  server: { port: 4322 },
});
