import { apiUrl } from '../browser/api-base.ts';

// The confirm and unsubscribe pages of an alert (decision 0028): the token of the e-mail's link is POSTed
// when the visitor presses the button, never on load (mail scanners open links).
const root = document.querySelector<HTMLElement>('[data-alert-token]');
const button = root?.querySelector<HTMLButtonElement>('[data-alert-go]');
const result = root?.querySelector<HTMLElement>('[data-alert-result]');

if (root && button && result) {
  const text = JSON.parse(root.dataset.messages ?? '{}') as Record<string, string>;
  const token = new URLSearchParams(location.search).get('token')?.trim() ?? '';
  const say = (message: string | undefined) => {
    result.textContent = message ?? '';
    result.hidden = false;
  };
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) say(text.noToken);
  else {
    button.disabled = false;
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        const response = await fetch(apiUrl(`/alerts/${root.dataset.alertToken}`), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) {
          button.hidden = true;
          say(text.done);
        } else if (response.status === 404 || response.status === 400) say(text.invalid);
        else throw new Error(`HTTP ${response.status}`);
      } catch {
        button.disabled = false;
        say(text.failed);
      }
    });
  }
}
