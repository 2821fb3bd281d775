import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClipboardEvent, type FormEvent, useRef, useState } from 'react';
import type { CurrentUser, MfaPending } from '@modules/auth/contract';
import { TIMINGS, TOAST } from '@modules/platform/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { postLoginDestination, readFirstPage, tabStorage } from '@site/lib/session-flow';
import { ME_KEY } from '@site/lib/stores/auth';
import { toast } from '@site/lib/stores/toast';
import { AppProviders } from '../react/AppProviders';
import { LoadingContent } from '../react/LoadingContent';
import { FieldError, inputClass, linkClass, primaryButtonClass } from '../kyc/fields';
import { Icon } from './ForgotPasswordForm';
import { homeFor, type MfaEntryMode, mfaCodeError, normalizeMfaInput } from './mfa-code';

/** What /api/auth/me says about this visit: a code is awaited (and how it was sent), the user is already in, or neither. */
export type MfaSession =
  | { kind: 'pending'; method: MfaPending['mfaMethod'] | null }
  | { kind: 'signed-in'; user: CurrentUser }
  | { kind: 'none' }
  | { kind: 'unknown' };

export async function fetchMfaSession(): Promise<MfaSession> {
  try {
    const body = await api.get<{ user?: CurrentUser } | CurrentUser>('/api/auth/me');
    const user = ('user' in body && body.user ? body.user : body) as CurrentUser;
    return { kind: 'signed-in', user };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 404)) {
      const b = err.body as Partial<MfaPending> | undefined;
      if (b && typeof b === 'object' && b.requiresMfa) {
        return { kind: 'pending', method: b.mfaMethod === 'authenticator' || b.mfaMethod === 'email' ? b.mfaMethod : null };
      }
      return { kind: 'none' };
    }
    // Can't tell (network, server error): let the investor try their code anyway.
    return { kind: 'unknown' };
  }
}

export const MFA_FAILED = 'MFA verification failed';
export const MFA_SESSION_KEY = ['/api/auth/me', 'mfa-session'] as const;

/** /verify-mfa, /mfa and /auth/verify-mfa: the second step of signing in. */
export default function MfaScreen() {
  return (
    <AppProviders>
      <MfaGate />
    </AppProviders>
  );
}

export function MfaGate() {
  const { data: session, isPending } = useQuery({ queryKey: MFA_SESSION_KEY, queryFn: fetchMfaSession, staleTime: 0 });
  if (isPending || !session) return <LoadingContent />;

  if (session.kind === 'signed-in') {
    return (
      <div data-testid="mfa-already-signed-in">
        <Icon path="M20 6 9 17l-5-5" />
        <h1 className="mt-5 text-2xl font-semibold text-ink sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }}>
          You’re already signed in
        </h1>
        <p className="mt-3 text-[15px] leading-relaxed text-slate-600">
          There’s no code to enter: you’re signed in as {session.user.firstName}.
        </p>
        <a href={homeFor(session.user.role)} className={`mt-8 w-full ${primaryButtonClass}`}>
          Continue to your dashboard
        </a>
      </div>
    );
  }

  return <MfaForm method={session.kind === 'pending' ? session.method : null} nothingPending={session.kind === 'none'} />;
}

const COPY = {
  email: {
    intro: 'We’ve emailed you a 6-digit code. Enter it below to finish signing in.',
    help: 'Codes can take a minute to arrive; check your spam folder too. If it doesn’t come, log in again to get a new one.',
  },
  authenticator: {
    intro: 'Open your authenticator app and enter the 6-digit code it shows for Manzil.',
    help: 'Codes change every 30 seconds. If yours is rejected, wait for the next one and check that your phone sets its time automatically.',
  },
  unknown: {
    intro: 'Enter the 6-digit code from your email or your authenticator app to finish signing in.',
    help: 'Codes sent by email can take a minute to arrive. Authenticator codes change every 30 seconds.',
  },
} as const;

