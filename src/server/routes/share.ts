import type { FastifyPluginAsync } from 'fastify';
import { join } from 'node:path';
import { buildCacheDir } from '../../env.ts';
import { found, HttpError } from '../http-error.ts';
import { FAILED_PICTURE_TTL_MS, shareContent, shareImages } from '../services/share-images.ts';

/** `/share/{id}.jpg`, the address the pages give as og:image (src/components/property/PropertyPage.astro). */
const FILE = /^([1-9]\d{0,9})\.jpg$/;
const MAX_ID = 2_147_483_647;
/**
 * An hour: a listing edit changes the picture (a new ETag), so it is not immutable; crawlers and CDNs
 * revalidate after that with If-None-Match, which costs two reads and no drawing.
 */
const CACHE_CONTROL = 'public, max-age=3600';
/** A picture drawn without its photo (missing media) is kept briefly, so the next look may find the photo. */
const RETRY_CACHE_CONTROL = `public, max-age=${FAILED_PICTURE_TTL_MS / 1000}`;
/**
 * Per address: a drawing costs about 75 ms of a core, and the address was open to anyone at
 * any rate. A sharing crawler asks for one picture per shared page; a CDN in front caches them for an hour.
 */
export const SHARE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * The share pictures of the listings, drawn on their first request from the listing as it is now, and
 * cached in BUILD_CACHE_DIR/share (decision 0040). Outside /api: the pages name them on the site's origin,
 * which a CDN routes here like /media/ (decision 0019).
 */
const share: FastifyPluginAsync = async (app) => {
  const pictures = shareImages({
    store: app.mediaStore,
    dir: join(buildCacheDir(app.env), 'share'),
    publicBase: app.env.MEDIA_PUBLIC_BASE,
    onCacheError: (err) => app.log.warn({ err }, 'share picture drawn but not cached'),
  });

  app.get<{ Params: { file: string } }>(
    '/share/:file',
    {
      config: { rateLimit: SHARE_RATE_LIMIT },
      schema: { tags: ['Share'], summary: "L'image de partage d'une annonce (JPEG 1200 × 630)" },
    },
    async (req, reply) => {
      const id = Number(FILE.exec(req.params.file)?.[1]);
      if (!id || id > MAX_ID)
        throw new HttpError(
          400,
          "Adresse d'image de partage invalide : /share/{numéro d'annonce}.jpg attendu",
        );
      const property = found(await app.repos.properties.get(id), 'Propriété');
      const content = shareContent(property, (await app.repos.settings.agency()).name);
      const etag = `"${content.hash}"`;
      if (matchesEtag(req.headers['if-none-match'], etag))
        return reply.status(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
      const { image, final } = await pictures.picture(content);
      // The ETag names the finished picture only: a crawler holding one drawn without its photo must not
      // be told it is current once the photo is back.
      if (final) reply.header('etag', etag);
      return reply
        .header('cache-control', final ? CACHE_CONTROL : RETRY_CACHE_CONTROL)
        .type('image/jpeg')
        .send(image);
    },
  );
};

export default share;
