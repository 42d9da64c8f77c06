import { decodeMedia, mediaShardOf, type CardMedia, type MediaShardFile } from './listing-index.ts';

const shards = new Map<number, Promise<MediaShardFile>>();

/** Every media of a listing, from its shard file (fetched once per page, shared by the cards in it). */
export async function loadMedia(id: number): Promise<CardMedia[]> {
  const shard = mediaShardOf(id);
  let file = shards.get(shard);
  if (!file) {
    file = fetch(`/data/media/${shard}.json`).then((r) => {
      if (!r.ok) throw new Error(`media shard ${shard}: ${r.status}`);
      return r.json() as Promise<MediaShardFile>;
    });
    file.catch(() => shards.delete(shard));
    shards.set(shard, file);
  }
  return ((await file)[id] ?? []).map(decodeMedia);
}
