import { shareLinks } from '../shared/share-links.ts';
import { toast } from '../shared/toasts.ts';
import '../shared/toaster.ts';

// The share menu's behaviour (src/components/ShareMenu.astro), by delegation: "copy the link" copies the
// address the menu was pointed at, or the page's own.

/** Points a share menu at an address (a favourites list, a comparison) and shows it; null hides it. */
export function pointShareMenu(menu: HTMLElement | null | undefined, url: string | null) {
  if (!menu) return;
  menu.hidden = url === null;
  if (url === null) return;
  menu.dataset.url = url;
  const links = shareLinks(url, menu.dataset.text ?? '');
  for (const [name, href] of Object.entries(links))
    menu.querySelector(`[data-slot="share-${name}"]`)?.setAttribute('href', href);
}

/** "Copier le lien": the address the menu points at, or the page's own. */
async function copyLink(event: MouseEvent) {
  const button = (event.target as Element | null)?.closest<HTMLElement>('[data-copy-link]');
  if (!button) return;
  const menu = button.closest<HTMLElement>('[data-share-menu]');
  try {
    await navigator.clipboard.writeText(menu?.dataset.url ?? location.href);
    toast.success(button.dataset.copied ?? '');
    menu?.removeAttribute('open');
  } catch (error) {
    console.error('Copying the link failed', error); // spec §8: only logged
  }
}

// Islands import this module too, and they are also rendered at build time, where there is no document.
if (typeof document !== 'undefined') document.addEventListener('click', (event) => void copyLink(event));
