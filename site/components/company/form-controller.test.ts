// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { joinWaitlistInput } from '@modules/waitlist/contract';
import { ApiError } from '@site/lib/api';
import { readWaitlist } from '@site/scripts/waitlist-form';
import { enhanceForm } from './form-controller';

const FAILURE = 'We could not add you to the waitlist just now.';

function setup(submit: (data: unknown) => Promise<unknown>) {
  document.body.innerHTML = `
    <form id="f">
      <input id="f-email" name="email" /><p id="f-email-error" hidden></p>
      <input id="f-name" name="name" /><p id="f-name-error" hidden></p>
      <select id="f-interest" name="interest"><option value="">-</option><option value="sip">SIP</option></select>
      <p id="f-interest-error" hidden></p>
      <div data-form-alert role="alert"><p data-message hidden></p></div>
      <button type="submit"><span data-label>Join</span></button>
    </form>`;
  const form = document.getElementById('f') as HTMLFormElement;
  const onSuccess = vi.fn();
  enhanceForm(form, {
    fields: ['email', 'name', 'interest'],
    loadSchema: async () => joinWaitlistInput,
    read: readWaitlist,
    submit,
    onSuccess,
    busyLabel: 'Joining…',
    failureText: FAILURE,
  });
  const field = (id: string) => document.getElementById(id) as HTMLInputElement;
  const alertText = () => (form.querySelector('[data-form-alert] [data-message]') as HTMLElement).textContent;
  const send = async () => {
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(form.hasAttribute('aria-busy')).toBe(false));
    await new Promise((r) => setTimeout(r, 0));
  };
  return { form, onSuccess, field, alertText, send };
}

describe('enhanceForm', () => {
  let submit: ReturnType<typeof vi.fn<(data: unknown) => Promise<unknown>>>;
  beforeEach(() => {
    submit = vi.fn<(data: unknown) => Promise<unknown>>(async () => ({ success: true, alreadyJoined: false, message: "You're on the list." }));
  });

  it('does not submit an invalid form: shows the schema message and focuses the field', async () => {
    const { field, send } = setup(submit);
    field('f-email').value = 'nope';
    await send();
    expect(submit).not.toHaveBeenCalled();
    expect(document.getElementById('f-email-error')!.textContent).toBe('Please enter a valid email address');
    expect(field('f-email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('f-email'));
  });

  it('submits the parsed data, leaving out empty optional fields', async () => {
    const { field, send, onSuccess } = setup(submit);
    field('f-email').value = '  amira@example.com ';
    await send();
    expect(submit).toHaveBeenCalledWith({ email: 'amira@example.com' });
    expect(onSuccess).toHaveBeenCalledWith({ success: true, alreadyJoined: false, message: "You're on the list." }, expect.anything());
  });

  it('puts the server’s field errors inline', async () => {
    submit.mockRejectedValueOnce(new ApiError('400: Bad email', 400, { message: 'Bad email', error: 'validation_failed', fields: { email: 'Bad email' } }));
    const { field, send, alertText } = setup(submit);
    field('f-email').value = 'amira@example.com';
    await send();
    expect(document.getElementById('f-email-error')!.textContent).toBe('Bad email');
    expect(alertText()).toBe('');
  });

  it('shows the server’s text for other failures, and a friendly text for network failures, keeping what was typed', async () => {
    submit.mockRejectedValueOnce(new ApiError('429: Too many attempts.', 429, { message: 'Too many attempts.' }));
    const { field, send, alertText, form } = setup(submit);
    field('f-email').value = 'amira@example.com';
    field('f-name').value = 'Amira';
    await send();
    expect(alertText()).toBe('Too many attempts.');
    submit.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await send();
    expect(alertText()).toBe(FAILURE);
    expect(field('f-email').value).toBe('amira@example.com');
    expect(field('f-name').value).toBe('Amira');
    expect(form.querySelector('button')!.textContent).toBe('Join');
  });

  it('ignores a second submit while the first is in flight', async () => {
    let release!: () => void;
    submit.mockImplementationOnce(() => new Promise((r) => (release = () => r({ message: 'ok' }))));
    const { form, field } = setup(submit);
    field('f-email').value = 'amira@example.com';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(form.querySelector('button')!.textContent).toBe('Joining…');
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await new Promise((r) => setTimeout(r, 10));
    expect(submit).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(form.hasAttribute('aria-busy')).toBe(false));
  });
});
