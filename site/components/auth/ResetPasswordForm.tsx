import { type FormEvent, useState } from 'react';
import { resetPasswordInput } from '@modules/auth/contract';
import { api, errorText } from '@site/lib/api';
import { linkClass, primaryButtonClass } from '../kyc/fields';
import { Icon } from './ForgotPasswordForm';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordField } from './PasswordField';
import { PASSWORDS_DIFFER } from './password-rules';

export const PASSWORD_CHANGED = 'Your password has been changed. Log in with your new password.';

function tokenFromUrl(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('token')?.trim() ?? '';
}

/** /auth/reset-password?token=…: a new password twice, the rules ticked off live, then a link to log in. */
export default function ResetPasswordForm({ token: tokenProp }: { token?: string } = {}) {
  const [token] = useState(() => tokenProp ?? tokenFromUrl());
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string | null>(null);

  if (!token) {
    return (
      <div data-testid="reset-missing-token">
        <Icon tone="red" path="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        <h1 className="mt-5 text-2xl font-semibold text-ink sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }}>
          This reset link isn’t complete
        </h1>
        <p role="alert" className="mt-3 text-[15px] leading-relaxed text-slate-600">
          The link you followed is missing its security code, so we can’t change your password with it. Reset links work once and expire after 1
          hour. Ask for a new one and open the latest email.
        </p>
        <div className="mt-8 flex flex-col gap-2">
          <a href="/auth/forgot-password" className={primaryButtonClass}>
            Request a new link
          </a>
          <a href="/login" className="inline-flex items-center justify-center rounded-lg px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Back to log in
          </a>
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div data-testid="reset-done">
        <Icon path="M20 6 9 17l-5-5" />
        <h1 className="mt-5 text-2xl font-semibold text-ink sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }}>
          Password changed
        </h1>
        <p role="status" className="mt-3 text-[15px] leading-relaxed text-slate-600">
          {done}
        </p>
        <a href="/login" className={`mt-8 w-full ${primaryButtonClass}`}>
          Log in
        </a>
      </div>
    );
  }

  const parsed = resetPasswordInput.safeParse({ token, password });
  const passwordError = attempted && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'password')?.message : undefined;
  const confirmError = attempted && confirm !== password ? (confirm ? PASSWORDS_DIFFER : 'Enter the new password again') : undefined;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (!parsed.success) return document.getElementById('password')?.focus();
    if (confirm !== password) return document.getElementById('confirmPassword')?.focus();
    setBusy(true);
    try {
      const res = await api.post<{ success?: boolean; message?: string }>('/api/auth/reset-password', parsed.data);
      // The token is spent: take it out of the address bar and history.
      window.history.replaceState(null, '', window.location.pathname);
      setDone((typeof res === 'object' && res?.message) || PASSWORD_CHANGED);
    } catch (err) {
      setFailure(errorText(err, 'We couldn’t change your password. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Icon path="M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2" />
      <h1 className="mt-5 text-2xl font-semibold text-ink sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }}>
        Choose a new password
      </h1>
      <p className="mt-2 text-[15px] leading-relaxed text-slate-600">Use a password you don’t use anywhere else.</p>
      <form noValidate onSubmit={onSubmit} className="mt-7 space-y-5">
        <input type="hidden" name="token" value={token} />
        <div>
          <PasswordField
            id="password"
            label="New password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onValueChange={setPassword}
            error={passwordError}
            describedBy="password-rules"
          />
          <PasswordChecklist id="password-rules" password={password} />
        </div>
        <PasswordField
          id="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
          error={confirmError}
        />
        {failure && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{failure}</p>
            <a href="/auth/forgot-password" className="mt-1 inline-block font-medium underline underline-offset-2">
              Request a new reset link
            </a>
          </div>
        )}
        <button type="submit" disabled={busy} className={`w-full ${primaryButtonClass}`}>
          {busy ? 'Saving...' : 'Set new password'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered your password?{' '}
        <a href="/login" className={linkClass}>
          Log in
        </a>
      </p>
    </div>
  );
}
