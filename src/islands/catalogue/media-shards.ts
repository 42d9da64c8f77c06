import {
  decodeMedia,
  mediaShardOf,
  type CardMedia,
  type MediaShardFile,
} from '../../shared/listing-index.ts';
import { staticJson } from './static-json.ts';

/** Every media of a listing, from its shard file (fetched once per page, shared by the cards in it). */
export async function loadMedia(id: number): Promise<CardMedia[]> {
  const file = await staticJson<MediaShardFile>(`/data/media/${mediaShardOf(id)}.json`);
  return (file[id] ?? []).map(decodeMedia);
}
