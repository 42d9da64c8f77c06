/**
 * When a login attempt must wait. Failures are counted per (e-mail, address) pair, so that someone guessing
 * the well-known admin e-mail from their own address locks only themselves out and the owner, from any other
 * address, still gets in; a looser count per address stops one address from spraying many accounts.
 */

/** Failures of one pair before the first wait. */
export const PAIR_FREE_FAILURES = 5;
/** The first wait; each further failure doubles it, up to PAIR_MAX_DELAY_MS. */
export const PAIR_BASE_DELAY_MS = 60_000;
export const PAIR_MAX_DELAY_MS = 60 * 60_000;
/** A pair's failures older than this are forgotten (and a success forgets them at once). */
export const PAIR_WINDOW_MS = 24 * 3_600_000;

/** Failures from one address, whatever the e-mails, in ADDRESS_WINDOW_MS before it must wait. */
export const ADDRESS_MAX_FAILURES = 20;
export const ADDRESS_WINDOW_MS = 15 * 60_000;

/** What the failure log says about an attempt, as the accounts repository counts it. */
export interface FailureCounts {
  /** Failures of this e-mail from this address within PAIR_WINDOW_MS. */
  pair: number;
  /** The latest of those, or null. */
  lastPairFailure: Date | null;
  /** Failures from this address within ADDRESS_WINDOW_MS. */
  address: number;
  /** The oldest of those, or null: the address may try again once it leaves the window. */
  firstAddressFailure: Date | null;
}

/** The wait after a pair's `failures`-th failure: none for the first 5, then 1 min, 2, 4… up to 1 h. */
export function pairDelayMs(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  const doublings = Math.min(failures - PAIR_FREE_FAILURES, 30);
  return Math.min(PAIR_BASE_DELAY_MS * 2 ** doublings, PAIR_MAX_DELAY_MS);
}

/** How long this attempt must still wait, in milliseconds; 0 when it may go ahead. */
export function waitBeforeAttempt(counts: FailureCounts, now: number): number {
  const pairWait =
    counts.lastPairFailure === null ? 0 : counts.lastPairFailure.getTime() + pairDelayMs(counts.pair) - now;
  const addressWait =
    counts.address >= ADDRESS_MAX_FAILURES && counts.firstAddressFailure
      ? counts.firstAddressFailure.getTime() + ADDRESS_WINDOW_MS - now
      : 0;
  return Math.max(0, pairWait, addressWait);
}

/** "2 minutes", "1 heure", "45 secondes": the wait, rounded up, for the 429 message. */
export function frenchDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes > 1 ? 's' : ''}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} heure${hours > 1 ? 's' : ''}`;
}
