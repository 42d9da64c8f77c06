import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '../../contract/index.ts';
import { EMPTY_DRAFT } from './draft.ts';
import { draftKey, dropDraft, listDrafts, readDraft, writeDraft, type StoredDraft } from './draft-store.ts';
import { initialMedia, mediaReducer } from './media-uploads.ts';

/** localStorage's interface over a Map, as the browser's behaves for these calls. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const id = 'a'.repeat(32);
const uploaded = {
  id,
  type: 'image',
  url: `/media/${id}.webp`,
  thumbnail: `/media/${id}-thumb.webp`,
} as UploadResponse;

function draftWithMedia(): StoredDraft {
  let media = mediaReducer(initialMedia([]), { type: 'start', key: 'n1', name: 'salon.jpg' });
  media = mediaReducer(media, { type: 'done', key: 'n1', item: uploaded });
  media = mediaReducer(media, { type: 'start', key: 'n2', name: 'cuisine.jpg' });
  return {
    savedAt: '2026-11-28T10:00:00.000Z',
    step: 2,
    details: { ...EMPTY_DRAFT, title: 'Villa Ma Campagne', price: '250 000', lat: '-4.33' },
    media,
  };
}

describe('the listing kept as a draft in the browser', () => {
  it('gives back the text, the step and the media already uploaded, not a file still uploading', () => {
    const storage = memoryStorage();
    const key = draftKey(3, null);
    writeDraft(storage, key, draftWithMedia());
    const back = readDraft(storage, key);
    expect(back?.details.title).toBe('Villa Ma Campagne');
    expect(back?.details.price).toBe('250 000');
    expect(back?.step).toBe(2);
    expect(back?.media.media).toEqual([{ key: 'n1', name: 'salon.jpg', item: uploaded, uploading: false }]);
    expect(back?.media.uploaded).toEqual([id]);
  });

  it('keeps a video whose upload was under way as interrupted, with its address, size and share sent', () => {
    const storage = memoryStorage();
    const key = draftKey(3, null);
    const url = `https://ndako.test/api/media/uploads/${'b'.repeat(32)}`;
    const draft = draftWithMedia();
    let media = mediaReducer(draft.media, { type: 'start', key: 'v1', name: 'visite.mp4' });
    media = mediaReducer(media, { type: 'address', key: 'v1', url, size: 5_000_000 });
    media = mediaReducer(media, { type: 'stage', key: 'v1', stage: { stage: 'sending', fraction: 0.55 } });
    media = mediaReducer(media, { type: 'accepted', key: 'v1', fraction: 0.4 });
    writeDraft(storage, key, { ...draft, media });
    const back = readDraft(storage, key);
    expect(back?.media.media.map((m) => m.key)).toEqual(['n1', 'v1']);
    expect(back?.media.media[1]).toEqual({
      key: 'v1',
      name: 'visite.mp4',
      item: null,
      uploading: false,
      interrupted: true,
      resume: { url, size: 5_000_000, fraction: 0.4 },
    });
    // An address that is not an upload of the API's is not one the form will send bytes to.
    const stored = JSON.parse(storage.getItem(key)!) as { media: { media: { resume?: { url: string } }[] } };
    stored.media.media[1]!.resume!.url = 'https://elsewhere.test/collect';
    storage.setItem(key, JSON.stringify(stored));
    expect(readDraft(storage, key)).toBeNull();
  });

  it('keeps one draft per account and listing, and forgets it once dropped', () => {
    const storage = memoryStorage();
    writeDraft(storage, draftKey(3, null), draftWithMedia());
    writeDraft(storage, draftKey(3, 42), draftWithMedia());
    writeDraft(storage, draftKey(4, null), draftWithMedia());
    expect(listDrafts(storage, 3).map((d) => d.propertyId)).toEqual([null, 42]);
    dropDraft(storage, draftKey(3, null));
    expect(listDrafts(storage, 3).map((d) => d.propertyId)).toEqual([42]);
    expect(readDraft(storage, draftKey(3, null))).toBeNull();
  });

  it('drops a damaged entry instead of showing half of it, and fills fields it did not know', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey(3, null), '{"savedAt": 1');
    expect(readDraft(storage, draftKey(3, null))).toBeNull();
    expect(storage.length).toBe(0);
    storage.setItem(
      draftKey(3, 7),
      JSON.stringify({
        savedAt: 'x',
        step: 1,
        details: { title: 'Studio', price: 12, unknown: 'y' },
        media: { media: [], uploaded: [], removedOriginals: [] },
      }),
    );
    const back = readDraft(storage, draftKey(3, 7));
    expect(back?.details).toEqual({ ...EMPTY_DRAFT, title: 'Studio' });
  });

  it('survives storage that refuses to write (private mode, a full phone)', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => writeDraft(storage, draftKey(1, null), draftWithMedia())).not.toThrow();
  });
});
