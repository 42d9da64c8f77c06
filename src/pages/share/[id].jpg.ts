import type { APIRoute, GetStaticPaths } from 'astro';
import { readFile } from 'node:fs/promises';
import { allProperties } from '../../build/api.ts';
import { shareImageFile } from '../../build/share-images.ts';

// One share picture per listing (og:image), drawn before the pages are written, several at a time.
export const getStaticPaths = (async () => {
  const properties = await allProperties();
  const files = await shareImageFile.all(properties);
  return properties.map((property, i) => ({
    params: { id: String(property.id) },
    props: { file: files[i]! },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await readFile((props as { file: string }).file)));
