import { type FormEvent, useState } from 'react';
import { forgotPasswordInput } from '@modules/auth/contract';
import { api, errorText } from '@site/lib/api';
import { linkClass, primaryButtonClass, TextField } from '../kyc/fields';

export const FORGOT_PASSWORD_CONFIRMATION =
  'If an account exists for that email, we’ve sent a link to reset your password. It expires in 1 hour.';

type Sent = { email: string; message: string };

/** /auth/forgot-password: one email field; the answer never says whether the account exists. */
export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(undefined);
    const parsed = forgotPasswordInput.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById('email')?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const res = await api.post<{ success?: boolean; message?: string }>('/api/auth/forgot-password', parsed.data);
      setSent({ email: parsed.data.email, message: (typeof res === 'object' && res?.message) || FORGOT_PASSWORD_CONFIRMATION });
    } catch (err) {
      setFailure(errorText(err, 'We couldn’t send the link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div data-testid="forgot-password-sent">
        <Icon path="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6" />
        <h1 className="mt-5 text-2xl font-semibold text-ink sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }} tabIndex={-1} ref={(el) => el?.focus()}>
          Check your email
        </h1>
        <p role="status" className="mt-3 text-[15px] leading-relaxed text-slate-600">
          {sent.message}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          Nothing after a few minutes? Check your spam folder, or make sure <span className="font-medium text-ink">{sent.email}</span> is the
          address you signed up with.
        </p>
        <div className="mt-8 flex flex-col gap-2">
          <a href="/login" className={primaryButtonClass}>
            Back to log in
          </a>
          <button
            type="button"
            onClick={() => setSent(null)}
            className="inline-flex items-center justify-center rounded-lg px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            Use a different email
          </button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <Icon path="M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2" />
      <h1 className="mt-5 text-2xl font-semibold text-ink sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }}>
        Forgot your password?
      </h1>
      <p className="mt-2 text-[15px] leading-relaxed text-slate-600">
        Enter the email you signed up with and we’ll send you a link to choose a new one.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-7 space-y-5">
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          onValueChange={setEmail}
          error={error}
        />
        {failure && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </div>
        )}
        <button type="submit" disabled={busy} className={`w-full ${primaryButtonClass}`}>
          {busy ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <a href="/login" className={linkClass}>
          Log in
        </a>
      </p>
    </div>
  );
}

export function Icon({ path, tone = 'brand' }: { path: string; tone?: 'brand' | 'sand' | 'red' }) {
  const cls = tone === 'red' ? 'bg-red-50 text-red-700' : tone === 'sand' ? 'bg-sand-100 text-sand-700' : 'bg-brand-50 text-brand-700';
  return (
    <span aria-hidden="true" className={`grid h-12 w-12 place-items-center rounded-full ${cls}`}>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </span>
  );
}