export function MfaForm({ method, nothingPending = false }: { method: 'email' | 'authenticator' | null; nothingPending?: boolean }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<MfaEntryMode>('code');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const copy = COPY[method ?? 'unknown'];

  const switchMode = () => {
    setMode((m) => (m === 'code' ? 'recovery' : 'code'));
    setCode('');
    setError(undefined);
    window.requestAnimationFrame(() => inputRef.current?.focus());
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!text) return;
    e.preventDefault();
    setCode(normalizeMfaInput(text, mode));
    setError(undefined);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = mfaCodeError(code, mode);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const body = await api.post<{ user?: CurrentUser } | CurrentUser>('/api/auth/verify-mfa', { code });
      const user = (body && typeof body === 'object' && 'user' in body && body.user ? body.user : body) as CurrentUser;
      // §4: MFA success clears the pending state and refreshes the user.
      queryClient.setQueryData(ME_KEY, user);
      void queryClient.invalidateQueries({ queryKey: ME_KEY });
      setVerified(true);
      toast({ title: 'Verification successful', variant: 'success', duration: TOAST.authDuration });
      window.setTimeout(() => window.location.assign(postLoginDestination(user?.role, readFirstPage(tabStorage()))), TIMINGS.mfaRedirect);
    } catch (err) {
      // §8: the server's message when it gave one; otherwise (network failure) the default.
      const message = err instanceof ApiError ? errorText(err, MFA_FAILED) : MFA_FAILED;
      toast({ title: 'Verification failed', description: message, variant: 'destructive', duration: TOAST.authDuration });
      setError(message);
      setBusy(false);
      window.requestAnimationFrame(() => inputRef.current?.select());
    }
  };

  const isCode = mode === 'code';
  return (
    <div>
      <Icon path={method === 'email' ? 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM22 6l-10 7L2 6' : 'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM12 18h.01'} />
      <h1 className="mt-5 text-2xl font-semibold text-ink sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }}>
        {isCode ? 'Enter your verification code' : 'Use a recovery code'}
      </h1>
      <p className="mt-2 text-[15px] leading-relaxed text-slate-600" data-testid="mfa-intro">
        {isCode ? copy.intro : 'Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.'}
      </p>
      {nothingPending && (
        <div className="mt-5 rounded-lg border border-sand-200 bg-sand-50 p-3.5 text-sm leading-relaxed text-slate-700" data-testid="mfa-nothing-pending">
          No sign-in is waiting for a code in this browser; it may have timed out. We ask for a code right after you enter your password, so{' '}
          <a href="/login" className="font-medium text-brand-800 underline underline-offset-2">
            log in again
          </a>{' '}
          to get a fresh one.
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-7">
        <label htmlFor="mfa-code" className="block text-sm font-medium text-ink">
          {isCode ? '6-digit code' : 'Recovery code'}
        </label>
        <input
          ref={inputRef}
          id="mfa-code"
          name="code"
          key={mode}
          autoFocus
          value={code}
          onChange={(e) => {
            setCode(normalizeMfaInput(e.target.value, mode));
            if (error) setError(undefined);
          }}
          onPaste={onPaste}
          inputMode={isCode ? 'numeric' : 'text'}
          autoComplete={isCode ? 'one-time-code' : 'off'}
          autoCapitalize={isCode ? undefined : 'characters'}
          spellCheck={false}
          pattern={isCode ? '[0-9]*' : undefined}
          maxLength={isCode ? 6 : 9}
          placeholder={isCode ? '000000' : 'XXXX-XXXX'}
          aria-invalid={error ? true : undefined}
          aria-describedby={['mfa-help', error ? 'mfa-code-error' : ''].filter(Boolean).join(' ')}
          disabled={verified}
          className={`mt-1.5 ${inputClass} text-center font-mono text-2xl tracking-[0.4em] placeholder:tracking-[0.4em] placeholder:text-slate-300`}
        />
        <FieldError id="mfa-code" error={error} />
        <p id="mfa-help" className="mt-2 text-sm text-slate-500">
          {isCode ? copy.help : 'Recovery codes look like ABCD-1234.'}
        </p>
        <button type="submit" disabled={busy || verified} className={`mt-6 w-full ${primaryButtonClass}`}>
          {verified ? 'Verified, taking you in...' : busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-3 text-sm">
        <button type="button" onClick={switchMode} className={linkClass}>
          {isCode ? 'Use a recovery code instead' : 'Use the 6-digit code instead'}
        </button>
        <a href="/login" className="text-slate-600 hover:text-ink">
          Log in with a different account
        </a>
      </div>
    </div>
  );
}
