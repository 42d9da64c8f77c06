import { toast } from '../shared/toasts.ts';
import { apiUrl } from '../browser/api-base.ts';
import { postJson, sendFailure, showChecks } from '../browser/form-dom.ts';
import { EMAIL, PHONE, visitDateInRange } from '../browser/form-rules.ts';
import { kinshasaToday } from '../shared/trust.ts';
import '../shared/toaster.ts';

// The visit request (spec §2, §5, §8): name, date and WhatsApp number required, e-mail optional but valid;
// errors in place and nothing sent while invalid; toasts for success (the dialog closes) and failure.
const dialog = document.querySelector<HTMLDialogElement>('[data-visit-dialog]');
const form = dialog?.querySelector<HTMLFormElement>('[data-visit-form]');

if (dialog && form) {
  const text = JSON.parse(dialog.dataset.messages ?? '{}') as Record<string, string>;
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;

  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest('[data-open-visit]')) return;
    // The earliest day the picker offers is the visitor's today, not the day the page was built: a page
    // is published once and read for days (decision 0042).
    const date = form.elements.namedItem('visitDate') as HTMLInputElement | null;
    if (date) date.min = kinshasaToday(new Date());
    dialog.showModal();
  });
  form.querySelector('[data-visit-cancel]')?.addEventListener('click', () => dialog.close());

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const checks: [string, string | null][] = [
      ['name', value('name') ? null : text.required!],
      [
        'visitDate',
        !value('visitDate') ? text.required! : visitDateInRange(value('visitDate')) ? null : text.date!,
      ],
      [
        'telephone',
        !value('telephone') ? text.required! : PHONE.test(value('telephone')) ? null : text.phone!,
      ],
      ['email', value('email') && !EMAIL.test(value('email')) ? text.email! : null],
    ];
    if (!showChecks(form, checks)) return;

    submit.disabled = true;
    submit.textContent = text.sending ?? '';
    try {
      await postJson(apiUrl('/mail/send-visit'), {
        name: value('name'),
        visitDate: value('visitDate'),
        telephone: value('telephone'),
        email: value('email') || undefined,
        // The page's path: the API takes only the site's listing pages (not a host, query or fragment).
        url: location.pathname,
      });
      toast.success(text.ok ?? '');
      form.reset();
      dialog.close();
    } catch (error) {
      toast.error(sendFailure(error, text));
    } finally {
      submit.disabled = false;
      submit.textContent = text.submit ?? '';
    }
  });
}
