/**
 * Authenticator-app setup: the QR code and the secret to type, the 6-digit confirmation, then the recovery codes.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { totpConfirmInput } from '@modules/auth/contract';
import { api, errorText } from '@site/lib/api';
import { btn } from '../app/ui';
import { LoadingContent } from '../react/LoadingContent';
import { FieldError, inputClass, Spinner, validate } from './fields';
import { RecoveryCodes, groupSecret, type TotpSetup } from './mfa-parts';

export function TotpSetupPanel({
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
