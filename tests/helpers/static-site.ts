import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { sitePageCsp } from '../../src/server/plugins/security.ts';
import { runsWasm } from '../../src/server/publishing/site-manifest.ts';
import { readManifest } from './site-builder.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

async function fileAt(path: string): Promise<string | null> {
  const info = await stat(path).catch(() => null);
  if (info?.isFile()) return path;
  if (info?.isDirectory()) return fileAt(join(path, 'index.html'));
  return null;
}

/**
 * What a CDN in front of the pre-built site does, for the split-origin test: files from the build, the
 * pages' Content-Security-Policy (the same function the server uses), a listing without a page answered
 * with the 'property-not-found' page (status 404, which fills it in from the live API), other misses with
 * the 404 page, and /media and /share forwarded to the API's origin, where uploads live and share pictures
 * are drawn.
 */
export async function serveSite(options: {
  siteDir: string;
  port: number;
  apiOrigin: string;
  config: { MAP_TILE_URL: string; PUBLIC_API_BASE: string };
}): Promise<Server> {
  const { siteDir, apiOrigin, config } = options;
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      // Uploads live on the API, and so do the share pictures it draws (decision 0040).
      if (/^\/(?:media|share)\//.test(path)) {
        const upstream = request(`${apiOrigin}${req.url}`, { method: req.method }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => res.writeHead(502).end());
        return void upstream.end();
      }
      let status = 200;
      let file = await fileAt(join(siteDir, normalize(path)));
      if (!file) {
        status = 404;
        const listing = /^\/(?:(en|ln)\/)?property\/[^/]+\/?$/.exec(path);
        const prefix = listing?.[1] ? `${listing[1]}/` : '';
        file = listing
          ? await fileAt(join(siteDir, prefix, 'property-not-found'))
          : await fileAt(join(siteDir, '404.html'));
      }
      if (!file) return void res.writeHead(404).end();
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' };
      if (type.startsWith('text/html')) {
        // What a CDN is configured with from the build's manifest (decision 0019).
        const manifest = await readManifest(siteDir);
        headers['content-security-policy'] = sitePageCsp(
          manifest.scriptHashes,
          config,
          runsWasm(manifest, path),
        );
      }
      res.writeHead(status, headers);
      createReadStream(file).pipe(res);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return server;
}

export const portOf = (server: Server) => (server.address() as AddressInfo).port;
