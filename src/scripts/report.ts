import { toast } from '../shared/toasts.ts';
import { apiUrl } from '../browser/api-base.ts';
import { postJson, sendFailure, showChecks } from '../browser/form-dom.ts';
import { senderChecks, senderOf } from '../browser/form-rules.ts';
import '../shared/toaster.ts';

// "Signaler cette annonce": the contact form's message, of kind `report`, naming the listing. Listens
// on the document: on the page of a listing added since the last publish, the dialog and its button arrive
// with the live page (live-listing.ts), after this script has run.

/** The subject staff read in the admin (French, like the rest of the admin), naming the listing. */
const subjectOf = (title: string) => `Signalement : ${title}`.slice(0, 200);

const dialogOf = () => document.querySelector<HTMLDialogElement>('[data-report-dialog]');

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  if (target?.closest('[data-open-report]')) dialogOf()?.showModal();
  else if (target?.closest('[data-report-cancel]')) dialogOf()?.close();
});

document.addEventListener('submit', async (event) => {
  const form = (event.target as Element | null)?.closest<HTMLFormElement>('[data-report-form]');
  const dialog = dialogOf();
  if (!form || !dialog) return;
  event.preventDefault();
  const text = JSON.parse(dialog.dataset.messages ?? '{}') as Record<string, string>;
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
  const checks = senderChecks(value, text, ['content']);
  if (!showChecks(form, checks)) return;

  const page = document.querySelector<HTMLElement>('[data-property]');
  const title = document.querySelector('[data-slot="title"]')?.textContent?.trim() ?? '';
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  submit.disabled = true;
  submit.textContent = text.sending ?? '';
  try {
    await postJson(apiUrl('/messages'), {
      ...senderOf(value),
      subject: subjectOf(title || `annonce n° ${page?.dataset.property ?? ''}`),
      content: value('content'),
      propertyType: 'report',
      propertyId: Number(page?.dataset.property),
    });
    toast.success(text.ok ?? '');
    form.reset();
    dialog.close();
  } catch (error) {
    // What was typed stays in the form.
    toast.error(sendFailure(error, text));
  } finally {
    submit.disabled = false;
    submit.textContent = text.submit ?? '';
  }
});
