import { describe, expect, it } from 'vitest';
import type { MediaItem, UploadResponse } from '../../contract/index.ts';
import {
  initialMedia,
  mediaReducer,
  toAbandon,
  toDelete,
  type MediaAction,
  type MediaState,
} from './media-uploads.ts';

const saved: MediaItem = {
  id: 'old',
  type: 'image',
  url: '/media/old.webp',
  thumbnail: '/media/old-t.webp',
} as MediaItem;
const answer = (id: string): UploadResponse =>
  ({ id, type: 'image', url: `/media/${id}.webp`, thumbnail: `/media/${id}-t.webp` }) as UploadResponse;

/** Applies the actions in turn, collecting the deletions they ask for, as the hook does. */
function run(state: MediaState, ...actions: MediaAction[]) {
  const deleted: string[] = [];
  for (const action of actions) {
    deleted.push(...toDelete(state, action));
    state = mediaReducer(state, action);
  }
  return { state, deleted };
}

describe('media uploads (spec §4)', () => {
  it('shows a file as uploading, then as the server answered it', () => {
    const started = run(initialMedia([saved]), {
      type: 'start',
      key: 'n1',
      name: 'salon.jpg',
      preview: 'blob:x',
    });
    expect(started.state.media.map((m) => [m.key, m.uploading, m.preview])).toEqual([
      ['saved-0', false, undefined],
      ['n1', true, 'blob:x'],
    ]);
    const { state, deleted } = run(started.state, { type: 'done', key: 'n1', item: answer('new') });
    expect(state.media[1]).toEqual({ key: 'n1', item: answer('new'), uploading: false, name: 'salon.jpg' });
    expect(state.uploaded).toEqual(['new']);
    expect(deleted).toEqual([]);
  });

  it('keeps a failed upload in the list, marked, until it is retried or removed', () => {
    const failed = run(
      initialMedia([]),
      { type: 'start', key: 'n1', name: 'a.jpg' },
      { type: 'stage', key: 'n1', stage: { stage: 'sending', fraction: 0.4 } },
      { type: 'failed', key: 'n1', message: 'connexion perdue' },
    );
    expect(failed.state.media).toEqual([
      { key: 'n1', item: null, uploading: false, name: 'a.jpg', failed: 'connexion perdue' },
    ]);
    const retried = run(
      failed.state,
      { type: 'retry', key: 'n1' },
      { type: 'done', key: 'n1', item: answer('a') },
    );
    expect(retried.state.media).toEqual([{ key: 'n1', item: answer('a'), uploading: false, name: 'a.jpg' }]);
    expect(run(failed.state, { type: 'remove', key: 'n1' }).state.media).toEqual([]);
  });

  it('shows the progress of an upload under way only', () => {
    const sending = { stage: 'sending', fraction: 0.5 } as const;
    const { state } = run(
      initialMedia([saved]),
      { type: 'start', key: 'n1', name: 'a.jpg' },
      { type: 'stage', key: 'n1', stage: sending },
      { type: 'stage', key: 'saved-0', stage: sending },
    );
    expect(state.media.map((m) => m.stage)).toEqual([undefined, sending]);
  });

  it('deletes a file uploaded here as soon as it is removed, even while it was uploading', () => {
    const now = run(
      initialMedia([]),
      { type: 'start', key: 'n1', name: 'a.jpg' },
      { type: 'done', key: 'n1', item: answer('a') },
      { type: 'remove', key: 'n1' },
    );
    expect(now.deleted).toEqual(['a']);
    expect(now.state.uploaded).toEqual([]);
    const late = run(
      initialMedia([]),
      { type: 'start', key: 'n2', name: 'b.jpg' },
      { type: 'remove', key: 'n2' },
      { type: 'done', key: 'n2', item: answer('b') },
    );
    expect(late.deleted).toEqual(['b']);
    expect(late.state.media).toEqual([]);
  });

  it('deletes a saved item only once the listing is saved without it', () => {
    const removed = run(initialMedia([saved]), { type: 'remove', key: 'saved-0' });
    expect(removed.deleted).toEqual([]);
    expect(removed.state.removedOriginals).toEqual(['old']);
    expect(run(removed.state, { type: 'close' }).deleted).toEqual([]);
    expect(run(removed.state, { type: 'saved' }).deleted).toEqual(['old']);
  });

  it('deletes what was uploaded when the form is left without saving, and keeps it once saved', () => {
    const uploaded = run(
      initialMedia([saved]),
      { type: 'start', key: 'n1', name: 'a.jpg' },
      { type: 'done', key: 'n1', item: answer('a') },
    );
    expect(run(uploaded.state, { type: 'close' }).deleted).toEqual(['a']);
    const afterSave = run(uploaded.state, { type: 'saved' }, { type: 'close' });
    expect(afterSave.deleted).toEqual([]);
  });

  it('puts the chosen item first, as the cover', () => {
    const { state } = run(
      initialMedia([saved]),
      { type: 'start', key: 'n1', name: 'a.jpg' },
      { type: 'first', key: 'n1' },
    );
    expect(state.media.map((m) => m.key)).toEqual(['n1', 'saved-0']);
  });

  it('keeps a video upload’s address and share sent, abandons it when removed unfinished, resumes it', () => {
    const url = `https://ndako.test/api/media/uploads/${'c'.repeat(32)}`;
    const { state } = run(
      initialMedia([]),
      { type: 'start', key: 'v1', name: 'visite.mp4' },
      { type: 'address', key: 'v1', url, size: 3_000_000 },
      { type: 'stage', key: 'v1', stage: { stage: 'sending', fraction: 0.7 } },
      { type: 'accepted', key: 'v1', fraction: 0.5 },
      { type: 'stage', key: 'v1', stage: { stage: 'waiting', attempt: 1, delayMs: 1000 } },
    );
    expect(state.media[0]?.resume).toEqual({ url, size: 3_000_000, fraction: 0.5 });
    // The same address given again (a resume) keeps the share already sent.
    expect(
      mediaReducer(state, { type: 'address', key: 'v1', url, size: 3_000_000 }).media[0]?.resume?.fraction,
    ).toBe(0.5);
    expect(toAbandon(state, { type: 'remove', key: 'v1' })).toEqual([url]);
    expect(toAbandon(state, { type: 'close' })).toEqual([url]);
    const interrupted: MediaState = {
      ...state,
      media: [{ ...state.media[0]!, uploading: false, interrupted: true }],
    };
    const resumed = mediaReducer(interrupted, { type: 'resume', key: 'v1' }).media[0]!;
    expect([resumed.uploading, resumed.interrupted]).toEqual([true, undefined]);
    // Once the server answered for it, nothing is left to abandon: removing it deletes the media.
    const done = mediaReducer(state, { type: 'done', key: 'v1', item: answer('v') });
    expect(toAbandon(done, { type: 'remove', key: 'v1' })).toEqual([]);
  });
});
