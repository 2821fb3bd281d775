/**
 * /staff/accept?token=…: who invited you and as what, then your name and a password (the signup rules, ticked off live);
 * once the account exists, why two-factor verification comes next and the way to /account/security.
 * Expired, used, withdrawn and unknown links each say so and what to do.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Icon } from '@site/components/auth/ForgotPasswordForm';
import { PasswordChecklist } from '@site/components/auth/PasswordChecklist';
import { PasswordField } from '@site/components/auth/PasswordField';
import { PASSWORDS_DIFFER } from '@site/components/auth/password-rules';
import { linkClass, primaryButtonClass, TextField } from '@site/components/kyc/fields';
import { ApiError, api, errorText } from '@site/lib/api';
import { ROLE_DESCRIPTIONS } from '@modules/auth/permissions-contract';
import { formatDayInDubai } from '@modules/platform/dates';
import { acceptInput, MFA_SETUP_PATH, type AcceptResult, type InvitePreview } from '../contract';

const heading = 'mt-5 text-2xl font-semibold text-ink sm:text-3xl';
const display = { fontFamily: 'var(--font-display)' } as const;
const WARNING = 'M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z';
const SHIELD = 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4';

function tokenFromUrl(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('token')?.trim() ?? '';
}

/** The titles of the ways a link stops working (the message comes from the server). */
const closedTitles: Record<string, string> = {
  staff_invite_expired: 'This invitation has expired',
  staff_invite_used: 'This invitation has already been used',
  staff_invite_revoked: 'This invitation was withdrawn',
  staff_invite_not_found: 'This invitation link isn’t valid',
};

function LinkProblem({ title, message, used }: { title: string; message: string; used?: boolean }) {
  return (
    <div data-testid="staff-invite-problem">
      <Icon tone="red" path={WARNING} />
      <h1 className={heading} style={display}>
        {title}
      </h1>
      <p role="alert" className="mt-3 text-[15px] leading-relaxed text-slate-600">
        {message}
      </p>
      <a href="/login" className={`mt-8 w-full ${primaryButtonClass}`}>
        {used ? 'Log in' : 'Go to log in'}
      </a>
    </div>
  );
}

export default function AcceptInvite({ token: tokenProp }: { token?: string } = {}) {
  const [token] = useState(() => tokenProp ?? tokenFromUrl());
  const [preview, setPreview] = useState<{ invite?: InvitePreview; error?: unknown }>({});
  useEffect(() => {
    if (!token) return;
    let live = true;
    api.get<InvitePreview>(`/api/staff/invites/${encodeURIComponent(token)}`).then(
      (invite) => live && setPreview({ invite }),
      (error: unknown) => live && setPreview({ error }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ code?: string; text: string }>();
  const [done, setDone] = useState<AcceptResult | null>(null);

  if (!token) {
    return <LinkProblem title="This invitation link isn’t complete" message="The link you followed is missing its security code. Open the latest invitation email and use its link, or ask the person who invited you to send a new one." />;
  }
  if (!preview.invite && !preview.error) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Checking your invitation…
      </p>
    );
  }
  if (preview.error || !preview.invite) {
    const err = preview.error;
    const code = err instanceof ApiError ? ((err.body as { error?: string } | null)?.error ?? '') : '';
    const title = closedTitles[code] ?? 'We couldn’t open this invitation';
    return <LinkProblem title={title} message={errorText(err, 'Please try again in a moment.')} used={code === 'staff_invite_used'} />;
  }
  if (failure?.code && closedTitles[failure.code]) {
    return <LinkProblem title={closedTitles[failure.code]!} message={failure.text} used={failure.code === 'staff_invite_used'} />;
  }

  if (done) {
    return (
      <div data-testid="staff-invite-accepted">
        <Icon path={SHIELD} />
        <h1 className={heading} style={display}>
          Set up two-factor verification
        </h1>
        <p role="status" className="mt-3 text-[15px] leading-relaxed text-slate-600">
          Welcome, {done.user.firstName}. Your staff account is ready. Before you can open the back office, protect it with two-factor verification:
          staff accounts must use it.
        </p>
        <ol className="mt-4 list-decimal space-y-1 pl-5 text-[15px] text-slate-600">
          <li>Open Account → Security.</li>
          <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</li>
          <li>Enter the 6-digit code it shows, and keep your recovery codes somewhere safe.</li>
        </ol>
        <a href={done.next || MFA_SETUP_PATH} className={`mt-8 w-full ${primaryButtonClass}`}>
          Set up two-factor verification
        </a>
      </div>
    );
  }

  const invite = preview.invite;
  const parsed = acceptInput.safeParse({ firstName, lastName, password });
  const issue = (field: string) => (attempted && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === field)?.message : undefined);
  const confirmError = attempted && confirm !== password ? (confirm ? PASSWORDS_DIFFER : 'Enter the password again') : undefined;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    setFailure(undefined);
    if (!parsed.success) return document.getElementById(String(parsed.error.issues[0]?.path[0] ?? 'firstName'))?.focus();
    if (confirm !== password) return document.getElementById('confirmPassword')?.focus();
    setBusy(true);
    try {
      const res = await api.post<AcceptResult>(`/api/staff/invites/${encodeURIComponent(token)}/accept`, parsed.data);
      // The token is spent: take it out of the address bar and history.
      window.history.replaceState(null, '', window.location.pathname);
      setDone(res);
    } catch (err) {
      const code = err instanceof ApiError ? ((err.body as { error?: string } | null)?.error ?? undefined) : undefined;
      setFailure({ code, text: errorText(err, 'We couldn’t create your account. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Icon path="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6" />
      <h1 className={heading} style={display}>
        Join the Manzil back office
      </h1>
      <p className="mt-2 text-[15px] leading-relaxed text-slate-600" data-testid="staff-invite-summary">
        <strong className="font-semibold text-ink">{invite.invitedBy}</strong> invited <strong className="font-semibold text-ink">{invite.email}</strong> to join as{' '}
        <strong className="font-semibold text-ink">{invite.roleLabel}</strong>.
      </p>
      <p className="mt-2 text-sm text-slate-500">
        {ROLE_DESCRIPTIONS[invite.role]} The invitation expires on {formatDayInDubai(invite.expiresAt)}.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-7 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id="firstName" label="First name" autoComplete="given-name" autoFocus value={firstName} onValueChange={setFirstName} error={issue('firstName')} />
          <TextField id="lastName" label="Last name" autoComplete="family-name" value={lastName} onValueChange={setLastName} error={issue('lastName')} />
        </div>
        <div>
          <PasswordField id="password" label="Password" autoComplete="new-password" value={password} onValueChange={setPassword} error={issue('password')} describedBy="password-rules" />
          <PasswordChecklist id="password-rules" password={password} />
        </div>
        <PasswordField id="confirmPassword" label="Confirm password" autoComplete="new-password" value={confirm} onValueChange={setConfirm} error={confirmError} />
        <p className="text-sm text-slate-600">Next you will set up two-factor verification with an authenticator app: staff accounts must use it.</p>
        {failure && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{failure.text}</p>
          </div>
        )}
        <button type="submit" disabled={busy} className={`w-full ${primaryButtonClass}`}>
          {busy ? 'Creating your account...' : 'Create my staff account'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have your account?{' '}
        <a href="/login" className={linkClass}>
          Log in
        </a>
      </p>
    </div>
  );
}
