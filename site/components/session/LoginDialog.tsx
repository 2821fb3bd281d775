/**
 * 'Login to Your Account' (spec §2, §4): username-or-email and password, 'Sign In' → 'Signing In...'.
 * Success → welcome toast, close, and after 500 ms the post-login destination (from the sign-in
 * area) or a reload. MFA → 'Verification Required', close, /mfa after 300 ms. Failure → inline text.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { loginInput, mustSetUpMfa } from '@modules/auth/contract';
import { TIMINGS, TOAST } from '@modules/platform/contract';
import { getQueryClient } from '@site/lib/query';
import { displayName, isSignInArea, postLoginDestination, RETURN_TO_KEY, readFirstPage, tabStorage } from '@site/lib/session-flow';
import { login, loginFailureText } from '@site/lib/stores/session';
import { toast } from '@site/lib/stores/toast';
import { page } from './dialog-state';
import { type FieldErrors, linkButton, PasswordField, primaryButton, Spinner, TextField, validate } from './fields';
import { Modal } from './Modal';

type Props = {
  open: boolean;
  /** Changes with every opening: the form starts empty each time. */
  seq: number;
  onClose: () => void;
  onSwitchToSignup: () => void;
  returnFocusTo?: HTMLElement | null;
};

/** After a successful login: where to go, per §2. Consumes the remembered first page. */
export function afterLoginNavigate(role: string | undefined, mfaSetupRequired = false) {
  if (mfaSetupRequired) {
    page.assign(postLoginDestination(role, null, true));
    return;
  }
  if (isSignInArea(window.location.pathname)) {
    const storage = tabStorage();
    const first = readFirstPage(storage);
    try {
      storage?.removeItem(RETURN_TO_KEY);
    } catch {}
    page.assign(postLoginDestination(role, first));
  } else {
    page.reload();
  }
}

export function LoginDialog({ open, seq, onClose, onSwitchToSignup, returnFocusTo }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setUsername('');
    setPassword('');
    setErrors({});
    setFormError(null);
    setBusy(false);
    setSubmitted(false);
  }, [seq]);

  const revalidate = (next: { username: string; password: string }) => {
    if (!submitted) return;
    const v = validate(loginInput, next);
    setErrors(v.ok ? {} : v.errors);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFormError(null);
    const v = validate(loginInput, { username, password });
    if (!v.ok) {
      setErrors(v.errors);
      (v.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await login(v.data.username, v.data.password);
    if (result.kind === 'success') {
      getQueryClient().clear();
      toast({
        title: 'Login successful',
        description: `Welcome back, ${displayName(result.user)}!`,
        variant: 'success',
        duration: TOAST.authDuration,
      });
      onClose();
      setTimeout(() => afterLoginNavigate(result.user.role, mustSetUpMfa(result.user)), TIMINGS.loginRedirect);
      return;
    }
    if (result.kind === 'mfa') {
      toast({
        title: 'Verification Required',
        description: `Please enter the verification code sent to your ${result.mfaMethod === 'authenticator' ? 'authenticator app' : 'email'}`,
        duration: TOAST.authDuration,
      });
      onClose();
      setTimeout(() => page.assign('/mfa'), TIMINGS.mfaRedirect);
      return;
    }
    setBusy(false);
    setFormError(loginFailureText(result.error));
    passwordRef.current?.select();
  }

  return (
    <Modal open={open} onClose={onClose} labelledBy="login-title" describedBy="login-desc" initialFocus={usernameRef} returnFocusTo={returnFocusTo} testId="login-dialog">
      <div className="px-6 pb-7 pt-7 sm:px-8">
        <h2 id="login-title" className="pr-10 font-display text-2xl tracking-tight text-ink">
          Login to Your Account
        </h2>
        <p id="login-desc" className="mt-1.5 text-sm text-slate-600">
          Welcome back. Your portfolio, rent payments and SIP are where you left them.
        </p>

        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4" aria-busy={busy}>
          {formError && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800" data-testid="login-error">
              {formError}
            </div>
          )}
          <TextField
            ref={usernameRef}
            label="Username or email"
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="email"
            value={username}
            error={errors.username}
            onChange={(e) => {
              setUsername(e.target.value);
              revalidate({ username: e.target.value, password });
            }}
            disabled={busy}
          />
          <div>
            <PasswordField
              ref={passwordRef}
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onChange={(e) => {
                setPassword(e.target.value);
                revalidate({ username, password: e.target.value });
              }}
              disabled={busy}
            />
            <p className="mt-2 text-right text-sm">
              <a href="/auth/forgot-password" className={linkButton}>
                Forgot password?
              </a>
            </p>
          </div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy && <Spinner />}
            {busy ? 'Signing In...' : 'Sign In'}
          </button>
        </form>

        <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
          New to Manzil?{' '}
          <a
            href="/signup"
            onClick={(e) => {
              e.preventDefault();
              onSwitchToSignup();
            }}
            className={linkButton}
          >
            Sign up
          </a>
        </p>
      </div>
    </Modal>
  );
}
