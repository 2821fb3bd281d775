import { useMemo } from 'react';
import { AppProviders } from '../react/AppProviders';
import { LoadingContent } from '../react/LoadingContent';
import { useCurrentUser } from '../../lib/stores/auth';
import { SignedOutCard } from '../auth/SignedOutCard';
import { primaryButtonClass, secondaryButtonClass } from './fields';
import { hasSavedDraft, loadDraft } from './kyc-draft';
import { kycStatusInfo } from './kyc-status';
import { KycStatusBadge } from './KycStatusBadge';
import { kycStep } from './steps';

/** /kyc: the signed-in investor's verification status and next action, or the way in for a visitor. */
export default function KycOverviewStatus() {
  return (
    <AppProviders>
      <OverviewStatus />
    </AppProviders>
  );
}

function OverviewStatus() {
  const { data: user, isPending, isError, refetch } = useCurrentUser();
  const draft = useMemo(() => (user ? { saved: hasSavedDraft(user.id), step: loadDraft(user.id).lastStep } : null), [user]);

  if (isPending) return <LoadingContent />;
  if (isError) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50/60 p-6">
        <h2 className="font-semibold text-ink">We couldn’t check your account</h2>
        <p className="mt-1 text-sm text-slate-600">Your connection may have dropped. Your verification status will show here once we can reach our servers.</p>
        <button type="button" onClick={() => void refetch()} className={`mt-4 ${secondaryButtonClass}`}>
          Try again
        </button>
      </div>
    );
  }
  if (!user) {
    return (
      <SignedOutCard title="Log in to verify your identity">
        Verification is tied to your account, so your details stay private and your investments are held in your name. Log in, or
        create an account in about a minute.
      </SignedOutCard>
    );
  }

  const info = kycStatusInfo(user.kycStatus);
  // A draft on this device means the investor has already walked part of the way: send them back to where they stopped.
  const resume = info.editable && draft?.saved && info.key !== 'rejected';
  const action = resume ? { label: 'Continue verification', href: kycStep(draft!.step).path } : info.action;

  return (
    <section aria-labelledby="kyc-status-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-testid="kyc-status-card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="kyc-status-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-500">
          Your status
        </h2>
        <KycStatusBadge info={info} />
      </div>
      <p className="mt-4 text-xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        {info.headline}
      </p>
      <p className="mt-2 text-[15px] leading-relaxed text-slate-600">
        {resume ? 'Your answers so far are saved in this browser tab. Pick up at the step where you stopped.' : info.detail}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a href={action.href} className={primaryButtonClass}>
          {action.label}
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M5 12h14M13 6l6 6-6 6" />
          </svg>
        </a>
        {info.secondary && (
          <a href={info.secondary.href} className={secondaryButtonClass}>
            {info.secondary.label}
          </a>
        )}
      </div>
      <p className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-500">
        Signed in as <span className="font-medium text-slate-700">{user.firstName} {user.lastName}</span>
        {user.unicode ? <span> · ID {user.unicode}</span> : null}
      </p>
    </section>
  );
}
