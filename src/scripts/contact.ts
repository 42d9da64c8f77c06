import { apiUrl } from '../browser/api-base.ts';
import { postJson, sendFailure, showChecks } from '../browser/form-dom.ts';
import { senderChecks, senderOf } from '../browser/form-rules.ts';

// The contact form (spec §2, §5, §8): errors in place and nothing sent while invalid; on success the form
// gives way to 'Message envoyé !'; on failure the alert, with what was typed kept.
const root = document.querySelector<HTMLElement>('[data-contact]');
const form = root?.querySelector<HTMLFormElement>('[data-contact-form]');

if (root && form) {
  const text = JSON.parse(root.dataset.messages ?? '{}') as Record<string, string>;
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const failed = form.querySelector<HTMLElement>('[data-contact-failed]')!;
  const sent = root.querySelector<HTMLElement>('[data-contact-sent]')!;
  submit.disabled = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const checks = senderChecks(value, text, ['subject', 'content']);
    if (!showChecks(form, checks)) return;

    failed.hidden = true;
    submit.disabled = true;
    submit.textContent = text.sending ?? '';
    try {
      await postJson(apiUrl('/messages'), {
        ...senderOf(value),
        subject: value('subject'),
        content: value('content'),
      });
      form.reset();
      form.hidden = true;
      sent.hidden = false;
      sent.focus();
    } catch (error) {
      failed.textContent = sendFailure(error, text);
      failed.hidden = false; // what was typed stays in the form
    } finally {
      submit.disabled = false;
      submit.textContent = text.submit ?? '';
    }
  });

  root.querySelector('[data-contact-again]')?.addEventListener('click', () => {
    sent.hidden = true;
    form.hidden = false;
    form.querySelector<HTMLInputElement>('input')?.focus();
  });
}
