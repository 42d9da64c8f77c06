import { $toasts, dismiss } from './toasts.ts';

// Draws the toasts of the shared store in one polite live region; imported by whatever may toast.
if (typeof document !== 'undefined') {
  let region: HTMLElement | null = null;
  $toasts.subscribe((toasts) => {
    if (!region) {
      if (!toasts.length) return;
      region = document.createElement('div');
      region.className = 'toaster';
      region.setAttribute('role', 'status');
      region.setAttribute('aria-live', 'polite');
      document.body.append(region);
    }
    region.replaceChildren(
      ...toasts.map((t) => {
        const item = document.createElement('div');
        item.className = `toast toast-${t.type}`;
        item.textContent = t.message;
        item.addEventListener('click', () => dismiss(t.id));
        return item;
      }),
    );
  });
}
