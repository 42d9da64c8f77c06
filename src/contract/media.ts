import { z } from 'zod';
import { MediaUrl, Line } from './common.ts';
import { MediaType, UploadMediaType } from './enums.ts';

/** Media ids are the random names the API gives uploaded files. */
export const MediaId = z.string().regex(/^[a-f0-9]{32}$/, { error: 'Identifiant de média invalide' });
export const MediaIdParams = z.object({ id: MediaId });

export const MediaVariant = z.object({
  width: z.number().int().positive().max(10_000),
  url: MediaUrl,
});

export const MediaItem = z.object({
  id: MediaId.optional(),
  type: MediaType,
  url: MediaUrl,
  title: Line(160).optional(),
  thumbnail: MediaUrl.optional(),
  width: z.number().int().positive().max(20_000).optional(),
  height: z.number().int().positive().max(20_000).optional(),
  /** Responsive widths of an image, smallest first, for srcset. */
  variants: z.array(MediaVariant).max(8).optional(),
});
export type MediaItem = z.infer<typeof MediaItem>;

/** The multipart `type` field of an upload; the file's bytes decide, this only has to agree with them. */
export const UploadFields = z.object({ type: UploadMediaType.optional() });

export const UploadResponse = MediaItem.required({ id: true, thumbnail: true });
export type UploadResponse = z.infer<typeof UploadResponse>;
