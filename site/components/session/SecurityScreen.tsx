/**
 * /account/security: two-factor verification for the signed-in user. Status, authenticator-app
 * setup (QR code, manual secret, 6-digit confirmation, then the 10 recovery codes shown once),
 * email codes instead, and turning two-factor off (both behind the account password).
 */
import { isStaffRole } from '@modules/auth/permissions-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, Copy, Download, KeyRound, Mail, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { mfaPasswordInput, mustSetUpMfa, totpConfirmInput } from '@modules/auth/contract';
import { PRODUCT_NAME } from '@modules/platform/contract';
import { api, errorText } from '@site/lib/api';
import { ME_KEY } from '@site/lib/stores/auth';
import { toast } from '@site/lib/stores/toast';
import { btn, card, ForViewer, Screen, Section, SignedOutCard, useViewer } from '../app/ui';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { LoadingContent } from '../react/LoadingContent';
import { FieldError, inputClass, PasswordField, Spinner, validate } from './fields';

export type MfaStatus = { enabled: boolean; method: 'email' | 'authenticator' | null; recoveryCodesLeft: number };
type TotpSetup = { secret: string; otpauthUrl: string; qrCodeDataUrl: string };
export const MFA_KEY = ['/api/auth/mfa'] as const;

type Panel = { kind: 'none' } | { kind: 'totp' } | { kind: 'email' } | { kind: 'disable' };

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into a phone. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The recovery-codes file: what the codes are, when they were made, one code a line. */
export function recoveryCodesFile(codes: string[], email: string | undefined, now = new Date()): string {
  return [
    `${PRODUCT_NAME} recovery codes${email ? ` for ${email}` : ''}`,
    `Created ${now.toISOString().slice(0, 10)}`,
    '',
    'Each code works once, in place of a code from your authenticator app.',
    'Keep this file somewhere safe and private.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function statusText(s: MfaStatus): string {
  if (!s.enabled) return 'Off';
  return s.method === 'authenticator' ? 'On — authenticator app' : 'On — email codes';
}

function StatusCard({ status }: { status: MfaStatus }) {
  const on = status.enabled;
  return (
    <div className={`flex items-start gap-4 rounded-xl border p-4 sm:p-5 ${on ? 'border-brand-200 bg-brand-50/60' : 'border-sand-200 bg-sand-50'}`} data-testid="mfa-status">
      <span aria-hidden="true" className={`grid h-10 w-10 shrink-0 place-items-center rounded-full ${on ? 'bg-brand-100 text-brand-700' : 'bg-sand-100 text-sand-700'}`}>
        {on ? <ShieldCheck size={20} /> : <ShieldOff size={20} />}
      </span>
      <div>
        <p className="text-sm text-slate-600">
          Two-factor verification: <strong className="font-semibold text-ink">{statusText(status)}</strong>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {!on &&
            'Anyone with your password can log in. Add a second step so a stolen password is not enough to reach your wallet.'}
          {on &&
            status.method === 'authenticator' &&
            `After your password we ask for the 6-digit code from your authenticator app. ${status.recoveryCodesLeft} of 10 recovery codes left.`}
          {on && status.method === 'email' && 'After your password we email you a 6-digit code to finish logging in.'}
        </p>
      </div>
    </div>
  );
}

function PasswordConfirm({
  title,
  description,
  submitLabel,
  busyLabel,
  endpoint,
  onDone,
  onCancel,
  destructive,
}: {
  title: string;
  description: string;
  submitLabel: string;
  busyLabel: string;
  endpoint: string;
  onDone: (message: string) => void;
  onCancel: () => void;
  destructive?: boolean;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(mfaPasswordInput, { password });
    if (!v.ok) {
      setError(v.errors.password);
      ref.current?.focus();
      return;
    }
    setError(undefined);
    setFormError(null);
    setBusy(true);
    try {
      const res = await api.post<{ message?: string }>(endpoint, v.data);
      onDone(res?.message ?? 'Saved.');
    } catch (err) {
      setFormError(errorText(err, 'That did not work. Please try again.'));
      setBusy(false);
      ref.current?.select();
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 rounded-xl border border-slate-200 p-4 sm:p-5" aria-labelledby="confirm-title">
      <h3 id="confirm-title" className="text-base font-semibold text-ink">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      {formError && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {formError}
        </p>
      )}
      <PasswordField
        ref={ref}
        className="mt-4 max-w-sm"
        label="Your password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
        disabled={busy}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className={destructive ? `${btn.primary} bg-red-700 hover:bg-red-800` : btn.primary}
        >
          {busy && <Spinner />}
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" onClick={onCancel} disabled={busy} className={btn.secondary}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email?: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesFile(codes, email);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Recovery codes copied', description: 'Paste them into your password manager now.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them, or download the file instead.', variant: 'warning' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${PRODUCT_NAME.toLowerCase()}-recovery-codes.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="mt-5 rounded-xl border border-brand-200 bg-white p-4 sm:p-5" data-testid="recovery-codes">
      <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold text-ink outline-none">
        <Check size={18} className="text-brand-700" aria-hidden="true" />
        Authenticator app is on. Save your recovery codes.
      </h3>
      <div role="note" className="mt-3 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-950">
        <AlertTriangle size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
        <p>
          These codes are shown only once. If you lose your phone, a recovery code is the only way into your account without contacting
          support. Each code works once.
        </p>
      </div>
      <ol className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-2 sm:gap-x-6" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-slate-50 px-3 py-2 text-center tracking-wider text-ink ring-1 ring-slate-200">
            {c}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" onClick={copy} className={btn.secondary}>
          <Copy size={16} aria-hidden="true" />
          Copy codes
        </button>
        <button type="button" onClick={download} className={btn.secondary}>
          <Download size={16} aria-hidden="true" />
          Download .txt
        </button>
        <button type="button" onClick={onDone} className={btn.primary}>
          I've saved my codes
        </button>
      </div>
    </div>
  );
}

function TotpSetupPanel({
  email,
  onCancel,
  onConfirmed,
  onEnabled,
}: {
  email?: string;
  onCancel: () => void;
  onConfirmed: () => void;
  onEnabled: () => void;
}) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const start = () => {
    setLoadError(null);
    api
      .post<TotpSetup>('/api/auth/mfa/totp/setup')
      .then(setSetup)
      .catch((err) => setLoadError(errorText(err, 'We could not start the setup. Please try again.')));
  };
  useEffect(start, []);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    const v = validate(totpConfirmInput, { code });
    if (!v.ok) {
      setCodeError(v.errors.code);
      codeRef.current?.focus();
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    try {
      const res = await api.post<{ recoveryCodes: string[] }>('/api/auth/mfa/totp/confirm', v.data);
      setCodes(res.recoveryCodes);
      onConfirmed();
    } catch (err) {
      setCodeError(errorText(err, 'That code does not match. Try the current code.'));
      codeRef.current?.select();
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} email={email} onDone={onEnabled} />;

  return (
    <div className="mt-5 rounded-xl border border-slate-200 p-4 sm:p-5" data-testid="totp-setup">
      <h3 className="text-base font-semibold text-ink">Set up your authenticator app</h3>
      {loadError && (
        <div role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {loadError}{' '}
          <button type="button" onClick={start} className="font-semibold underline underline-offset-2">
            Try again
          </button>
        </div>
      )}
      {!setup && !loadError && <LoadingContent label="Preparing your setup code..." />}
      {setup && (
        <div className="mt-4 grid gap-6 md:grid-cols-[auto_1fr]">
          <div className="justify-self-center md:justify-self-start">
            <img
              src={setup.qrCodeDataUrl}
              width={200}
              height={200}
              alt="QR code to add your Manzil account to an authenticator app"
              className="rounded-lg border border-slate-200 bg-white p-2"
              data-testid="totp-qr"
            />
          </div>
          <div className="min-w-0">
            <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              <li>Open an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.</li>
              <li>Scan the QR code, or enter the setup key below by hand.</li>
              <li>Type the 6-digit code the app shows to finish.</li>
            </ol>
            <p className="mt-4 text-xs font-semibold uppercase tracking-[0.14em] text-slate-500">Setup key</p>
            <p className="mt-1 break-words rounded-md bg-slate-50 px-3 py-2 font-mono text-sm tracking-wider text-ink ring-1 ring-slate-200" data-testid="totp-secret">
              {groupSecret(setup.secret)}
            </p>
            <form noValidate onSubmit={confirm} className="mt-5">
              <label htmlFor="totp-code" className="mb-1.5 block text-sm font-medium text-slate-700">
                6-digit code
              </label>
              <div className="flex flex-wrap gap-3">
                <input
                  ref={codeRef}
                  id="totp-code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => {
                    setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
                    if (codeError) setCodeError(undefined);
                  }}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? 'totp-code-error' : undefined}
                  className={`${inputClass.replace('w-full', '')} w-40 text-center font-mono text-lg tracking-[0.3em]`}
                  disabled={busy}
                />
                <button type="submit" disabled={busy} className={btn.primary}>
                  {busy && <Spinner />}
                  {busy ? 'Checking...' : 'Turn on'}
                </button>
                <button type="button" onClick={onCancel} disabled={busy} className={btn.secondary}>
                  Cancel
                </button>
              </div>
              <FieldError id="totp-code-error" message={codeError} />
            </form>
          </div>
        </div>
      )}
    </div>
  );
}

