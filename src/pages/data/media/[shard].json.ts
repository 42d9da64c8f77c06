import type { APIRoute, GetStaticPaths } from 'astro';
import { allProperties } from '../../../build/api.ts';
import { buildMediaShards } from '../../../build/catalogue-index.ts';

export const getStaticPaths = (async () => {
  const shards = buildMediaShards(await allProperties());
  return [...shards].map(([shard, file]) => ({ params: { shard: String(shard) }, props: { file } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(JSON.stringify(props.file));
