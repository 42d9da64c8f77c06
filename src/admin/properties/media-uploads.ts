import type { MediaItem, UploadResponse } from '../../contract/index.ts';
import type { UploadStage } from '../lib/upload.ts';

/** A media item in the form: saved ones come from the server; a new file shows `uploading` until it answers. */
export interface FormMedia {
  key: string;
  item: MediaItem | null;
  uploading: boolean;
  name: string;
  /** Local preview of a file being uploaded. */
  preview?: string;
  /** Where its upload stands (progress, a wait before the next attempt). */
  stage?: UploadStage;
  /** Why its upload failed after its automatic attempts: the item stays, with a retry button. */
  failed?: string;
  /** A video's resumable upload on the server: its address, the file's size, the share it confirmed. */
  resume?: ResumeInfo;
  /** Its upload stopped with the page (a reload): the agent picks the same file again to go on. */
  interrupted?: true;
}

export interface ResumeInfo {
  url: string;
  size: number;
  fraction: number;
}

/**
 * The media of the listing being edited (spec §4). A file shows at once as a temporary item marked uploading,
 * with its progress, replaced by the server's answer; a file whose upload failed stays, marked failed, until
 * it is retried or removed (one tap retries it), and is never part of the listing. Removing an item uploaded in this form
 * deletes its file at once; removing an item of the saved listing waits for the save (deleting it before
 * would break the public page if the edit is cancelled); leaving without saving deletes what was uploaded.
 */
export interface MediaState {
  media: FormMedia[];
  /** Files uploaded while this form is open: deleted again if the form is left without saving. */
  uploaded: string[];
  /** Items of the saved listing that staff removed: deleted once the listing no longer uses them. */
  removedOriginals: string[];
}

export type MediaAction =
  | { type: 'start'; key: string; name: string; preview?: string }
  | { type: 'done'; key: string; item: UploadResponse }
  | { type: 'stage'; key: string; stage: UploadStage }
  | { type: 'address'; key: string; url: string; size: number }
  | { type: 'accepted'; key: string; fraction: number }
  | { type: 'resume'; key: string }
  | { type: 'failed'; key: string; message: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'first'; key: string }
  | { type: 'close' }
  | { type: 'saved' };

export function initialMedia(saved: readonly MediaItem[]): MediaState {
  const media = saved.map((item, i) => ({
    key: `saved-${i}`,
    item,
    uploading: false,
    name: item.title ?? item.type,
  }));
  return { media, uploaded: [], removedOriginals: [] };
}

const present = (state: MediaState, key: string) => state.media.some((m) => m.key === key);

/** The actions that change one item in place, the one whose key they name. */
type ItemAction = Extract<
  MediaAction,
  { type: 'stage' | 'accepted' | 'address' | 'resume' | 'failed' | 'retry' }
>;

function itemReducer(m: FormMedia, action: ItemAction): FormMedia {
  switch (action.type) {
    case 'stage':
      return m.uploading ? { ...m, stage: action.stage } : m;
    case 'accepted':
      return m.resume ? { ...m, resume: { ...m.resume, fraction: action.fraction } } : m;
    case 'address': {
      const { url, size } = action;
      return { ...m, resume: { url, size, fraction: m.resume?.url === url ? m.resume.fraction : 0 } };
    }
    case 'resume': {
      const { interrupted: _interrupted, failed: _failed, ...rest } = m;
      return { ...rest, uploading: true };
    }
    case 'failed': {
      const { stage: _stage, ...rest } = m;
      return { ...rest, uploading: false, failed: action.message };
    }
    case 'retry': {
      const { failed: _failed, ...rest } = m;
      return { ...rest, uploading: true };
    }
  }
}

/** An item removed: a file uploaded here is no longer to delete on leaving; a saved one is, once saved. */
function removeItem(state: MediaState, key: string): MediaState {
  const id = state.media.find((m) => m.key === key)?.item?.id;
  const media = state.media.filter((m) => m.key !== key);
  if (!id) return { ...state, media };
  return state.uploaded.includes(id)
    ? { ...state, media, uploaded: state.uploaded.filter((u) => u !== id) }
    : { ...state, media, removedOriginals: [...state.removedOriginals, id] };
}

export function mediaReducer(state: MediaState, action: MediaAction): MediaState {
  switch (action.type) {
    case 'start': {
      const { key, name, preview } = action;
      return {
        ...state,
        media: [...state.media, { key, item: null, uploading: true, name, ...(preview ? { preview } : {}) }],
      };
    }
    case 'done': {
      const { key, item } = action;
      if (!present(state, key)) return state; // removed while it was uploading: deleted (toDelete)
      return {
        ...state,
        media: state.media.map((m) => (m.key === key ? { key, item, uploading: false, name: m.name } : m)),
        uploaded: [...state.uploaded, item.id],
      };
    }
    case 'remove':
      return removeItem(state, action.key);
    case 'first': {
      const { key } = action;
      return {
        ...state,
        media: [...state.media.filter((m) => m.key === key), ...state.media.filter((m) => m.key !== key)],
      };
    }
    case 'close':
      return { ...state, uploaded: [] };
    case 'saved':
      return { ...state, uploaded: [], removedOriginals: [] };
    default:
      return { ...state, media: state.media.map((m) => (m.key === action.key ? itemReducer(m, action) : m)) };
  }
}

/** The files to delete on the server when `action` happens in `state`. */
export function toDelete(state: MediaState, action: MediaAction): string[] {
  switch (action.type) {
    case 'done':
      return present(state, action.key) ? [] : [action.item.id];
    case 'remove': {
      const id = state.media.find((m) => m.key === action.key)?.item?.id;
      return id && state.uploaded.includes(id) ? [id] : [];
    }
    case 'close':
      return state.uploaded;
    case 'saved':
      return state.removedOriginals;
    default:
      return [];
  }
}

/** The resumable uploads to abandon on the server when `action` happens: a video removed before it finished. */
export function toAbandon(state: MediaState, action: MediaAction): string[] {
  const unfinished = (m: FormMedia) => (!m.item && m.resume ? [m.resume.url] : []);
  if (action.type === 'remove') return state.media.filter((m) => m.key === action.key).flatMap(unfinished);
  if (action.type === 'close') return state.media.flatMap(unfinished);
  return [];
}
