/**
 * The two-step signup dialog (spec §2, §4, §8).
 * Step 1 'Create Your Account': email + password → POST signup-step1 ('Processing...').
 * Step 2 'Complete Your Profile': names, phone, terms → POST signup-step2 ('Creating...').
 * Step 3: welcome, first name, unique ID, email note; after 5 s the dialog closes, resets and the new
 * investor moves on to /onboarding. A partial signup found once per opening (email from ?email= or the form) resumes at step 2.
 */
import { isStaffRole } from '@modules/auth/permissions-contract';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { signupStep1Input, signupStep2Input } from '@modules/auth/contract';
import { PRODUCT_NAME, TIMINGS } from '@modules/platform/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { $auth } from '@site/lib/stores/session';
import { toast } from '@site/lib/stores/toast';
import { page } from './dialog-state';
import { afterLoginNavigate } from './LoginDialog';
import { type FieldErrors, FieldError, linkButton, PasswordField, primaryButton, secondaryButton, Spinner, TextField, validate } from './fields';
import { Modal } from './Modal';

/** The email of a signup whose step 1 is done, kept for this tab so a reload can resume it. */
export const SIGNUP_EMAIL_KEY = 'manzil.signupEmail';

type Step = 1 | 2 | 3;
type Step1Field = 'email' | 'password';
type Step2Field = 'firstName' | 'lastName' | 'phone' | 'terms';
type CreatedUser = { firstName: string; unicode: string };
type StepResponse = { success?: boolean; message?: string };
type Step2Response = StepResponse & { user?: Partial<CreatedUser> & Record<string, unknown> };
type SignupStatus = { hasPartialSignup?: boolean; step?: number };

const looksLikeEmail = (v: string) => signupStep1Input.shape.email.safeParse(v).success;

