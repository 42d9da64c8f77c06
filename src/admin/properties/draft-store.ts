import { z } from 'zod';
import { MediaItem, MediaId } from '../../contract/index.ts';
import { EMPTY_DRAFT, type PropertyDraft } from './draft.ts';
import type { MediaState } from './media-uploads.ts';

/**
 * The listing being written, kept in the browser (decision 0047): its text, its step and the media
 * already uploaded, written at each change and offered back after a reload, a crash or a lost session, until
 * it is saved or discarded. One per account and listing (a new one, or the one being edited), in
 * localStorage: a few kilobytes of text and media addresses, the files themselves being on the server (a
 * video's unfinished upload too: its address, not its bytes).
 */
export interface StoredDraft {
  savedAt: string;
  step: 1 | 2;
  details: PropertyDraft;
  media: MediaState;
}

const PREFIX = 'ndako-admin-draft';

/** "ndako-admin-draft:3:new", "ndako-admin-draft:3:42". */
export const draftKey = (accountId: number, propertyId: number | null) =>
  `${PREFIX}:${accountId}:${propertyId ?? 'new'}`;

/** A video's upload left unfinished: its address on this API (tus), the file's size, the share sent. */
const Resume = z.object({
  url: z.string().regex(/^https?:\/\/[^\s]+\/media\/uploads\/[a-f0-9]{32}$/),
  size: z.number().int().positive(),
  fraction: z.number().min(0).max(1),
});

/** What is read back is checked: an old or damaged entry is dropped, never shown half. */
const Stored = z.object({
  savedAt: z.string(),
  step: z.union([z.literal(1), z.literal(2)]),
  details: z.record(z.string(), z.unknown()),
  media: z.object({
    media: z.array(
      z.union([
        z.object({ key: z.string(), name: z.string(), item: MediaItem }),
        z.object({ key: z.string(), name: z.string(), resume: Resume }),
      ]),
    ),
    uploaded: z.array(MediaId),
    removedOriginals: z.array(MediaId),
  }),
});

/** Storage that may be missing or full (private mode, a full phone): the draft is then only in the page. */
const safely = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export function readDraft(storage: Storage, key: string): StoredDraft | null {
  const raw = safely(() => storage.getItem(key), null);
  if (!raw) return null;
  const parsed = Stored.safeParse(safely(() => JSON.parse(raw) as unknown, null));
  if (!parsed.success) {
    dropDraft(storage, key);
    return null;
  }
  const { savedAt, step, details, media } = parsed.data;
  // Fields the form gained since the draft was written keep their defaults; unknown ones are left out.
  const known = Object.fromEntries(
    Object.entries(details).filter(
      ([k, v]) => k in EMPTY_DRAFT && typeof v === typeof EMPTY_DRAFT[k as keyof PropertyDraft],
    ),
  );
  return {
    savedAt,
    step,
    details: { ...EMPTY_DRAFT, ...known } as PropertyDraft,
    media: {
      ...media,
      media: media.media.map((m) =>
        'item' in m
          ? { ...m, uploading: false }
          : { ...m, item: null, uploading: false, interrupted: true as const },
      ),
    },
  };
}

/**
 * What is on the server is kept: the media it answered for, and a video's unfinished upload (its address),
 * which the media step offers to resume. A photo still uploading or failed is in this page's memory only.
 */
export function writeDraft(storage: Storage, key: string, draft: StoredDraft): void {
  const media = draft.media.media.flatMap((m): object[] => {
    if (m.item) return [{ key: m.key, name: m.name, item: m.item }];
    return m.resume ? [{ key: m.key, name: m.name, resume: m.resume }] : [];
  });
  const stored = { ...draft, media: { ...draft.media, media } };
  safely(() => storage.setItem(key, JSON.stringify(stored)), undefined);
}

export function dropDraft(storage: Storage, key: string): void {
  safely(() => storage.removeItem(key), undefined);
}

/** The drafts of an account: which listing (null: a new one), when, and its title as typed. */
export function listDrafts(storage: Storage, accountId: number) {
  const keys = safely(() => Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? ''), []);
  return keys
    .filter((k) => k.startsWith(`${PREFIX}:${accountId}:`))
    .flatMap((key) => {
      const draft = readDraft(storage, key);
      const id = key.split(':')[2];
      if (!draft) return [];
      return [{ key, propertyId: id === 'new' ? null : Number(id), savedAt: draft.savedAt, draft }];
    });
}
