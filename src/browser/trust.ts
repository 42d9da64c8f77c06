import { formatDay, isRecentCheck, kinshasaToday } from '../shared/trust.ts';
import { isLang, type Lang } from '../i18n/core.ts';

// A published page outlives 90 days, so whether a staff check still shows, and whether the
// listing is free now or from a later day, are decided here against the reader's today, never at the build.
// The build writes the facts (data-verified, data-available) and the sentences with a {date} placeholder.

export function showTrust(root: ParentNode, now = new Date()) {
  const htmlLang = document.documentElement.lang.slice(0, 2);
  const lang: Lang = isLang(htmlLang) ? htmlLang : 'fr';
  const fill = (template: string, date: string) => template.replace('{date}', formatDay(date, lang));

  const verified = root.querySelector<HTMLElement>('[data-verified]');
  if (verified) {
    const at = verified.dataset.verified ?? '';
    const recent = isRecentCheck(at, now);
    verified.hidden = !recent;
    const span = verified.querySelector('span');
    if (recent && span) span.textContent = fill(verified.dataset.text ?? '', at);
  }

  const available = root.querySelector<HTMLElement>('[data-available]');
  const day = available?.dataset.available;
  const span = available?.querySelector('span');
  if (day && span)
    span.textContent =
      day > kinshasaToday(now) ? fill(available.dataset.from ?? '', day) : (available.dataset.now ?? '');
}
