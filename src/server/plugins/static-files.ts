import type { FastifyInstance } from 'fastify';

/**
 * The file a request names under a folder served at `prefix` ('/' or '/media/'), with its leading slash, or
 * null when the path is not in canonical form: an undecodable escape, a backslash or NUL, a '.' or '..'
 * segment, an empty segment (`//`) anywhere but a trailing slash. Escapes are decoded first, so `%2f` and
 * `%2e%2e` are the separators and dot segments they spell.
 */
export function staticPath(url: string, prefix: string): string | null {
  const end = url.indexOf('?');
  const raw = end === -1 ? url : url.slice(0, end);
  if (!raw.startsWith(prefix)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (/[\\\0]/.test(decoded)) return null;
  const segments = decoded.split('/');
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '.' || segment === '..' || (segment === '' && i < segments.length - 1)) return null;
  }
  return decoded.slice(prefix.length - 1);
}

/**
 * GET and HEAD of every file under `root` at `prefix`, through `reply.sendFile` of @fastify/static
 * (registered in `app`'s context with `serve: false`), which keeps its own checks, pre-compressed copies,
 * index files, folder redirects and headers. Not its wildcard route: since 10.1 that route lists every folder
 * on a file's path to check its spelling against case-folding file systems, on every request — the
 * 10,000 entries of `property/` for a listing page, every picture ever uploaded for a medium (decision 0045).
 */
export function serveFiles(app: FastifyInstance, prefix: string, root: string): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${prefix}*`,
    handler: (request, reply) => {
      const path = staticPath(request.url, prefix);
      return path === null ? reply.callNotFound() : reply.sendFile(path, root);
    },
  });
}
