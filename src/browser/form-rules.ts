// The public forms' checks in the browser, for errors in place before anything is sent. The contract
// (src/contract/common.ts, visit.ts) holds the same rules with zod and the API applies them; zod itself is
// kept out of the browser bundles, hence these few plain copies.
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE = /^\(?\+?[0-9 ().-]{6,24}$/;

const DAY_MS = 86_400_000;
/** A visit is booked from today to a year ahead (one day of slack for time zones, as in the contract). */
export function visitDateInRange(date: string, now = Date.now()): boolean {
  const t = Date.parse(`${date}T12:00:00Z`);
  return Number.isFinite(t) && t >= now - 2 * DAY_MS && t <= now + 366 * DAY_MS;
}

/** A field's name paired with its error message, or null when its value is fine. */
export type Check = [string, string | null];

/**
 * The sender's checks shared by the contact form and the report dialog (both post to /messages): name
 * required, e-mail required and valid, phone optional but valid. Then every field named in `required`.
 * `value` reads a field's trimmed value; `text` holds the page's messages (required, email, phone).
 */
export function senderChecks(
  value: (name: string) => string,
  text: Record<string, string>,
  required: readonly string[],
): Check[] {
  const present = (name: string) => (value(name) ? null : text.required!);
  return [
    ['senderName', present('senderName')],
    ['senderEmail', present('senderEmail') ?? (EMAIL.test(value('senderEmail')) ? null : text.email!)],
    ['senderPhone', value('senderPhone') && !PHONE.test(value('senderPhone')) ? text.phone! : null],
    ...required.map((name): Check => [name, present(name)]),
  ];
}

/** What the API's /messages takes of the sender, as both forms send it (an empty phone left out). */
export function senderOf(value: (name: string) => string) {
  return {
    senderName: value('senderName'),
    senderEmail: value('senderEmail'),
    senderPhone: value('senderPhone') || undefined,
  };
}
