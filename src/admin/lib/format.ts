/** Dates and numbers as staff in Kinshasa read them (French, UTC+1). */
const TIME_ZONE = 'Africa/Kinshasa';

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(iso));

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(
    new Date(iso),
  );

/** A visit's day as the visitor picked it: a day ("2026-12-03") or a day and a time in Kinshasa ("…T15:30"). */
export const visitDay = (v: string) =>
  v.length === 10 ? formatDate(`${v}T12:00:00Z`) : formatDateTime(`${v.length === 16 ? `${v}:00` : v}+01:00`);

export const formatNumber = (n: number) => new Intl.NumberFormat('fr-FR').format(n);

/** "2,5 h", or "—" when there is nothing to say (no request contacted yet). */
export const formatHours = (hours: number | null) => (hours === null ? '—' : `${formatNumber(hours)} h`);

/** "+12 %" / "−3 %" captions; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '0');

export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
