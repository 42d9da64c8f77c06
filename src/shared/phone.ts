/**
 * Phone numbers as the agency stores them: E.164 ("+243812345678"), so that a WhatsApp link (wa.me takes the
 * international number without "+") and a tel: link work whatever way staff typed the number. The one
 * normaliser of the project: the contract (on save, in the API) and the admin's form (as staff type) both
 * call it, so the browser shows the message the server would give.
 */

/** DR Congo's country code, and the length of a national number after it (spec: Kinshasa numbers). */
const CD = '243';
const CD_DIGITS = 9;

export type PhoneCheck = { ok: true; value: string } | { ok: false; message: string };

const fail = (message: string): PhoneCheck => ({ ok: false, message });

export const PHONE_MESSAGES = {
  empty: 'Indiquez un numéro de téléphone',
  characters:
    'Un numéro ne contient que des chiffres, des espaces, des points, des tirets, des parenthèses et un « + » au début',
  congo:
    'Un numéro congolais a 9 chiffres après l’indicatif +243, sans le 0 du début (par exemple 0812345678 ou +243 81 234 5678)',
  international:
    'Un numéro international a de 8 à 15 chiffres après le « + » (par exemple +33 6 12 34 56 78)',
} as const;

/** A Congolese national number: 9 digits, never starting with 0 (the 0 is the trunk prefix). */
const congolese = (national: string): PhoneCheck =>
  national.length === CD_DIGITS && /^[1-9]/.test(national)
    ? { ok: true, value: `+${CD}${national}` }
    : fail(PHONE_MESSAGES.congo);

/**
 * "0812345678", "812345678", "+243 81 234 5678", "00243 81…", "243812345678" → "+243812345678". A number
 * with another country code ("+33…", "0033…") is kept in E.164 when its length can be one.
 */
export function normalizePhone(input: string): PhoneCheck {
  const typed = input.trim();
  if (!typed) return fail(PHONE_MESSAGES.empty);
  if (!/^\+?[\d\s().-]+$/.test(typed)) return fail(PHONE_MESSAGES.characters);
  const digits = typed.replace(/\D/g, '');
  let international: string | null = null;
  if (typed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith(CD) && digits.length === CD.length + CD_DIGITS) international = digits;
  if (international === null) {
    // Typed the national way: with the trunk 0 or without it.
    return congolese(digits.startsWith('0') ? digits.slice(1) : digits);
  }
  if (international.startsWith(CD)) {
    const national = international.slice(CD.length);
    // "+243 0812…": the trunk 0 kept after the country code is a common slip.
    return congolese(national.startsWith('0') ? national.slice(1) : national);
  }
  return international.length >= 8 && international.length <= 15 && /^[1-9]/.test(international)
    ? { ok: true, value: `+${international}` }
    : fail(PHONE_MESSAGES.international);
}

/** "+243812345678" → "+243 81 234 5678", how the site shows a stored Congolese number; others as stored. */
export function formatPhone(e164: string): string {
  const m = /^\+243(\d{2})(\d{3})(\d{4})$/.exec(e164);
  return m ? `+243 ${m[1]} ${m[2]} ${m[3]}` : e164;
}

/**
 * The digits a wa.me link takes ("243812345678") for any phone as people typed it; the bare digits when it
 * cannot be normalised (an agent's number typed before normalisation existed).
 */
export function whatsappDigits(phone: string): string {
  const checked = normalizePhone(phone);
  return (checked.ok ? checked.value : phone).replace(/\D/g, '');
}

/** "tel:+243812345678". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