function storedEmail(): string {
  try {
    const fromQuery = new URLSearchParams(window.location.search).get('email');
    if (fromQuery) return fromQuery.trim();
    return window.sessionStorage.getItem(SIGNUP_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(email: string | null) {
  try {
    if (email) window.sessionStorage.setItem(SIGNUP_EMAIL_KEY, email);
    else window.sessionStorage.removeItem(SIGNUP_EMAIL_KEY);
  } catch {}
}

/** Red 'Error' toast: the server's message, or the step's network-failure text (§8). */
function errorToast(err: unknown, networkText: string) {
  const description = err instanceof ApiError ? errorText(err, networkText) : networkText;
  toast({ title: 'Error', description, variant: 'destructive' });
}

type Props = {
  open: boolean;
  seq: number;
  onClose: () => void;
  onSwitchToLogin: () => void;
  returnFocusTo?: HTMLElement | null;
  /** Runs 5 s after success (defaults to the post-login move: destination from the sign-in area, else reload). */
  onSuccess?: () => void;
};

export function SignupDialog({ open, seq, onClose, onSwitchToLogin, returnFocusTo, onSuccess }: Props) {
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors1, setErrors1] = useState<FieldErrors<Step1Field>>({});
  const [errors2, setErrors2] = useState<FieldErrors<Step2Field>>({});
  const [busy, setBusy] = useState(false);
  const [resumed, setResumed] = useState(false);
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const checked = useRef(false);
  const successTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Set once the account exists: closes the dialog and moves on (early if the person closes it themselves). */
  const finish = useRef<(() => void) | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const firstNameRef = useRef<HTMLInputElement>(null);
  const lastNameRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** §4: at most once per opening; a partial signup with step 1 done resumes at step 2. Failure is only logged. */
  async function checkPartialSignup(address: string) {
    if (checked.current || !looksLikeEmail(address)) return;
    checked.current = true;
    try {
      const status = await api.get<SignupStatus>(`/api/simplified-auth/signup-status?email=${encodeURIComponent(address.trim())}`);
      if (status?.hasPartialSignup && (status.step ?? 0) >= 1) {
        setEmail(address.trim());
        setResumed(true);
        setStep((s) => (s === 1 ? 2 : s));
      }
    } catch (err) {
      console.error('Signup status check failed', err);
    }
  }

  // Every opening starts a fresh flow (closing resets it).
  useEffect(() => {
    if (!open) return;
    const initial = storedEmail();
    checked.current = false;
    setStep(1);
    setEmail(initial);
    setPassword('');
    setFirstName('');
    setLastName('');
    setPhone('');
    setTerms(false);
    setErrors1({});
    setErrors2({});
    setBusy(false);
    setResumed(false);
    setCreated(null);
    finish.current = null;
    if (initial) void checkPartialSignup(initial);
    return () => {
      if (successTimer.current) clearTimeout(successTimer.current);
      successTimer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, seq]);

  // Focus follows the step: the first field of step 2, the heading of the success view.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!open) return;
    if (step === 1) emailRef.current?.focus();
    if (step === 2) firstNameRef.current?.focus();
    if (step === 3) headingRef.current?.focus();
  }, [step, open]);

  async function submitStep1(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const v = validate(signupStep1Input, { email, password });
    if (!v.ok) {
      setErrors1(v.errors);
      (v.errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors1({});
    setBusy(true);
    try {
      const res = await api.post<StepResponse>('/api/simplified-auth/signup-step1', v.data);
      if (res?.success === false) {
        toast({ title: 'Error', description: res.message || 'An error occurred during signup', variant: 'destructive' });
        return;
      }
      remember(v.data.email);
      setEmail(v.data.email);
      checked.current = true;
      setStep(2);
    } catch (err) {
      errorToast(err, 'An error occurred during signup');
    } finally {
      setBusy(false);
    }
  }

  async function submitStep2(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const v = validate(signupStep2Input, { firstName, lastName, phone, terms, email });
    if (!v.ok) {
      if (v.errors.email) {
        // The email is step 1's: send the person back to fix it.
        setErrors1({ email: v.errors.email });
        setStep(1);
        return;
      }
      setErrors2(v.errors);
      const order: [Step2Field, RefObject<HTMLInputElement | null>][] = [
        ['firstName', firstNameRef],
        ['lastName', lastNameRef],
        ['phone', phoneRef],
        ['terms', termsRef],
      ];
      order.find(([k]) => v.errors[k])?.[1].current?.focus();
      return;
    }
    setErrors2({});
    setBusy(true);
    try {
      const res = await api.post<Step2Response>('/api/simplified-auth/signup-step2', v.data);
      if (res?.success === false) {
        toast({ title: 'Error', description: res.message || 'An error occurred during registration', variant: 'destructive' });
        return;
      }
      remember(null);
      const user = { firstName: String(res?.user?.firstName ?? v.data.firstName), unicode: String(res?.user?.unicode ?? '') };
      setCreated(user);
      if (res?.user && typeof res.user.id === 'string') $auth.set({ status: 'user', user: res.user as never });
      toast({ title: 'Registration successful', description: `Welcome to ${PRODUCT_NAME}, ${user.firstName}!`, variant: 'success' });
      setStep(3);
      const role = typeof res?.user?.role === 'string' ? res.user.role : undefined;
      finish.current = () => {
        finish.current = null;
        if (successTimer.current) clearTimeout(successTimer.current);
        successTimer.current = null;
        onClose();
        // A new investor continues with the guided onboarding (goals, experience, preferences → /kyc).
        (onSuccess ?? (() => (isStaffRole(role) ? afterLoginNavigate(role) : page.assign('/onboarding'))))();
      };
      successTimer.current = setTimeout(() => finish.current?.(), TIMINGS.signupSuccess);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        // The step-1 record expired or belongs to another browser: start again from step 1.
        remember(null);
        setResumed(false);
        setPassword('');
        setStep(1);
      }
      errorToast(err, 'An error occurred during registration');
    } finally {
      setBusy(false);
    }
  }

  const titles: Record<Step, { title: string; sub: string }> = {
    1: { title: 'Create Your Account', sub: 'Step 1 of 2: Account Credentials' },
    2: { title: 'Complete Your Profile', sub: 'Step 2 of 2: Personal Information' },
    3: { title: `Welcome to ${PRODUCT_NAME}!`, sub: 'Your account is ready.' },
  };

  return (
    <Modal
      open={open}
      onClose={() => (finish.current ? finish.current() : onClose())}
      labelledBy="signup-title"
      describedBy="signup-desc"
      initialFocus={emailRef}
      returnFocusTo={returnFocusTo}
      testId="signup-dialog"
    >
      <div className="px-6 pb-7 pt-7 sm:px-8">
        {step !== 3 && (
          <div className="mb-5 flex gap-1.5 pr-10" aria-hidden="true">
            <span className="h-1 flex-1 rounded-full bg-brand-700" />
            <span className={`h-1 flex-1 rounded-full ${step === 2 ? 'bg-brand-700' : 'bg-slate-200'}`} />
          </div>
        )}
        <h2 id="signup-title" ref={headingRef} tabIndex={-1} className="pr-10 font-display text-2xl tracking-tight text-ink outline-none">
          {titles[step].title}
        </h2>
        <p id="signup-desc" aria-live="polite" className="mt-1.5 text-sm text-slate-600">
          {titles[step].sub}
        </p>

        {step === 1 && (
          <form noValidate onSubmit={submitStep1} className="mt-6 space-y-4" aria-busy={busy} data-testid="signup-step1">
            <TextField
              ref={emailRef}
              label="Email address"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              error={errors1.email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (errors1.email) setErrors1((x) => ({ ...x, email: undefined }));
              }}
              onBlur={() => void checkPartialSignup(email)}
              disabled={busy}
            />
            <PasswordField
              ref={passwordRef}
              label="Password"
              name="password"
              autoComplete="new-password"
              value={password}
              error={errors1.password}
              hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
              onChange={(e) => {
                setPassword(e.target.value);
                if (errors1.password) setErrors1((x) => ({ ...x, password: undefined }));
              }}
              disabled={busy}
            />
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy && <Spinner />}
              {busy ? 'Processing...' : 'Next'}
            </button>
            <p className="pt-1 text-center text-sm text-slate-600">
              Already have an account?{' '}
              <a
                href="/login"
                className={linkButton}
                onClick={(e) => {
                  e.preventDefault();
                  onSwitchToLogin();
                }}
              >
                Log in
              </a>
            </p>
          </form>
        )}

        {step === 2 && (
          <form noValidate onSubmit={submitStep2} className="mt-6 space-y-4" aria-busy={busy} data-testid="signup-step2">
            {resumed && (
              <div role="status" className="rounded-lg border border-sand-200 bg-sand-50 px-4 py-3 text-sm" data-testid="signup-welcome-back">
                <p className="font-semibold text-ink">Welcome back!</p>
                <p className="mt-0.5 text-slate-600">Continue where you left off by completing your registration.</p>
              </div>
            )}
            <p className="text-sm text-slate-500">
              Signing up as <span className="font-medium text-slate-700">{email}</span>
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                ref={firstNameRef}
                label="First name"
                name="firstName"
                autoComplete="given-name"
                value={firstName}
                error={errors2.firstName}
                onChange={(e) => {
                  setFirstName(e.target.value);
                  if (errors2.firstName) setErrors2((x) => ({ ...x, firstName: undefined }));
                }}
                disabled={busy}
              />
              <TextField
                ref={lastNameRef}
                label="Last name"
                name="lastName"
                autoComplete="family-name"
                value={lastName}
                error={errors2.lastName}
                onChange={(e) => {
                  setLastName(e.target.value);
                  if (errors2.lastName) setErrors2((x) => ({ ...x, lastName: undefined }));
                }}
                disabled={busy}
              />
            </div>
            <TextField
              ref={phoneRef}
              label="Phone number"
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+971 50 123 4567"
              hint="Include your country code. We only call about your account."
              value={phone}
              error={errors2.phone}
              onChange={(e) => {
                setPhone(e.target.value);
                if (errors2.phone) setErrors2((x) => ({ ...x, phone: undefined }));
              }}
              disabled={busy}
            />
            <div>
              <div className="flex items-start gap-3">
                <input
                  ref={termsRef}
                  id="signup-terms"
                  name="terms"
                  type="checkbox"
                  checked={terms}
                  aria-invalid={errors2.terms ? true : undefined}
                  aria-describedby={errors2.terms ? 'signup-terms-error' : undefined}
                  onChange={(e) => {
                    setTerms(e.target.checked);
                    if (errors2.terms) setErrors2((x) => ({ ...x, terms: undefined }));
                  }}
                  disabled={busy}
                  className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-700"
                />
                <label htmlFor="signup-terms" className="text-sm leading-snug text-slate-700">
                  I agree to the{' '}
                  <a href="/terms" target="_blank" rel="noopener" className={linkButton}>
                    Terms of Service<span className="sr-only"> (opens in a new tab)</span>
                  </a>{' '}
                  and{' '}
                  <a href="/privacy" target="_blank" rel="noopener" className={linkButton}>
                    Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  .
                </label>
              </div>
              <FieldError id="signup-terms-error" message={errors2.terms} />
            </div>
            <div className="flex gap-3 pt-1">
              <button
                type="button"
                className={`${secondaryButton} w-28 shrink-0`}
                onClick={() => {
                  setErrors2({});
                  setStep(1);
                }}
                disabled={busy}
              >
                Back
              </button>
              <button type="submit" className={primaryButton} disabled={busy}>
                {busy && <Spinner />}
                {busy ? 'Creating...' : 'Complete Signup'}
              </button>
            </div>
          </form>
        )}

        {step === 3 && created && (
          <div className="mt-6 space-y-5 text-center" data-testid="signup-success">
            <div aria-hidden="true" className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
                <path d="M20 6 9 17l-5-5" />
              </svg>
            </div>
            <p className="text-lg text-ink">
              Hi <span className="font-semibold">{created.firstName}</span>, you're all set.
            </p>
            {created.unicode && (
              <div className="rounded-xl border border-sand-200 bg-sand-50 px-4 py-4">
                <p className="text-xs font-semibold uppercase tracking-[0.16em] text-sand-700">Your unique ID</p>
                <p className="mt-1 font-mono text-xl font-semibold tracking-wider text-ink" data-testid="signup-unicode">
                  {created.unicode}
                </p>
                <p className="mt-1 text-xs text-slate-500">Quote it whenever you contact our support team.</p>
              </div>
            )}
            <p className="flex items-center justify-center gap-2 text-sm text-slate-700">
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <rect x="2" y="4" width="20" height="16" rx="2" />
                <path d="m22 7-10 6L2 7" />
              </svg>
              Check your email for welcome details
            </p>
            <p className="text-xs text-slate-500">You'll be redirected to your account in a few seconds.</p>
          </div>
        )}
      </div>
    </Modal>
  );
}
