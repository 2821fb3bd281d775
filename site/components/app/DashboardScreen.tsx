import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Clock, LayoutDashboard, RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { isKycVerified } from '@modules/auth/contract';
import type { DashboardJson } from '@modules/investing/contract';
import { api, errorText } from '@site/lib/api';
import { $investmentMode, normalizeInvestmentMode, setInvestmentMode } from '@site/lib/stores/session';
import { SipCard } from '@modules/sip/ui/DashboardCard';
import { ModeHelp } from '@modules/sip/ui/ModeHelp';
import { IncomeCalendar } from '@modules/statements/ui/IncomeCalendar';
import { ReturnsCard } from '@modules/statements/ui/ReturnsCard';
import { FinishOnboardingCard } from '../onboarding/FinishOnboardingCard';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { Allocation, Holdings, RecentTransactions, RetailLimit, SummaryCards, ValueOverTime } from './dashboard/parts';
import { btn, card, ForViewer, Screen, SignedOutCard, useViewer } from './ui';
import { DASHBOARD_URL, Problem, Skeleton } from './wallet/shared';
import { isStaffRole } from '@modules/auth/permissions-contract';

const UNDER_REVIEW = ['pending', 'submitted', 'in_review', 'under_review', 'processing'];

export function greeting(now: Date) {
  const h = now.getHours();
  return h < 12 ? 'Good morning' : h < 18 ? 'Good afternoon' : 'Good evening';
}

export function KycCard({ status }: { status: string | null | undefined }) {
  if (isKycVerified(status)) {
    return (
      <section aria-labelledby="kyc-title" className={`rounded-xl border flex items-start gap-4 border-brand-200 bg-brand-50/50 p-5 sm:p-6`}>
        <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
          <ShieldCheck size={20} />
        </span>
        <div>
          <h2 id="kyc-title" className="text-base font-semibold text-ink">
            Identity verified
          </h2>
          <p className="mt-1 text-sm text-slate-600">Your account is verified. You can fund your wallet and invest.</p>
        </div>
      </section>
    );
  }
  const reviewing = UNDER_REVIEW.includes(String(status ?? '').toLowerCase());
  return (
    <section
      aria-labelledby="kyc-title"
      className={`rounded-xl border flex flex-col gap-4 border-sand-200 bg-sand-50 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6`}
    >
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-sand-100 text-sand-700">
          {reviewing ? <Clock size={20} /> : <ShieldAlert size={20} />}
        </span>
        <div>
          <h2 id="kyc-title" className="text-base font-semibold text-ink">
            {reviewing ? 'We are checking your identity' : 'Verify your identity to start investing'}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            {reviewing
              ? 'Your documents are with our compliance team. We will email you as soon as the check is complete; until then deposits and investments stay closed.'
              : 'We are required to confirm who you are before you deposit or invest. It takes 5-10 minutes with your passport or Emirates ID to hand.'}
          </p>
        </div>
      </div>
      <a href="/kyc" className={`${btn.primary} shrink-0`}>
        {reviewing ? 'View status' : 'Verify now'}
        <ArrowRight size={16} aria-hidden="true" />
      </a>
    </section>
  );
}

/**
 * Automated or manual investing: the account's choice (§4). It is the default for new plans; existing
 * plans keep their own mode, which the help beside the switch says.
 */
export function InvestmentModeSwitch() {
  const mode = useStore($investmentMode);
  // Read only when signed in (§4): this switch is only shown to a signed-in investor.
  useEffect(() => {
    api
      .get<{ mode?: unknown }>('/api/investment/mode')
      .then((r) => $investmentMode.set(normalizeInvestmentMode(r.mode)))
      .catch(() => {});
  }, []);
  return (
    <div className="inline-flex flex-wrap items-center gap-1">
      <div role="group" aria-label="Investment mode" aria-describedby="investment-mode-note" className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 text-sm">
        {(['automated', 'manual'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => void setInvestmentMode(m)}
            className={`rounded px-3 py-1.5 font-medium ${mode === m ? 'bg-brand-800 text-white' : 'text-slate-600 hover:bg-slate-50'}`}
          >
            {m === 'automated' ? 'Automated' : 'Manual'}
          </button>
        ))}
      </div>
      <span id="investment-mode-note" className="sr-only">
        Sets the mode of new plans; existing plans keep their own.
      </span>
      <ModeHelp />
    </div>
  );
}

