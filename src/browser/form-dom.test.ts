import { afterEach, describe, expect, it, vi } from 'vitest';
import { postJson, sendFailure } from './form-dom.ts';

const texts = { failed: 'failed', busy: 'busy' };

/** What a form would say when the API answers `status` (or fetch itself throws, with null). */
async function failureFor(status: number | null): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (status === null) throw new TypeError('Failed to fetch');
      return new Response('{}', { status });
    }),
  );
  return postJson('/api/x', {}).then(
    () => 'sent',
    (error: unknown) => sendFailure(error, texts),
  );
}

afterEach(() => vi.unstubAllGlobals());

// The API's 429 message is French only: the public forms say it in the page's language, and say to wait.
describe('a public form’s failure', () => {
  it('is "busy" for a 429 and the usual failure otherwise', async () => {
    expect(await failureFor(429)).toBe('busy');
    for (const status of [400, 500, 503, null])
      expect(await failureFor(status), String(status)).toBe('failed');
    expect(await failureFor(201)).toBe('sent');
    expect(sendFailure(new DOMException('timed out', 'TimeoutError'), texts)).toBe('failed');
  });
});
