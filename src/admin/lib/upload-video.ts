import { Upload, type DetailedError } from 'tus-js-client';
import { UploadResponse } from '../../contract/index.ts';
import { ApiError, apiUrl, sessionEnded } from './api.ts';
import { authorization, RETRY_DELAYS_MS, retryable, withRetries, type UploadOptions } from './upload.ts';

/**
 * Each PATCH carries at most this much (decision 0047): over 3G at 50 KB/s about 20 s, and a cut costs at
 * most what the server had not yet written of it (it keeps the bytes of a cut request it received).
 */
export const CHUNK_BYTES = 1_048_576;

/** The finish reads the whole video back, checks and stores it: longer than an ordinary call's 10 s. */
const FINISH_TIMEOUT_MS = 120_000;

/** The server's French message of a refusal, or "connexion perdue" when no answer came. */
function asApiError(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new ApiError(0, 'connexion perdue');
  let message = '';
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // A proxy's page rather than the API's JSON: the status says enough.
  }
  return new ApiError(response.getStatus(), message);
}

/**
 * A video through the tus protocol (tus-js-client): created on the server (its address given to
 * `onAddress`, which the draft keeps), sent in chunks, each retried from the offset the server answers after
 * a cut; `resumeFrom` goes on with an upload begun before a reload. Then POST …/finish has the server check
 * the whole file and record it, and answers the same item as POST /media/upload: until then nothing of it
 * can be attached to a listing.
 */
export async function uploadVideo(file: File, options: UploadOptions): Promise<UploadResponse> {
  const address = await sendChunks(file, options);
  return withRetries(() => finish(address, options.signal), options);
}

function sendChunks(
  file: File,
  { onStage, signal, onAddress, onAccepted, resumeFrom }: UploadOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: new URL(apiUrl('media/uploads'), location.href).href,
      ...(resumeFrom ? { uploadUrl: resumeFrom } : {}),
      chunkSize: CHUNK_BYTES,
      retryDelays: [...RETRY_DELAYS_MS],
      metadata: { filename: file.name, filetype: file.type },
      // The draft keeps the address (draft-store.ts), per account and listing: not tus-js-client's storage.
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(authorization())) req.setHeader(name, value);
      },
      onAfterResponse: (_req, res) => {
        if (res.getStatus() === 401) sessionEnded();
      },
      onUploadUrlAvailable: () => {
        if (upload.url) onAddress?.(upload.url);
      },
      onProgress: (sent, total) => onStage?.({ stage: 'sending', fraction: total > 0 ? sent / total : 0 }),
      onChunkComplete: (_chunk, accepted, total) => onAccepted?.(total > 0 ? accepted / total : 0),
      // As the other uploads: no answer and the statuses that ask to come back; 409 and 423 say the offset
      // moved or another request still holds the upload, and the retry asks the offset again.
      onShouldRetry: (error, attempt) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (!retryable(status) && status !== 409 && status !== 423) return false;
        onStage?.({ stage: 'waiting', attempt: attempt + 1, delayMs: RETRY_DELAYS_MS[attempt] ?? 0 });
        return true;
      },
      onError: (error) => reject(asApiError(error)),
      onSuccess: () => resolve(upload.url!),
    });
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(new DOMException('upload aborted', 'AbortError'));
      },
      { once: true },
    );
    onStage?.({ stage: 'sending', fraction: 0 });
    upload.start();
  });
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
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  if (res.ok) return UploadResponse.parse(body);
  if (res.status === 401) sessionEnded();
  throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : '');
}
