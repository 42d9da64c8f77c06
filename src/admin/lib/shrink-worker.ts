// The worker that makes photos light (shrink-core.ts) off the page's thread, so the form stays responsive
// while a phone decodes and re-encodes eight 12 MP photos.
import { offscreenSurface, shrink } from './shrink-core.ts';

export interface ShrinkRequest {
  id: number;
  file: Blob;
}
/** The light picture, null to send the file as it is, or the error that stopped the worker drawing it. */
export interface ShrinkAnswer {
  id: number;
  blob: Blob | null;
  error?: string;
}

// Typed locally: the project's TypeScript libraries are the page's (DOM), not a worker's.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ShrinkRequest>) => void) | null;
  postMessage(message: ShrinkAnswer): void;
};

scope.onmessage = ({ data: { id, file } }) => {
  shrink(file, offscreenSurface).then(
    (blob) => scope.postMessage({ id, blob }),
    (error: unknown) => scope.postMessage({ id, blob: null, error: String(error) }),
  );
};
