// What the public forms share in the browser: errors shown in place, and the one way they post JSON.

/** Shows (or clears) the error under a field, announced with it. */
export function setFieldError(input: HTMLInputElement | HTMLTextAreaElement, message: string | null): void {
  const id = `${input.id}-error`;
  input.parentElement?.querySelector(`#${id}`)?.remove();
  input.toggleAttribute('aria-invalid', Boolean(message));
  if (message) {
    const p = document.createElement('p');
    p.className = 'field-error';
    p.id = id;
    p.textContent = message;
    input.setAttribute('aria-describedby', id);
    input.after(p);
  } else input.removeAttribute('aria-describedby');
}

/**
 * Shows every check's outcome and focuses the first invalid field; true when all pass.
 * `checks` pairs a field name with its error message, or null when the value is fine.
 */
export function showChecks(form: HTMLFormElement, checks: readonly [string, string | null][]): boolean {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  for (const [name, message] of checks) setFieldError(field(name), message);
  const invalid = checks.find(([, message]) => message);
  if (invalid) field(invalid[0]).focus();
  return !invalid;
}

/** The API answered, but not 2xx: its status, and its `code` if it named the refusal, say what the visitor is told. */
export class SendError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, code?: string) {
    super(`HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

/** Spec §9: every call gives up after 10 s. Throws a SendError unless the API answered 2xx. */
export async function postJson(path: string, body: object): Promise<void> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new SendError(response.status, await refusalCode(response));
}

/** The error answer's `code`, if it is JSON with one (a proxy's HTML error page has none). */
async function refusalCode(response: Response): Promise<string | undefined> {
  try {
    const { code } = (await response.json()) as { code?: unknown };
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a public form says when sending failed: the text for the refusal the API named (`refused`, by its
 * code), else `busy` for a 429 (the API's limits count sends per address over minutes, so "try again" at
 * once would fail again; its own message is French only), else `failed`.
 */
export function sendFailure(
  error: unknown,
  texts: { failed?: string; busy?: string; refused?: Record<string, string> },
): string {
  if (!(error instanceof SendError)) return texts.failed ?? '';
  const named = error.code === undefined ? undefined : texts.refused?.[error.code];
  return named ?? (error.status === 429 ? texts.busy : texts.failed) ?? '';
}
