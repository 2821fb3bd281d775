import type { KycApplicationJson } from '@modules/kyc/contract';
import { useCurrentUser } from '@site/lib/stores/auth';
import { SignedOutCard } from '../auth/SignedOutCard';
import { AppProviders } from '../react/AppProviders';
import { LoadingContent } from '../react/LoadingContent';
import { primaryButtonClass, secondaryButtonClass } from './fields';
import { kycStatusInfo } from './kyc-status';
import { KycStatusBadge } from './KycStatusBadge';
import { fixPath, nextOpenStep } from './steps/VerifyStep';
import { KYC_STEPS, kycStep } from './steps';
import { useKycApplication } from './use-kyc';

/** /kyc: the signed-in investor's verification status, the steps done, and the next action; or the way in for a visitor. */
export default function KycOverviewStatus() {
  return (
    <AppProviders>
      <OverviewStatus />
    </AppProviders>
  );
}

function Failed({ onRetry, text }: { onRetry: () => void; text: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50/60 p-6">
      <h2 className="font-semibold text-ink">We couldn’t check your verification</h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      <button type="button" onClick={onRetry} className={`mt-4 ${secondaryButtonClass}`}>
        Try again
      </button>
    </div>
  );
}

/** The next thing to do, by status. */
export function overviewAction(app: KycApplicationJson): { label: string; href: string } {
  const info = kycStatusInfo(app.status);
  if (app.status === 'not_started') return { label: 'Start verification', href: kycStep('personal').path };
  if (app.status === 'in_progress') return { label: 'Continue verification', href: kycStep(nextOpenStep(app)).path };
  if (app.status === 'rejected') return { label: 'Fix and resubmit', href: kycStep(fixPath(app)).path };
  return info.action;
}

function OverviewStatus() {
  const me = useCurrentUser();
  const user = me.data;
  const kyc = useKycApplication({ enabled: Boolean(user) });

  if (me.isPending || (user && kyc.isPending)) return <LoadingContent />;
  if (me.isError) return <Failed onRetry={() => void me.refetch()} text="Your connection may have dropped. Your verification status will show here once we can reach our servers." />;
  if (!user) {
    return (
      <SignedOutCard title="Log in to verify your identity">
        Verification is tied to your account, so your details stay private and your investments are held in your name. Log in, or create an
        account in about a minute.
      </SignedOutCard>
    );
  }
  if (kyc.isError || !kyc.data) return <Failed onRetry={() => void kyc.refetch()} text="Your connection may have dropped. Everything you saved is safe." />;

  const app = kyc.data;
  const info = kycStatusInfo(app.status);
  const action = overviewAction(app);
  const started = app.status === 'in_progress';
  const formSteps = KYC_STEPS.filter((s) => s.slug !== 'verify' && s.slug !== 'review');
  const done = formSteps.filter((s) => app.steps[s.slug as 'personal'].complete).length;

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
        {started ? `You’ve completed ${done} of ${formSteps.length} steps. Your answers are saved to your account; pick up where you stopped.` : info.detail}
      </p>
      {(app.status === 'in_progress' || app.status === 'rejected') && (
        <ul className="mt-4 grid grid-cols-2 gap-2 text-sm" aria-label="Steps">
          {formSteps.map((s) => {
            const complete = app.steps[s.slug as 'personal'].complete;
            return (
              <li key={s.slug} className={`flex items-center gap-2 ${complete ? 'text-brand-800' : 'text-slate-500'}`}>
                <span aria-hidden="true" className={`grid h-5 w-5 place-items-center rounded-full text-[11px] ${complete ? 'bg-brand-700 text-white' : 'border border-slate-300'}`}>
                  {complete ? '✓' : ''}
                </span>
                {s.label}
                <span className="sr-only">{complete ? ' (done)' : ' (to do)'}</span>
              </li>
            );
          })}
        </ul>
      )}
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
        Signed in as{' '}
        <span className="font-medium text-slate-700">
          {user.firstName} {user.lastName}
        </span>
        {user.unicode ? <span> · ID {user.unicode}</span> : null}
      </p>
    </section>
  );
}