function TwoFactor({ email, required }: { email?: string; required: boolean }) {
  const qc = useQueryClient();
  const status = useQuery<MfaStatus>({ queryKey: MFA_KEY });
  const [panel, setPanel] = useState<Panel>({ kind: 'none' });
  const [announcement, setAnnouncement] = useState('');

  const refresh = async (message?: string) => {
    setPanel({ kind: 'none' });
    await Promise.all([qc.invalidateQueries({ queryKey: MFA_KEY }), qc.invalidateQueries({ queryKey: ME_KEY })]);
    if (message) {
      setAnnouncement(message);
      toast({ title: 'Security updated', description: message, variant: 'success' });
    }
  };

  if (status.isPending) return <LoadingContent />;
  if (status.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {errorText(status.error, 'We could not load your security settings.')}{' '}
        <button type="button" onClick={() => void status.refetch()} className="font-semibold underline underline-offset-2">
          Try again
        </button>
      </div>
    );
  }
  const s = status.data;
  const busyPanel = panel.kind !== 'none';

  return (
    <div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <StatusCard status={s} />
      {!busyPanel && (
        <div className="mt-5 flex flex-wrap gap-3">
          {s.method !== 'authenticator' && (
            <button type="button" className={btn.primary} onClick={() => setPanel({ kind: 'totp' })}>
              <Smartphone size={16} aria-hidden="true" />
              Set up authenticator app
            </button>
          )}
          {s.method === 'authenticator' && (
            <button type="button" className={btn.secondary} onClick={() => setPanel({ kind: 'totp' })}>
              <KeyRound size={16} aria-hidden="true" />
              Set up a new authenticator
            </button>
          )}
          {s.method !== 'email' && (
            <button type="button" className={btn.secondary} onClick={() => setPanel({ kind: 'email' })}>
              <Mail size={16} aria-hidden="true" />
              Use email codes instead
            </button>
          )}
          {s.enabled && !required && (
            <button type="button" className={`${btn.secondary} text-red-700 hover:bg-red-50`} onClick={() => setPanel({ kind: 'disable' })}>
              <ShieldOff size={16} aria-hidden="true" />
              Turn off two-factor
            </button>
          )}
        </div>
      )}
      {panel.kind === 'totp' && (
        <TotpSetupPanel
          email={email}
          onCancel={() => setPanel({ kind: 'none' })}
          onConfirmed={() => void qc.invalidateQueries({ queryKey: MFA_KEY })}
          onEnabled={() => void refresh('Authenticator app verification is on.')}
        />
      )}
      {panel.kind === 'email' && (
        <PasswordConfirm
          title="Use email codes"
          description={`We'll email a 6-digit code to ${email ?? 'your address'} each time you log in.${s.method === 'authenticator' ? ' Your authenticator app and recovery codes will stop working.' : ''} Confirm with your password.`}
          submitLabel="Use email codes"
          busyLabel="Saving..."
          endpoint="/api/auth/mfa/email/enable"
          onDone={(m) => void refresh(m)}
          onCancel={() => setPanel({ kind: 'none' })}
        />
      )}
      {panel.kind === 'disable' && (
        <PasswordConfirm
          title="Turn off two-factor"
          description="Your password alone will be enough to log in. We recommend keeping a second step on any account that holds money. Confirm with your password."
          submitLabel="Turn off two-factor"
          busyLabel="Turning off..."
          endpoint="/api/auth/mfa/disable"
          destructive
          onDone={(m) => void refresh(m)}
          onCancel={() => setPanel({ kind: 'none' })}
        />
      )}
    </div>
  );
}

