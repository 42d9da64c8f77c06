import type { APIRoute, GetStaticPaths } from 'astro';
import { allProperties } from '../../../build/api.ts';
import { buildMediaShards } from '../../../build/catalogue-index.ts';
import { digest } from '../../../build/page-keys.ts';

export const getStaticPaths = (async () => {
  const shards = buildMediaShards(await allProperties());
  // The file is its own key: it is what the page writes.
  return [...shards].map(([shard, file]) => ({
    params: { shard: String(shard) },
    props: { file },
    cacheKey: digest(file),
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(JSON.stringify(props.file));
