import { UploadResponse } from '../../contract/index.ts';
import { ApiError, apiUrl, sessionEnded } from './api.ts';
import { bearerToken } from './session.ts';
import { shrinkImage } from './shrink-image.ts';

/** Photos and videos from phones over mobile data take longer than the 10 s of ordinary calls. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Waits between automatic attempts after a dropped connection (decision 0047): about a minute in
 * all before the file is shown as failed, with its retry button.
 */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

/** No answer (a dropped or refused connection), a timeout, or a gateway or server that asks to come back. */
export const retryable = (status: number) =>
  status === 0 || status === 408 || status === 429 || (status >= 502 && status <= 504);

/** Where an upload stands, for the form's list. */
export type UploadStage =
  | { stage: 'preparing' }
  | { stage: 'sending'; fraction: number }
  | { stage: 'waiting'; attempt: number; delayMs: number };

export interface UploadOptions {
  onStage?: (stage: UploadStage) => void;
  /** Aborts the upload (the file was removed from the form). */
  signal?: AbortSignal;
}

/**
 * POST /media/upload (spec §7): the file and its kind; the server answers id, url and thumbnail. A photo is
 * made light in the browser first (shrink-image.ts). A dropped connection is retried on its own, with
 * longer and longer waits, and once the phone is back online; a refusal (4xx) is not.
 */
export async function uploadMedia(file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  const { onStage, signal } = options;
  onStage?.({ stage: 'preparing' });
  const sent = file.type.startsWith('image/') ? await shrinkImage(file) : file;
  for (let attempt = 0; ; attempt++) {
    try {
      return UploadResponse.parse(await postOnce(sent, options));
    } catch (error) {
      const delayMs = RETRY_DELAYS_MS[attempt];
      if (
        signal?.aborted ||
        !(error instanceof ApiError) ||
        !retryable(error.status) ||
        delayMs === undefined
      )
        throw error;
      onStage?.({ stage: 'waiting', attempt: attempt + 1, delayMs });
      await pause(delayMs, signal);
    }
  }
}

/** `ms`, or less when the phone comes back online (no use waiting longer then). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
  });
}

/**
 * One attempt, through XMLHttpRequest: fetch reports no upload progress over HTTP/1.1. The server's JSON
 * answer, or an ApiError with its status (0: no answer) and French message.
 */
function postOnce(file: File, { onStage, signal }: UploadOptions): Promise<unknown> {
  const body = new FormData();
  body.append('type', file.type.startsWith('video/') ? 'video' : 'image');
  body.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('media/upload'));
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.responseType = 'json';
    const token = bearerToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onStage?.({ stage: 'sending', fraction: e.loaded / e.total });
    };
    const lost = () => reject(new ApiError(0, 'connexion perdue'));
    xhr.onerror = lost;
    xhr.ontimeout = lost;
    xhr.onabort = () => reject(new DOMException('upload aborted', 'AbortError'));
    xhr.onload = () => {
      const answer = xhr.response as { message?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(answer);
      if (xhr.status === 401) sessionEnded();
      const message = typeof answer?.message === 'string' ? answer.message : '';
      reject(new ApiError(xhr.status, message));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    onStage?.({ stage: 'sending', fraction: 0 });
    xhr.send(body);
  });
}
