import { useRef, useState } from 'react';
import type { MediaItem } from '../../contract/index.ts';
import { toast } from '../../shared/toasts.ts';
import { api, errorMessage } from '../lib/api.ts';
import { uploadMedia } from '../lib/upload.ts';
import { initialMedia, mediaReducer, toDelete, type MediaAction, type MediaState } from './media-uploads.ts';

let uploadCount = 0;

/** The form's media with their uploads and deletions (the pure part is mediaReducer and toDelete). */
export function useMediaUploads(saved: readonly MediaItem[]) {
  const [initial] = useState(() => initialMedia(saved));
  const state = useRef<MediaState>(initial);
  const [media, setMedia] = useState(initial.media);

  // The ref is the one truth, so an upload answering late sees the removals made meanwhile.
  const apply = (action: MediaAction) => {
    for (const id of toDelete(state.current, action)) {
      void api()
        .delete(`media/${id}`)
        .catch((error: unknown) => console.error(error));
    }
    state.current = mediaReducer(state.current, action);
    setMedia(state.current.media);
  };

  const upload = async (file: File) => {
    const key = `new-${++uploadCount}`;
    const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : undefined;
    apply({ type: 'start', key, name: file.name, ...(preview ? { preview } : {}) });
    try {
      apply({ type: 'done', key, item: await uploadMedia(file) });
    } catch (error) {
      // Spec §4: a failed upload disappears from the list.
      console.error(error);
      apply({ type: 'failed', key });
      toast.error(`${file.name} : ${errorMessage(error, 'échec du téléversement')}`);
    } finally {
      if (preview) URL.revokeObjectURL(preview);
    }
  };

  return {
    media,
    uploading: media.some((m) => m.uploading),
    upload,
    remove: (key: string) => apply({ type: 'remove', key }),
    first: (key: string) => apply({ type: 'first', key }),
    /** Leaving without saving: what was uploaded here is deleted. */
    close: () => apply({ type: 'close' }),
    /** The listing is saved: the items it no longer uses are deleted. */
    saved: () => apply({ type: 'saved' }),
  };
}
