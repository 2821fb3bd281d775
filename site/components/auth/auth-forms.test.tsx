// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '@site/lib/stores/toast';
import ForgotPasswordForm, { FORGOT_PASSWORD_CONFIRMATION } from './ForgotPasswordForm';
import { fetchMfaSession, MfaForm } from './MfaForm';
import ResetPasswordForm from './ResetPasswordForm';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => handler(String(url), init));
  vi.stubGlobal('fetch', fn);
  return fn;
}

function withQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => $toasts.set([]));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('reset password', () => {
  it('explains a link without a token and offers a new one', () => {
    render(<ResetPasswordForm token="" />);
    expect(screen.getByRole('heading', { name: 'This reset link isn’t complete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('ticks the four rules off live as the password is typed', () => {
    render(<ResetPasswordForm token="tok" />);
    const items = () => screen.getByTestId('password-checklist').querySelectorAll('li');
    expect([...items()].map((li) => li.dataset.met)).toEqual(['false', 'false', 'false', 'false']);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc1' } });
    expect([...items()].map((li) => li.dataset.met)).toEqual(['false', 'false', 'true', 'true']);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Abcdefg1' } });
    expect([...items()].every((li) => li.dataset.met === 'true')).toBe(true);
  });

  it('shows and hides the password', () => {
    render(<ResetPasswordForm token="tok" />);
    const input = screen.getByLabelText('New password') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]);
    expect(input.type).toBe('text');
  });

  it('refuses to send a weak or mismatched password', () => {
    const fetch = stubFetch(() => json({}));
    render(<ResetPasswordForm token="tok" />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('Password must be at least 8 characters long', { selector: 'p span' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Manzil2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Manzil2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The two passwords don’t match')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts token and password, then shows the server’s message and a way to log in', async () => {
    const fetch = stubFetch(() => json({ success: true, message: 'Your password has been reset. You can now log in.' }));
    render(<ResetPasswordForm token="tok-123" />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Manzil2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Manzil2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok-123', password: 'Manzil2026' });
  });

  it('shows the server’s reason when the token is refused', async () => {
    stubFetch(() => json({ message: 'This reset link has expired. Ask for a new one.', error: 'token_expired' }, 400));
    render(<ResetPasswordForm token="old" />);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Manzil2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Manzil2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This reset link has expired. Ask for a new one.')).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('validates the email with the contract’s message before sending', () => {
    const fetch = stubFetch(() => json({}));
    render(<ForgotPasswordForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the neutral confirmation when the server gives no message', async () => {
    stubFetch(() => json({ success: true }));
    render(<ForgotPasswordForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_PASSWORD_CONFIRMATION)).toBeTruthy();
    expect(FORGOT_PASSWORD_CONFIRMATION).toBe('If an account exists for that email, we’ve sent a link to reset your password. It expires in 1 hour.');
  });
});

describe('MFA code entry', () => {
  it('reads the method from the pending 401 of /api/auth/me', async () => {
    stubFetch(() => json({ message: 'Enter your code', error: 'mfa_required', requiresMfa: true, mfaMethod: 'authenticator' }, 401));
    expect(await fetchMfaSession()).toEqual({ kind: 'pending', method: 'authenticator' });
    stubFetch(() => json({ message: 'You are not logged in.', error: 'unauthenticated' }, 401));
    expect(await fetchMfaSession()).toEqual({ kind: 'none' });
  });

  it('names the method in the instructions', () => {
    withQuery(<MfaForm method="email" />);
    expect(screen.getByTestId('mfa-intro').textContent).toContain('emailed you a 6-digit code');
    cleanup();
    withQuery(<MfaForm method="authenticator" />);
    expect(screen.getByTestId('mfa-intro').textContent).toContain('authenticator app');
  });

  it('is one numeric one-time-code field that accepts a pasted code', () => {
    withQuery(<MfaForm method="email" />);
    const input = screen.getByLabelText('6-digit code') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.paste(input, { clipboardData: { getData: () => ' 123 456 ' } });
    expect(input.value).toBe('123456');
    fireEvent.change(input, { target: { value: '12a3' } });
    expect(input.value).toBe('123');
  });

  it('does not send an incomplete code', () => {
    const fetch = stubFetch(() => json({}));
    withQuery(<MfaForm method="email" />);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code (or a recovery code)')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('switches to a recovery code', () => {
    withQuery(<MfaForm method="email" />);
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const input = screen.getByLabelText('Recovery code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'abcd1234' } });
    expect(input.value).toBe('ABCD-1234');
  });

  it('on success toasts and sends an admin to the admin dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetch = stubFetch(() => json({ id: 'a1', firstName: 'Layla', role: 'admin', kycStatus: 'approved' }));
    withQuery(<MfaForm method="email" />);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect($toasts.get()[0]?.title).toBe('Verification successful'));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ code: '654321' });
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(assign).toHaveBeenCalledWith('/admin/dashboard');
  });

  it('on failure toasts the server’s message, or the default when there is none', async () => {
    stubFetch(() => json({ message: 'That code has expired.', error: 'mfa_invalid' }, 401));
    withQuery(<MfaForm method="email" />);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect($toasts.get()[0]).toMatchObject({ title: 'Verification failed', description: 'That code has expired.', variant: 'destructive' }));

    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect($toasts.get()[0]).toMatchObject({ title: 'Verification failed', description: 'MFA verification failed' }));
  });
});
