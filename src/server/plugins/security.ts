import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assetsFolder, runsWasm } from '../publishing/site-manifest.ts';

/** "https://{s}.tile.openstreetmap.org/…" → "https://*.tile.openstreetmap.org" (a CSP source). */
export function tileSource(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, 'x'));
    const sub = /^https?:\/\/\{[a-z]\}\./.test(template);
    return `${url.protocol}//${sub ? url.host.replace(/^x\./, '*.') : url.host}`;
  } catch {
    return null;
  }
}

const originOf = (url: string | undefined) => {
  if (!url || !/^https?:\/\//.test(url)) return null;
  return new URL(url).origin;
};

export function pageCsp(
  scriptHashes: readonly string[],
  extra: { tiles: string | null; api: string | null; media?: string | null; wasm?: boolean },
) {
  const media = extra.media ? ` ${extra.media}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra.wasm ? " 'wasm-unsafe-eval'" : ''} ${scriptHashes.join(' ')}`.trim(),
    // Astro and Leaflet set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}${extra.tiles ? ` ${extra.tiles}` : ''}`,
    `media-src 'self' blob:${media}`,
    `connect-src 'self'${extra.api ? ` ${extra.api}` : ''}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of the site's pages under this configuration: the API's origin may be called when
 * PUBLIC_API_BASE puts it elsewhere, and pictures and videos load from MEDIA_PUBLIC_BASE's origin when
 * the media are served from there (decision 0030). A CDN serving the built site sends the same header.
 */
export const sitePageCsp = (
  scriptHashes: readonly string[],
  config: { MAP_TILE_URL: string; PUBLIC_API_BASE: string; MEDIA_PUBLIC_BASE?: string | undefined },
  wasm = false,
) =>
  pageCsp(scriptHashes, {
    tiles: tileSource(config.MAP_TILE_URL),
    api: originOf(config.PUBLIC_API_BASE),
    media: originOf(config.MEDIA_PUBLIC_BASE),
    wasm,
  });

/**
 * Astro's hashed scripts and styles, by their name in the assets folder the build's manifest names. A
 * page's ~20 of them each carried the page-level headers (framing, opener, permissions, referrer, HSTS, a
 * sandbox policy): about 350 bytes a request that no browser applies to a script or a style sheet, 7 KB of
 * a phone's first catalogue view (decision 0044).
 */
const BUILD_CODE = /^[\w.-]+\.(?:js|css)(?:\?|$)/;
/** What they are served as; anything else at such an address (the not-found page) keeps every header. */
const CODE_TYPE = /^(?:text\/css|(?:application|text)\/javascript)\b/;

/**
 * What the browser may let a page use: nothing of the camera, the microphone or the position, but the
 * admin's own pages may ask for the position ("Utiliser ma position" places a listing where the agent
 * stands). Its camera button is a file input, which opens the phone's camera app, not a stream.
 */
export const permissionsPolicy = (url: string) =>
  `camera=(), microphone=(), geolocation=${/^\/admin(?:[/?]|$)/.test(url) ? '(self)' : '()'}, interest-cohort=()`;

/** Anything that is not a page (JSON, media, data files) may not run or embed anything. */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
/**
 * The service worker runs under its own script's policy: it fetches the site's pages, scripts,
 * data and media from this origin, and nothing else.
 */
export const SERVICE_WORKER_CSP = "default-src 'self'; frame-ancestors 'none'";

/**
 * Security headers on every response (pages, API, media), a Content-Security-Policy that lets no inline
 * script run unless its hash was recorded at build time, and CORS answered only for the site's origins.
 */
export default fp(async function security(app: FastifyInstance) {
  const { env } = app;
  const origins = new Set(
    [env.PUBLIC_URL, ...(env.CORS_ORIGINS?.split(',') ?? [])].map((o) => originOf(o?.trim())).filter(Boolean),
  );

  // The live build's inline-script hashes, from its manifest (re-read when a publish switches the site in).
  let cache: { key: object | null; csp: string; wasm: string } | null = null;
  async function htmlCsp(url: string): Promise<string> {
    const manifest = await app.siteManifest();
    if (cache?.key !== manifest) {
      const hashes = manifest?.scriptHashes ?? [];
      cache = { key: manifest, csp: sitePageCsp(hashes, env), wasm: sitePageCsp(hashes, env, true) };
    }
    return manifest && runsWasm(manifest, url) ? cache.wasm : cache.csp;
  }

  /** Whether `url` is one of the build's own scripts or styles (read from the live manifest). */
  async function isBuildCode(url: string): Promise<boolean> {
    const folder = `/${assetsFolder(await app.siteManifest())}`;
    return url.startsWith(folder) && BUILD_CODE.test(url.slice(folder.length));
  }

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !request.url.startsWith('/api/') || !origins.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'false');
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header('access-control-allow-headers', 'authorization, content-type');
      reply.header('access-control-max-age', '600');
      return reply.status(204).send();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // The build's own scripts and styles only ever load into pages, whose headers carry the policies;
    // nosniff is the one header that acts on them (decision 0044).
    if (CODE_TYPE.test(String(reply.getHeader('content-type') ?? '')) && (await isBuildCode(request.url))) {
      reply.header('x-content-type-options', 'nosniff');
      return payload;
    }
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\borigin\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', permissionsPolicy(request.url));
    // A 304 carries no content type: its headers would replace the cached page's policy with the resources' one.
    if (!reply.hasHeader('content-security-policy') && reply.statusCode !== 304) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header(
        'content-security-policy',
        type.startsWith('text/html')
          ? await htmlCsp(request.url)
          : request.url.split('?')[0] === '/sw.js'
            ? SERVICE_WORKER_CSP
            : RESOURCE_CSP,
      );
    }
    return payload;
  });
});