/** A staff account that must use two-factor verification: until it is on, this is the only screen that works. */
function StaffMfaNotice() {
  return (
    <div role="note" className="mb-5 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-950" data-testid="staff-mfa-required">
      <AlertTriangle size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Two-factor verification is required for staff accounts.</strong> Set it up now: the back office
        and every other part of your account open as soon as it is on.
      </p>
    </div>
  );
}

function SecurityContent() {
  const viewer = useViewer();
  return (
    <ForViewer
      viewer={viewer}
      visitor={() => (
        <SignedOutCard
          icon={ShieldCheck}
          title="Your account security"
          points={['Turn on two-factor verification with an authenticator app or email codes', 'Keep recovery codes for the day you lose your phone']}
        >
          Log in to manage how you verify it's you when you sign in to {PRODUCT_NAME}.
        </SignedOutCard>
      )}
      user={(u) => (
        <Screen
          eyebrow="Account"
          title="Security"
          description="A second step at login keeps your wallet and holdings safe even if someone learns your password."
        >
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Section id="two-factor-title" title="Two-factor verification" description="Choose how you confirm it's you after entering your password.">
              {mustSetUpMfa(u) && <StaffMfaNotice />}
              <TwoFactor email={u.email} required={Boolean(u.mfaRequired)} />
              {u.mfaRequired && u.mfaEnabled && isStaffRole(u.role) && (
                <p className="mt-5 text-sm text-slate-600">
                  Two-factor verification is on.{' '}
                  <a href="/admin/dashboard" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                    Go to the back office
                  </a>
                </p>
              )}
            </Section>
            <aside aria-labelledby="signin-title" className={`${card} h-fit p-5 sm:p-6`}>
              <h2 id="signin-title" className="text-base font-semibold text-ink">
                Signed in as
              </h2>
              <p className="mt-2 text-sm text-slate-700">
                {u.firstName} {u.lastName}
              </p>
              <p className="text-sm text-slate-500">{u.email}</p>
              {u.unicode && (
                <p className="mt-3 text-xs text-slate-500">
                  Unique ID <span className="font-mono text-slate-700">{u.unicode}</span>
                </p>
              )}
              <p className="mt-4 text-sm text-slate-600">
                Forgot your password?{' '}
                <a href="/auth/forgot-password" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  Reset it by email
                </a>
                .
              </p>
            </aside>
          </div>
        </Screen>
      )}
    />
  );
}

export default function SecurityScreen() {
  return (
    <AppProviders>
      <WithErrorFallback component="security settings">
        <SecurityContent />
      </WithErrorFallback>
    </AppProviders>
  );
}