export function DashboardForUser({ user, now = new Date() }: { user: CurrentUser; now?: Date }) {
  const q = useQuery<DashboardJson>({ queryKey: [DASHBOARD_URL] });
  const mode = useStore($investmentMode);
  const data = q.data;
  const holds = (data?.holdings.length ?? 0) > 0;
  return (
    <Screen
      eyebrow="Dashboard"
      title={`${greeting(now)}, ${user.firstName}`}
      description="Your investments, wallet and account at a glance."
      actions={
        <>
          <InvestmentModeSwitch />
          {mode === 'automated' ? (
            <>
              <a href="/properties" className={btn.secondary}>
                Browse properties
              </a>
              <a href="/sip-setup" className={btn.primary}>
                Set up a SIP
              </a>
            </>
          ) : (
            <>
              <a href="/sip-setup" className={btn.secondary}>
                Set up a SIP
              </a>
              <a href="/properties" className={btn.primary}>
                Browse properties
              </a>
            </>
          )}
        </>
      }
    >
      <div className="space-y-6">
        {isStaffRole(user.role) ? null : <FinishOnboardingCard />}
        <KycCard status={user.kycStatus} />
        {isStaffRole(user.role) ? null : <SipCard />}
        {q.isError ? (
          <Problem
            title="We couldn't load your portfolio"
            action={
              <button type="button" className={btn.secondary} onClick={() => void q.refetch()}>
                <RefreshCw size={16} aria-hidden="true" />
                Try again
              </button>
            }
          >
            {errorText(q.error, 'Please try again.')}
          </Problem>
        ) : null}
        {q.isPending ? (
          <p className="sr-only" role="status">
            Loading your portfolio…
          </p>
        ) : null}
        <SummaryCards data={data} />
        {isStaffRole(user.role) ? null : <ReturnsCard />}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
          {data ? <Holdings holdings={data.holdings} /> : <HoldingsLoading />}
          <RetailLimit limit={data?.retailLimit} />
        </div>
        {data && holds ? (
          <>
            <ValueOverTime data={data} />
            <Allocation data={data} />
          </>
        ) : null}
        {isStaffRole(user.role) ? null : <IncomeCalendar />}
        <RecentTransactions data={data} />
      </div>
    </Screen>
  );
}

function HoldingsLoading() {
  return (
    <section aria-labelledby="holdings-title" className={`${card} p-5 sm:p-6 lg:col-span-2`} aria-busy="true">
      <h2 id="holdings-title" className="text-base font-semibold text-ink">
        Your properties
      </h2>
      <div className="mt-4 space-y-3" aria-hidden="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </section>
  );
}

export function Dashboard() {
  const viewer = useViewer();
  return (
    <ForViewer
      viewer={viewer}
      visitor={() => (
        <SignedOutCard
          icon={LayoutDashboard}
          title="Your investor dashboard"
          points={[
            'Your portfolio value, amount invested and total gain',
            'The rental income your properties pay you each month',
            'Your identity verification status and retail investor limit',
            'Your most recent deposits, investments and withdrawals',
          ]}
        >
          Log in to see everything you own on Manzil in one place, or create an account to start investing in UAE property.
        </SignedOutCard>
      )}
      user={(u) => <DashboardForUser user={u} />}
    />
  );
}

export default function DashboardIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="Dashboard">
        <Dashboard />
      </WithErrorFallback>
    </AppProviders>
  );
}
