// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { contactInput } from '@modules/contact/contract';
import { joinWaitlistInput } from '@modules/waitlist/contract';
import {
  characterCountText,
  clearFieldErrors,
  setFieldError,
  setMessage,
  issuesToFieldErrors,
  once,
  serverFieldErrors,
  setBusy,
  showFieldErrors,
} from './form-kit';

describe('issuesToFieldErrors', () => {
  it('maps the contact schema issues to one message per field, with the server wording', () => {
    const r = contactInput.safeParse({ name: 'A', email: 'nope', topic: '', message: 'short' });
    expect(r.success).toBe(false);
    expect(issuesToFieldErrors(r.error!.issues)).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      topic: 'Please choose a topic',
      message: 'Message must be at least 10 characters',
    });
  });

  it('keeps the first message when a field has several issues and files path-less issues under form', () => {
    expect(
      issuesToFieldErrors([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: [], message: 'whole form' },
      ]),
    ).toEqual({ email: 'first', form: 'whole form' });
  });

  it('accepts a valid waitlist entry with only an email', () => {
    expect(joinWaitlistInput.safeParse({ email: 'amira@example.com' }).success).toBe(true);
  });
});

describe('serverFieldErrors', () => {
  it('reads the API validation body for known fields only', () => {
    const body = { message: 'Please enter a valid email address', error: 'validation_failed', fields: { email: 'Please enter a valid email address', 'extra.deep': 'x' } };
    expect(serverFieldErrors(body, ['email', 'name'])).toEqual({ email: 'Please enter a valid email address' });
  });
  it('ignores other bodies', () => {
    expect(serverFieldErrors({ message: 'Too many requests' }, ['email'])).toEqual({});
    expect(serverFieldErrors('oops', ['email'])).toEqual({});
    expect(serverFieldErrors(null, ['email'])).toEqual({});
  });
});

describe('characterCountText', () => {
  it('counts up to the limit and says how far over it is', () => {
    expect(characterCountText(0, 5000)).toBe('0 / 5,000 characters');
    expect(characterCountText(4999, 5000)).toBe('4,999 / 5,000 characters');
    expect(characterCountText(5012, 5000)).toBe('12 characters over the 5,000 limit');
  });
});

describe('once', () => {
  it('loads once, and retries after a failure', async () => {
    let calls = 0;
    const fail = once(async () => {
      calls++;
      if (calls === 1) throw new Error('network');
      return calls;
    });
    await expect(fail()).rejects.toThrow('network');
    expect(await fail()).toBe(2);
    expect(await fail()).toBe(2);
    expect(calls).toBe(2);
  });
});

describe('showFieldErrors / clearFieldErrors', () => {
  let form: HTMLFormElement;
  beforeEach(() => {
    document.body.innerHTML = `
      <form id="f">
        <input id="f-name" name="name" aria-describedby="f-name-hint" />
        <p id="f-name-hint">Optional</p><p id="f-name-error" hidden></p>
        <input id="f-email" name="email" />
        <p id="f-email-error" hidden></p>
        <button type="submit"><span data-label>Send</span></button>
      </form>`;
    form = document.getElementById('f') as HTMLFormElement;
  });

  it('marks invalid fields, links the message and returns the first one in page order', () => {
    const { first, unplaced } = showFieldErrors(form, { email: 'Bad email', name: 'Too long', topic: 'Pick one' });
    const name = document.getElementById('f-name')!;
    const email = document.getElementById('f-email')!;
    expect(first).toBe(name);
    expect(unplaced).toEqual(['Pick one']);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('f-name-hint f-name-error');
    expect(email.getAttribute('aria-describedby')).toBe('f-email-error');
    expect(document.getElementById('f-email-error')!.hidden).toBe(false);
    expect(document.getElementById('f-email-error')!.textContent).toBe('Bad email');
  });

  it('clears a field that became valid and keeps its hint', () => {
    showFieldErrors(form, { email: 'Bad email', name: 'Too long' });
    showFieldErrors(form, { email: 'Still bad' });
    const name = document.getElementById('f-name')!;
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(name.getAttribute('aria-describedby')).toBe('f-name-hint');
    expect(document.getElementById('f-name-error')!.hidden).toBe(true);
    clearFieldErrors(form);
    expect(document.getElementById('f-email')!.hasAttribute('aria-describedby')).toBe(false);
    expect(document.getElementById('f-email-error')!.textContent).toBe('');
  });

  it('setBusy swaps the label and restores it', () => {
    const button = form.querySelector('button')!;
    setBusy(form, button, true, 'Sending…');
    expect(button.textContent).toBe('Sending…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(form.getAttribute('aria-busy')).toBe('true');
    setBusy(form, button, false, 'Sending…');
    expect(button.textContent).toBe('Send');
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(form.hasAttribute('aria-busy')).toBe(false);
  });
});
