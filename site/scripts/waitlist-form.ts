// The home page waitlist: validated with the waitlist module's own zod schema, posted through site/lib/api.
import type { JoinWaitlistResult } from '@modules/waitlist/contract';
import { enhanceForm, value } from '../components/company/form-controller';
import { setMessage } from '../components/company/form-kit';
import { api } from '../lib/api';

/** Empty optional fields are left out rather than sent as ''. */
export function readWaitlist(form: HTMLFormElement) {
  const name = value(form, 'name').trim();
  const interest = value(form, 'interest');
  return { email: value(form, 'email'), ...(name ? { name } : {}), ...(interest ? { interest } : {}) };
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-waitlist-form]')) {
  const status = form.querySelector('[data-form-status]');
  form.addEventListener('submit', () => setMessage(status, ''), { capture: true });
  enhanceForm(form, {
    fields: ['email', 'name', 'interest'],
    loadSchema: () => import('@modules/waitlist/contract').then((m) => m.joinWaitlistInput),
    read: readWaitlist,
    submit: (data) => api.post<JoinWaitlistResult>('/api/waitlist/join', data),
    onSuccess: (result, f) => {
      f.reset();
      setMessage(status, result.message);
    },
    busyLabel: 'Joining…',
    failureText: 'We could not add you to the waitlist just now. Please check your connection and try again.',
  });
}
