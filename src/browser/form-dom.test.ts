import { afterEach, describe, expect, it, vi } from 'vitest';
import { postJson, sendFailure } from './form-dom.ts';

const texts = { failed: 'failed', busy: 'busy', refused: { SOME_LIMIT: 'some limit' } };

/** What a form would say when the API answers `status` with `body` (or fetch itself throws, with null). */
async function failureFor(status: number | null, body = '{}'): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      if (status === null) throw new TypeError('Failed to fetch');
      return new Response(body, { status });
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

  it('is the refusal’s own text when the API names one the form knows', async () => {
    expect(await failureFor(429, '{"statusCode":429,"code":"SOME_LIMIT"}')).toBe('some limit');
    expect(await failureFor(400, '{"code":"SOME_LIMIT"}')).toBe('some limit');
    // A code the form has no text for, a code that is not text, or a body that is not JSON: as before.
    expect(await failureFor(429, '{"code":"OTHER"}')).toBe('busy');
    expect(await failureFor(429, '{"code":42}')).toBe('busy');
    expect(await failureFor(429, '<html>Too Many Requests</html>')).toBe('busy');
    expect(await failureFor(500, '<html>Bad Gateway</html>')).toBe('failed');
  });
});
