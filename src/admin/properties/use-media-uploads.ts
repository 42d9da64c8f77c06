import { useRef, useState } from 'react';
import type { MediaItem } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, errorMessage } from '../lib/api.ts';
import { abandonUpload, uploadMedia } from '../lib/upload.ts';
import {
  initialMedia,
  mediaReducer,
  toAbandon,
  toDelete,
  type MediaAction,
  type MediaState,
} from './media-uploads.ts';

let uploadCount = 0;
/** Keys stay apart from those of a draft written by an earlier page (which counted from 1 too). */
const pageKey = Date.now().toString(36);

/**
 * The form's media state and the one way to change it: `apply` abandons and deletes on the server what an
 * action leaves unused, then renders. The ref is the one truth, so an upload answering late sees the removals
 * made meanwhile.
 */
function useMediaState(saved: readonly MediaItem[] | MediaState) {
  const [initial] = useState(() => ('media' in saved ? saved : initialMedia(saved)));
  const state = useRef<MediaState>(initial);
  const [media, setMedia] = useState(initial.media);
  const apply = (action: MediaAction) => {
    for (const url of toAbandon(state.current, action)) abandonUpload(url);
    for (const id of toDelete(state.current, action)) {
      void api()
        .delete(`media/${id}`)
        .catch((error: unknown) => console.error(error));
    }
    state.current = mediaReducer(state.current, action);
    setMedia(state.current.media);
  };
  return { state, media, apply };
}

/** The form's media with their uploads and deletions (the pure part is mediaReducer and toDelete). */
export function useMediaUploads(saved: readonly MediaItem[] | MediaState) {
  const { state, media, apply } = useMediaState(saved);
  /** The files still to upload or retry, and how to stop each, by key. */
  const files = useRef(new Map<string, { file: File; abort: AbortController; preview?: string }>());
  /** A file is done with (uploaded or removed): its place in memory and its preview are freed. */
  const forget = (key: string) => {
    const pending = files.current.get(key);
    if (pending?.preview) URL.revokeObjectURL(pending.preview);
    files.current.delete(key);
  };

  const send = async (key: string, file: File, preview?: string) => {
    const abort = new AbortController();
    files.current.set(key, { file, abort, ...(preview ? { preview } : {}) });
    // A video's upload begun earlier (before a failure or a reload) goes on from the server's offset.
    const resumeFrom = state.current.media.find((m) => m.key === key)?.resume?.url;
    try {
      const item = await uploadMedia(file, {
        signal: abort.signal,
        onStage: (stage) => apply({ type: 'stage', key, stage }),
        onAddress: (url) => apply({ type: 'address', key, url, size: file.size }),
        onAccepted: (fraction) => apply({ type: 'accepted', key, fraction }),
        ...(resumeFrom ? { resumeFrom } : {}),
      });
      apply({ type: 'done', key, item });
      forget(key);
    } catch (error) {
      if (abort.signal.aborted) return;
      console.error(error);
      apply({ type: 'failed', key, message: errorMessage(error, 'échec du téléversement') });
    }
  };

  const upload = async (file: File) => {
    const key = `new-${pageKey}-${++uploadCount}`;
    const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
    apply({ type: 'start', key, name: file.name, ...(preview ? { preview } : {}) });
    await send(key, file, preview);
  };

  return {
    media,
    /** The form's state, for the draft kept in the browser (draft-store.ts). */
    state: () => state.current,
    uploading: media.some((m) => m.uploading),
    /** A failed file, or a video interrupted by a reload: the listing cannot be saved with it. */
    failed: media.some((m) => m.failed || m.interrupted),
    upload,
    /** One tap on a failed file sends it again. */
    retry: (key: string) => {
      const pending = files.current.get(key);
      if (!pending) return;
      apply({ type: 'retry', key });
      void send(key, pending.file, pending.preview);
    },
    /**
     * A video interrupted by a reload, picked again: the same file (its size) goes on from the server's
     * offset; another file is refused, since its bytes would be appended to the first one's.
     */
    resume: (key: string, file: File) => {
      const entry = state.current.media.find((m) => m.key === key);
      if (!entry?.resume) return;
      if (file.size !== entry.resume.size) {
        toast.error(`Ce n’est pas le même fichier : choisissez « ${entry.name} » pour reprendre son envoi.`);
        return;
      }
      apply({ type: 'resume', key });
      void send(key, file);
    },
    remove: (key: string) => {
      files.current.get(key)?.abort.abort();
      forget(key);
      apply({ type: 'remove', key });
    },
    first: (key: string) => apply({ type: 'first', key }),
    /** Leaving without saving: what was uploaded here is deleted. */
    close: () => {
      for (const { abort } of files.current.values()) abort.abort();
      apply({ type: 'close' });
    },
    /** The listing is saved: the items it no longer uses are deleted. */
    saved: () => apply({ type: 'saved' }),
  };
}
