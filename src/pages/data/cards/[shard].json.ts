import type { APIRoute, GetStaticPaths } from 'astro';
import { catalogueParts } from '../../../build/catalogue-index.ts';
import { digest } from '../../../build/page-keys.ts';

// The cards' values (decision 0032), by CARD_SHARD_SIZE listings in the catalogue's order: fetched for the
// cards on screen.
export const getStaticPaths = (async () =>
  (await catalogueParts()).cards.map((file, shard) => ({
    params: { shard: String(shard) },
    props: { file },
    // The file is its own key: it is what the page writes.
    cacheKey: digest(file),
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(JSON.stringify(props.file));
