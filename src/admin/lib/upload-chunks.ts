import { Upload, type DetailedError } from 'tus-js-client';
import type { UploadStage } from './upload.ts';

// The tus client of the admin's video uploads (decision 0047), in a chunk loaded with the first video. It
// imports nothing of the app but types, so that the bundler keeps the app's modules in the first load's
// chunk rather than splitting them into one this chunk shares.

export interface ChunkOptions {
  /** Where uploads are created, absolute (tus resolves the relative Location against it). */
  endpoint: string;
  /** The address of an upload begun earlier: it goes on from the offset the server answers. */
  resumeFrom?: string | undefined;
  chunkBytes: number;
  retryDelays: readonly number[];
  /** Whether a failed request is tried again, from its status (0: no answer). */
  retries: (status: number) => boolean;
  /** The session's headers, read again for every request. */
  headers: () => Record<string, string>;
  onUnauthorised: () => void;
  onStage?: ((stage: UploadStage) => void) | undefined;
  onAddress?: ((url: string) => void) | undefined;
  onAccepted?: ((fraction: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** A refusal or a lost connection, as the caller reads it: the status (0: no answer) and the body. */
export class ChunkError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`tus ${status}`);
    this.status = status;
    this.body = body;
  }
}

function chunkError(error: Error | DetailedError): ChunkError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  return response ? new ChunkError(response.getStatus(), response.getBody()) : new ChunkError(0, '');
}

/**
 * Sends `file` in chunks through tus-js-client: the upload created (its address given to `onAddress`), each
 * chunk retried after a cut from the offset the server answers. Answers the upload's address once every byte
 * is on the server.
 */
export function sendChunks(file: File, o: ChunkOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: o.endpoint,
      ...(o.resumeFrom ? { uploadUrl: o.resumeFrom } : {}),
      chunkSize: o.chunkBytes,
      retryDelays: [...o.retryDelays],
      metadata: { filename: file.name, filetype: file.type },
      // The draft keeps the address (draft-store.ts), per account and listing: not tus-js-client's storage.
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(o.headers())) req.setHeader(name, value);
      },
      onAfterResponse: (_req, res) => {
        if (res.getStatus() === 401) o.onUnauthorised();
      },
      onUploadUrlAvailable: () => {
        if (upload.url) o.onAddress?.(upload.url);
      },
      onProgress: (sent, total) => o.onStage?.({ stage: 'sending', fraction: total > 0 ? sent / total : 0 }),
      onChunkComplete: (_chunk, accepted, total) => o.onAccepted?.(total > 0 ? accepted / total : 0),
      onShouldRetry: (error, attempt) => {
        if (!o.retries(error.originalResponse?.getStatus() ?? 0)) return false;
        o.onStage?.({ stage: 'waiting', attempt: attempt + 1, delayMs: o.retryDelays[attempt] ?? 0 });
        return true;
      },
      onError: (error) => reject(chunkError(error)),
      onSuccess: () => resolve(upload.url!),
    });
    o.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort();
        reject(new DOMException('upload aborted', 'AbortError'));
      },
      { once: true },
    );
    o.onStage?.({ stage: 'sending', fraction: 0 });
    upload.start();
  });
}
