import type { APIRoute, GetStaticPaths } from 'astro';
import { catalogueParts } from '../../../../build/catalogue-index.ts';
import { digest } from '../../../../build/page-keys.ts';
import { langParam } from '../../../../build/routes.ts';
import { LANGS } from '../../../../i18n/index.ts';

// The cards' values (decision 0032), by CARD_SHARD_SIZE listings in the catalogue's order: fetched for the
// cards on screen. Each language has its own, titled as its pages title a listing (/data/cards/ for French,
// /data/en/cards/ and /data/ln/cards/).
export const getStaticPaths = (async () => {
  const { cards } = await catalogueParts();
  return LANGS.flatMap((lang) =>
    cards[lang].map((file, shard) => ({
      params: { lang: langParam(lang), shard: String(shard) },
      props: { file },
      // The file is its own key: it is what the page writes.
      cacheKey: digest(file),
    })),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(JSON.stringify(props.file));
