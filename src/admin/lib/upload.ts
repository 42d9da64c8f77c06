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
  /** A video's address on the server once its resumable upload is created: the draft keeps it. */
  onAddress?: (url: string) => void;
  /** The share of a video the server confirmed holding, after each chunk. */
  onAccepted?: (fraction: number) => void;
  /** The address of a video's upload begun earlier (before a reload): it goes on from the server's offset. */
  resumeFrom?: string;
}

/**
 * POST /media/upload (spec §7): the file and its kind; the server answers id, url and thumbnail. A photo is
 * made light in the browser first (shrink-image.ts). A dropped connection is retried on its own, with
 * longer and longer waits, and once the phone is back online; a refusal (4xx) is not. A video goes in
 * chunks that resume from what the server has (uploadVideo).
 */
export async function uploadMedia(file: File, options: UploadOptions = {}): Promise<UploadResponse> {
  const { onStage } = options;
  onStage?.({ stage: 'preparing' });
  if (file.type.startsWith('video/')) return uploadVideo(file, options);
  const sent = file.type.startsWith('image/') ? await shrinkImage(file) : file;
  return withRetries(async () => UploadResponse.parse(await postOnce(sent, options)), options);
}

/**
 * `attempt` until it answers; no answer or a retryable status waits RETRY_DELAYS_MS in turn (showing it),
 * a refusal or the last wait's failure is thrown.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { onStage, signal }: UploadOptions,
): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const delayMs = RETRY_DELAYS_MS[tries];
      if (
        signal?.aborted ||
        !(error instanceof ApiError) ||
        !retryable(error.status) ||
        delayMs === undefined
      )
        throw error;
      onStage?.({ stage: 'waiting', attempt: tries + 1, delayMs });
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
    for (const [name, value] of Object.entries(authorization())) xhr.setRequestHeader(name, value);
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

/**
 * Each PATCH of a video carries at most this much (decision 0047): over 3G at 50 KB/s about 20 s, and a cut
 * costs at most what the server had not yet written of it (it keeps the bytes of a cut request it received).
 */
export const CHUNK_BYTES = 1_048_576;

/** The finish reads the whole video back, checks and stores it: longer than an ordinary call's 10 s. */
const FINISH_TIMEOUT_MS = 120_000;

/**
 * A video through the tus protocol (upload-chunks.ts, loaded with the first video): created on the server
 * (its address given to `onAddress`, which the draft keeps), sent in chunks, each retried from the offset the
 * server answers after a cut (and after 409 or 423, which ask for the offset again); `resumeFrom` goes on
 * with an upload begun before a reload. Then POST …/finish has the server check the whole file and record
 * it, and answers the same item as POST /media/upload: until then nothing of it can join a listing.
 */
async function uploadVideo(file: File, options: UploadOptions): Promise<UploadResponse> {
  const { sendChunks, ChunkError } = await import('./upload-chunks.ts');
  let address: string;
  try {
    address = await sendChunks(file, {
      ...options,
      endpoint: new URL(apiUrl('media/uploads'), location.href).href,
      chunkBytes: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      retries: (status) => retryable(status) || status === 409 || status === 423,
      headers: authorization,
      onUnauthorised: sessionEnded,
    });
  } catch (error) {
    if (!(error instanceof ChunkError)) throw error;
    throw new ApiError(error.status, error.status ? messageOf(error.body) : 'connexion perdue');
  }
  return withRetries(() => finish(address, options.signal), options);
}

/** The API's French message in a JSON answer's text; nothing for another body (a proxy's page). */
function messageOf(body: string): string {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
}

/** One call of POST …/finish; answering it again is harmless (the server answers the same item). */
async function finish(address: string, signal: AbortSignal | undefined): Promise<UploadResponse> {
  const timeout = AbortSignal.timeout(FINISH_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`${address}/finish`, {
      method: 'POST',
      headers: authorization(),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'connexion perdue');
  }
  const text = await res.text();
  if (res.ok) return UploadResponse.parse(JSON.parse(text));
  if (res.status === 401) sessionEnded();
  throw new ApiError(res.status, messageOf(text));
}

/** The session's bearer token as a header, for the calls made without ky. */
export const authorization = (): Record<string, string> => {
  const token = bearerToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * Abandons a video's resumable upload on the server (removed from the form, or the draft discarded), without
 * loading the tus client for it; a failure is left to the server's sweep of old uploads.
 */
export function abandonUpload(address: string): void {
  void fetch(address, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0', ...authorization() } }).catch(
    () => {},
  );
}
