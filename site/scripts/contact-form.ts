// The contact form: live character count, validation with the contact module's zod schema, JSON post
// through site/lib/api, and a confirmation panel with the server's message.
import type { ContactResult } from '@modules/contact/contract';
import { enhanceForm, value } from '../components/company/form-controller';
import { characterCountText } from '../components/company/form-kit';
import { api } from '../lib/api';
import { SUPPORT_EMAIL } from '@modules/platform/contract';

export function readContact(form: HTMLFormElement) {
  return { name: value(form, 'name'), email: value(form, 'email'), topic: value(form, 'topic'), message: value(form, 'message') };
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-contact-form]')) {
  const root = form.parentElement!;
  const panel = root.querySelector<HTMLElement>('[data-success-panel]');
  const heading = root.querySelector<HTMLElement>('[data-success-heading]');
  const messageEl = panel?.querySelector<HTMLElement>('[data-message]');
  const textarea = form.elements.namedItem('message') as HTMLTextAreaElement;
  const counter = form.querySelector<HTMLElement>('[data-char-count]');
  const max = Number(counter?.dataset.max ?? 5000);

  // Counts what the server counts: the trimmed text.
  const updateCount = () => {
    if (!counter) return;
    const length = textarea.value.trim().length;
    counter.textContent = characterCountText(length, max);
    counter.dataset.over = String(length > max);
  };
  textarea.addEventListener('input', updateCount);
  updateCount();

  enhanceForm(form, {
    fields: ['name', 'email', 'topic', 'message'],
    loadSchema: () => import('@modules/contact/contract').then((m) => m.contactInput),
    read: readContact,
    submit: (data) => api.post<ContactResult>('/api/contact', data),
    onSuccess: (result) => {
      if (!panel || !messageEl) return;
      messageEl.textContent = result.message;
      form.hidden = true;
      panel.hidden = false;
      heading?.focus();
    },
    busyLabel: 'Sending…',
    failureText: `Your message could not be sent just now. Please check your connection and try again, or email ${SUPPORT_EMAIL}.`,
  });

  root.querySelector('[data-contact-again]')?.addEventListener('click', () => {
    form.reset();
    updateCount();
    if (panel) panel.hidden = true;
    form.hidden = false;
    (form.elements.namedItem('name') as HTMLInputElement | null)?.focus();
  });
}
