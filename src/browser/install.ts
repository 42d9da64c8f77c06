// The home page's app block offers to install the site where the browser allows it. Chromium
// announces it with `beforeinstallprompt` (the web app manifest and the service worker are there); other
// browsers never fire it, and the block stays as it was.

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function offerInstall(block: HTMLElement) {
  let offer: InstallPrompt | null = null;
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the block asks, not the browser's own bar
    offer = event as InstallPrompt;
    block.hidden = false;
  });
  addEventListener('appinstalled', () => (block.hidden = true));
  block.querySelector('[data-install-button]')?.addEventListener('click', async () => {
    if (!offer) return;
    await offer.prompt();
    await offer.userChoice;
    // A prompt can be shown once: accepted or dismissed, the offer is spent.
    offer = null;
    block.hidden = true;
  });
}
