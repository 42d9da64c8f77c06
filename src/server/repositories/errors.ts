/** A request that refers to something that does not exist (an agent id, a property id): the caller's mistake. */
export class InvalidReferenceError extends Error {
  readonly statusCode = 400;
}

/**
 * A change the data refuses for a reason the client can read: 400 (its own mistake), 409 (a conflict) or
 * 429 (a limit the stored rows set, e.g. alert sign-ups waiting for one address).
 */
export class RefusedError extends Error {
  readonly statusCode: 400 | 409 | 429;
  /** A machine-readable name of the refusal, added to the JSON answer (for a client that words it itself). */
  readonly refusal: string | undefined;
  constructor(statusCode: 400 | 409 | 429, message: string, refusal?: string) {
    super(message);
    this.statusCode = statusCode;
    this.refusal = refusal;
  }
}

/** Unwraps driver errors (Drizzle wraps them in `cause`) to read PostgreSQL's SQLSTATE. */
export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Turns a foreign-key violation into an InvalidReferenceError with a human message; rethrows anything else. */
export async function withReferenceCheck<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (pgCode(error) === '23503') throw new InvalidReferenceError(message);
    throw error;
  }
}
