import type { Plugin } from 'vite';

// The public islands are written against React's API but run on Preact's compat layer: react-dom alone is
// 64 KB compressed, Preact with compat about 10 KB, and the catalogue's visitors pay for every kilobyte
// (docs/decisions/0001-public-islands-on-preact.md). The admin, used by staff on office connections, keeps
// React itself. A global alias would swap both, so only imports made from the public islands' folder are
// redirected.
const COMPAT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

export const PUBLIC_ISLANDS = /[\\/]src[\\/]islands[\\/]/;

export function publicIslandsOnPreact(): Plugin {
  return {
    name: 'ndako:public-islands-on-preact',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = COMPAT[source];
      if (!target || !importer || !PUBLIC_ISLANDS.test(importer)) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
