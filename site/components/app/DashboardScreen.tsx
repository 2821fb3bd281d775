import { ArrowRight, Building2, Clock, LayoutDashboard, Receipt, Repeat, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { CurrentUser } from '../../../modules/auth/contract';
import { isKycVerified } from '../../../modules/auth/contract';
import { formatMoney, MIN_INVESTMENT_FILS } from '../../../modules/platform/contract';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { RETAIL_ANNUAL_LIMIT_FILS } from './limits';
import { btn, card, EmptyState, ForViewer, Money, Screen, Section, SignedOutCard, useCurrency, useMoney, useViewer } from './ui';

/** What the summary cards show. A new investor holds nothing, so every figure starts at zero. */
export type PortfolioSummary = {
  valueFils: bigint;
  investedFils: bigint;
  monthlyRentFils: bigint;
  properties: number;
  investedThisYearFils: bigint;
};
export const EMPTY_PORTFOLIO: PortfolioSummary = {
  valueFils: 0n,
  investedFils: 0n,
  monthlyRentFils: 0n,
  properties: 0,
  investedThisYearFils: 0n,
};

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

function SummaryCards({ p }: { p: PortfolioSummary }) {
  const items = [
    { label: 'Portfolio value', fils: p.valueFils, note: `Across ${p.properties} ${p.properties === 1 ? 'property' : 'properties'}` },
    { label: 'Amount invested', fils: p.investedFils, note: 'Everything you have put in' },
    { label: 'Total gain', fils: p.valueFils - p.investedFils, note: 'Portfolio value minus amount invested' },
    { label: 'Monthly rental income', fils: p.monthlyRentFils, note: 'Your share of rent, after costs' },
  ];
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="sr-only">
        Portfolio summary
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((i) => (
          <div key={i.label} className={`${card} p-5`}>
            <dt className="text-sm font-medium text-slate-500">{i.label}</dt>
            <dd className="mt-2 font-display text-2xl tabular-nums tracking-tight text-ink">
              <Money fils={i.fils} />
            </dd>
            <dd className="mt-1 text-xs text-slate-500">{i.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RetailLimit({ usedFils }: { usedFils: bigint }) {
  const money = useMoney();
  const currency = useCurrency();
  const pct = Number((usedFils * 100n) / RETAIL_ANNUAL_LIMIT_FILS);
  return (
    <Section id="limit-title" title="Your retail investor limit">
      <p className="text-sm leading-relaxed text-slate-600">
        Retail investors can invest up to <strong className="font-semibold text-ink">{formatMoney(RETAIL_ANNUAL_LIMIT_FILS, 'AED')}</strong> a year
        {currency === 'AED' ? '' : ` (about ${money(RETAIL_ANNUAL_LIMIT_FILS)})`}.
      </p>
      <div className="mt-4">
        <div className="flex justify-between text-xs text-slate-500">
          <span>Invested this year</span>
          <span className="tabular-nums">
            {money(usedFils)} of {money(RETAIL_ANNUAL_LIMIT_FILS)}
          </span>
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Retail limit used this year"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
        >
          <div className="h-full rounded-full bg-sand-400" style={{ width: `${pct}%` }} />
        </div>
        <p className="mt-3 text-sm text-slate-600">
          <span className="font-medium text-ink">{money(RETAIL_ANNUAL_LIMIT_FILS - usedFils)}</span> left to invest this year.
        </p>
      </div>
    </Section>
  );
}

export function DashboardForUser({ user, portfolio = EMPTY_PORTFOLIO, now = new Date() }: { user: CurrentUser; portfolio?: PortfolioSummary; now?: Date }) {
  const money = useMoney();
  return (
    <Screen
      eyebrow="Dashboard"
      title={`${greeting(now)}, ${user.firstName}`}
      description="Your investments, rental income and account at a glance."
      actions={
        <>
          <a href="/properties" className={btn.secondary}>
            Browse properties
          </a>
          <a href="/sip-setup" className={btn.primary}>
            Set up a SIP
          </a>
        </>
      }
    >
      <div className="space-y-6">
        <KycCard status={user.kycStatus} />
        <SummaryCards p={portfolio} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
          <Section id="holdings-title" title="Your properties" className="lg:col-span-2">
            <EmptyState icon={Building2} title="You don't own any property shares yet" actions={
              <>
                <a href="/properties" className={btn.primary}>
                  <Building2 size={16} aria-hidden="true" />
                  Browse properties
                </a>
                <a href="/sip-setup" className={btn.secondary}>
                  <Repeat size={16} aria-hidden="true" />
                  Set up a SIP
                </a>
              </>
            }>
              Buy shares in a single property from {money(MIN_INVESTMENT_FILS)}, or set up a SIP to invest automatically every month. Each property
              you own appears here with its value and the rent it pays you.
            </EmptyState>
          </Section>
          <RetailLimit usedFils={portfolio.investedThisYearFils} />
        </div>
        <Section
          id="transactions-title"
          title="Recent transactions"
          action={
            <a href="/wallet" className={btn.quiet}>
              Go to wallet
              <ArrowRight size={14} aria-hidden="true" />
            </a>
          }
        >
          <EmptyState icon={Receipt} title="No transactions yet">
            Deposits, investments, rental income and withdrawals will be listed here as they happen.
          </EmptyState>
        </Section>
      </div>
    </Screen>
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
