import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { filesUnder } from './walk.ts';

/** Written next to the pages; the server reads it to allow exactly these inline scripts (src/server/plugins/security.ts). */
export const CSP_HASHES_FILE = 'csp-hashes.json';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP source of every inline script that runs (JSON-LD and other data blocks do not). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript')
      continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** After the build: the hashes of all the site's inline scripts (a handful: Astro's island loader, the splash…). */
export function cspHashes(): AstroIntegration {
  return {
    name: 'ndako-csp-hashes',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = dir.pathname;
        const all = new Set<string>();
        for await (const file of filesUnder(root, /\.html$/))
          for (const h of inlineScriptHashes(await readFile(file, 'utf8'))) all.add(h);
        await writeFile(join(root, CSP_HASHES_FILE), JSON.stringify([...all].sort()));
        logger.info(`${all.size} inline script hash(es) for the Content-Security-Policy`);
      },
    },
  };
}
