/** An error whose message is meant for the client, with the HTTP status that goes with it. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Machine-readable fields added to the JSON answer, e.g. `{ code: 'PASSWORD_CHANGE_REQUIRED' }`. */
  readonly extra: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, extra?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} introuvable`);

/** The value, or a 404 naming what was looked for when the repository found nothing. */
export function found<T>(value: T | null | false, what: string): T {
  if (value === null || value === false) throw notFound(what);
  return value;
}
