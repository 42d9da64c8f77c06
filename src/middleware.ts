import { defineMiddleware } from 'astro:middleware';
import { pagePassPort } from './build/page-pass-port.ts';

/**
 * During a build, each page and endpoint as rendered goes to the build's page worker (src/build/page-pass.ts),
 * which compresses it and reads what the manifest and the search index need while Astro renders the next
 * ones. The page itself is returned unchanged. Outside a build there is no port and nothing happens.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const port = pagePassPort();
  if (!port || !context.isPrerendered || !response.body) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const html = (response.headers.get('content-type') ?? '').includes('text/html');
  // A copy goes to the worker (its memory moves there); the page's own bytes are returned as they came.
  await port.page({ path: context.url.pathname, html, body: body.slice() });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
