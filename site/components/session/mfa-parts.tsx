/**
 * The pieces of the two-factor screen: its status card, the password confirmation that guards every change,
 * and the recovery codes shown once (with the file to keep them in).
 */
import { AlertTriangle, Check, Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { mfaPasswordInput } from '@modules/auth/contract';
import { PRODUCT_NAME } from '@modules/platform/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { btn } from '../app/ui';
import { PasswordField, Spinner, validate } from './fields';

export type MfaStatus = { enabled: boolean; method: 'email' | 'authenticator' | null; recoveryCodesLeft: number };
export type TotpSetup = { secret: string; otpauthUrl: string; qrCodeDataUrl: string };
export const MFA_KEY = ['/api/auth/mfa'] as const;

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

export function statusText(s: MfaStatus): string {
  if (!s.enabled) return 'Off';
  return s.method === 'authenticator' ? 'On — authenticator app' : 'On — email codes';
}

export function StatusCard({ status }: { status: MfaStatus }) {
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

export function PasswordConfirm({
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

export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email?: string; onDone: () => void }) {
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
