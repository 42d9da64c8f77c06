import { UploadResponse } from '../../contract/index.ts';
import { api, answer } from './api.ts';

/** Photos and videos from phones over mobile data take longer than the 10 s of ordinary calls. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** POST /media/upload (spec §7): the file and its kind; the server answers id, url and thumbnail. */
export function uploadMedia(file: File): Promise<UploadResponse> {
  const body = new FormData();
  body.append('type', file.type.startsWith('video/') ? 'video' : 'image');
  body.append('file', file);
  return answer(UploadResponse, api().post('media/upload', { body, timeout: UPLOAD_TIMEOUT_MS }));
}
