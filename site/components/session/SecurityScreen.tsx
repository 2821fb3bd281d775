/**
 * /account/security: two-factor verification for the signed-in user. Status, authenticator-app
 * setup (QR code, manual secret, 6-digit confirmation, then the 10 recovery codes shown once),
 * email codes instead, and turning two-factor off (both behind the account password).
 */
import { isStaffRole } from '@modules/auth/permissions-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, KeyRound, Mail, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { mustSetUpMfa } from '@modules/auth/contract';
import { PRODUCT_NAME } from '@modules/platform/contract';
import { api, errorText } from '@site/lib/api';
import { ME_KEY } from '@site/lib/stores/auth';
import { toast } from '@site/lib/stores/toast';
import { btn, card, ForViewer, Screen, Section, SignedOutCard, useViewer } from '../app/ui';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { LoadingContent } from '../react/LoadingContent';
import { MFA_KEY, PasswordConfirm, StatusCard, type MfaStatus } from './mfa-parts';
import { TotpSetupPanel } from './TotpSetupPanel';

export { groupSecret, recoveryCodesFile, MFA_KEY, type MfaStatus } from './mfa-parts';

type Panel = { kind: 'none' } | { kind: 'totp' } | { kind: 'email' } | { kind: 'disable' };

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
