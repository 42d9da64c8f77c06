import { $compare, toggleCompare } from '../stores/compare.ts';
import { $favorites, toggleFavorite } from '../stores/favorites.ts';
import { toast } from '../shared/toasts.ts';
import { wrapIndex } from '../shared/card.ts';
import '../shared/toaster.ts';
import { autoplayUnlessSavingData } from '../shared/save-data.ts';

// Property cards are static HTML; this one small script makes their media carousel, favourite heart and
// compare toggle work, by delegation, so a page of cards costs one listener and no framework.

/** Shows one slide of a carousel (its dot current, the video/3D badge set); the index wraps around. */
export function showSlide(carousel: HTMLElement, next: number) {
  const slides = [...carousel.querySelectorAll<HTMLElement>('[data-slide]')];
  if (slides.length === 0) return;
  const index = wrapIndex(next, slides.length);
  slides.forEach((slide, i) => {
    slide.hidden = i !== index;
    const video = slide.querySelector('video');
    if (video && i !== index) video.pause();
  });
  carousel.dataset.index = String(index);
  carousel.querySelectorAll<HTMLElement>('[data-dot]').forEach((dot, i) => {
    dot.setAttribute('aria-current', i === index ? 'true' : 'false');
  });
  const kind = slides[index]?.dataset.kind ?? 'image';
  const badge = carousel.querySelector<HTMLElement>('[data-badge]');
  if (badge) {
    badge.hidden = kind === 'image';
    badge.textContent = kind === 'video' ? (badge.dataset.video ?? 'video') : (badge.dataset.threeD ?? '3D');
  }
}

// A card's first video starts here rather than by an autoplay attribute: under Save-Data it stays still
// (decision 0026), which the static HTML cannot know.
document.querySelectorAll<HTMLVideoElement>('video[data-autoplay]').forEach(autoplayUnlessSavingData);

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const control = target?.closest<HTMLElement>(
    '[data-prev], [data-next], [data-dot], [data-fav], [data-compare]',
  );
  if (!control) return;
  if (control.dataset.compare) {
    event.preventDefault();
    // The tray (src/scripts/compare-tray.ts) shows what was added; only the refused fifth needs words.
    if (toggleCompare(Number(control.dataset.compare)) === 'full')
      toast.error(control.dataset.toastFull ?? '');
    return;
  }
  if (control.dataset.fav) {
    event.preventDefault();
    const added = toggleFavorite(Number(control.dataset.fav));
    const message = added ? control.dataset.toastAdded : control.dataset.toastRemoved;
    if (message) toast.success(message);
    return;
  }
  const carousel = control.closest<HTMLElement>('[data-carousel]');
  if (!carousel) return;
  event.preventDefault();
  const current = Number(carousel.dataset.index ?? 0);
  if (control.dataset.dot !== undefined) showSlide(carousel, Number(control.dataset.dot));
  else showSlide(carousel, current + (control.dataset.next !== undefined ? 1 : -1));
});

/** Every heart on the page follows the one favourites store (and other tabs, through it). */
export function paintHearts(ids: readonly number[] = $favorites.get()) {
  document.querySelectorAll<HTMLElement>('[data-fav]').forEach((button) => {
    const on = ids.includes(Number(button.dataset.fav));
    button.setAttribute('aria-pressed', String(on));
    const label = on ? button.dataset.labelRemove : button.dataset.labelAdd;
    if (label) button.setAttribute('aria-label', label);
  });
}
$favorites.subscribe((ids) => paintHearts(ids));

/** Every compare toggle on the page follows the compare store (decision 0027). */
$compare.subscribe((ids) => {
  document.querySelectorAll<HTMLElement>('[data-compare]').forEach((button) => {
    button.setAttribute('aria-pressed', String(ids.includes(Number(button.dataset.compare))));
  });
});
