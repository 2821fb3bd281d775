/**
 * /sip/plan?id=…: one plan. Its summary (status, amount and the stepped-up amount due next, day, mode,
 * split, top-up), the next collections, returns as XIRR with income and value change apart, the actions,
 * and the history of every instalment.
 */
import { ArrowLeft, CalendarDays, CircleHelp, RefreshCw, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate, formatDayInDubai, monthYear } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { btn, card, EmptyState, Screen, Section, SignedOutCard, useMoney, useViewer, ViewerError } from '@site/components/app/ui';
import { Problem, Skeleton } from '@site/components/app/wallet/shared';
import { LoadingContent } from '@site/components/react/LoadingContent';
import { ApiError, errorText } from '@site/lib/api';
import { sipModeLabels, type SipPlanDetailJson } from '../contract';
import { usePlan } from './data';
import { ordinal } from './format';
import { InstalmentHistory } from './InstalmentHistory';
import { PlanActions } from './PlanActions';
import { CollectionCalendar, PlanStatusBadge, ReturnsFigures } from './parts';

const PAUSE_REASONS: Record<string, string> = {
  investor: 'You paused this plan.',
  retail_limit: 'Paused because the next instalment would pass your retail investment limit. Lower the amount, then resume.',
};

function Summary({ plan }: { plan: SipPlanDetailJson }) {
  const money = useMoney();
  const stepped = plan.currentAmount !== plan.amount;
  const rows: { label: string; value: ReactNode }[] = [
    {
      label: 'Monthly amount',
      value: stepped ? (
        <>
          {money(toFils(plan.currentAmount))} <span className="text-slate-500">(started at {money(toFils(plan.amount))}, stepped up)</span>
        </>
      ) : (
        money(toFils(plan.amount))
      ),
    },
    { label: 'Collection day', value: `The ${ordinal(plan.dayOfMonth)} of each month, from ${monthYear(plan.startMonth)}` },
    { label: 'Yearly step-up', value: plan.stepUpPercent > 0 ? `+${plan.stepUpPercent}% each year` : 'None' },
    { label: 'Mode', value: plan.mode === 'automated' ? 'Automated: Manzil chooses among properties open for funding, following your profile' : 'Manual: your own split' },
    { label: 'Automatic top-up', value: plan.mandate ? `On: ${plan.mandate.label}, since ${formatDayInDubai(plan.mandate.createdAt)}` : 'Off: collections come from your wallet only' },
    { label: 'So far', value: `${plan.totals.collected} collected, ${plan.totals.skipped} skipped, ${plan.totals.failed} failed · ${money(toFils(plan.totals.invested))} invested` },
  ];
  return (
    <Section id="plan-summary-title" title="Plan" className="lg:col-span-2">
      {plan.status === 'paused' && plan.pauseReason ? (
        <p role="status" className="mb-4 rounded-lg border border-sand-200 bg-sand-50 p-3 text-sm text-slate-700">
          {PAUSE_REASONS[plan.pauseReason] ?? plan.pauseReason}
        </p>
      ) : null}
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="grid gap-1 py-2.5 sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">{r.label}</dt>
            <dd className="text-ink">{r.value}</dd>
          </div>
        ))}
      </dl>
      {plan.mode === 'manual' ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-ink">Split</h3>
          <ul className="mt-2 space-y-1.5 text-sm">
            {plan.allocations.map((a) => (
              <li key={a.propertyId} className="flex flex-wrap justify-between gap-3">
                <a href={`/property/${a.propertyId}`} className="font-medium text-brand-800 hover:underline">
                  {a.title}
                </a>
                <span className="tabular-nums text-slate-600">
                  {a.percent}%{a.open ? '' : ' · no longer open: its share goes to the next eligible property'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}

function PlanBody({ plan }: { plan: SipPlanDetailJson }) {
  const money = useMoney();
  const retry = plan.instalments.find((i) => i.status === 'retrying');
  return (
    <Screen
      eyebrow="Systematic investment plan"
      title={
        <span className="flex flex-wrap items-center gap-3">
          {plan.reference} <PlanStatusBadge status={plan.status} />
        </span>
      }
      description={`${money(toFils(plan.currentAmount))} a month, ${sipModeLabels[plan.mode].toLowerCase()}, on the ${ordinal(plan.dayOfMonth)}.`}
      actions={
        <a href="/sip-setup" className={btn.quiet}>
          <ArrowLeft size={16} aria-hidden="true" /> All my plans
        </a>
      }
    >
      <div className="space-y-6">
        <PlanActions plan={plan} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
          <Summary plan={plan} />
          <section aria-labelledby="next-title" className={`${card} p-5 sm:p-6`}>
            <h2 id="next-title" className="flex items-center gap-2 text-base font-semibold text-ink">
              <CalendarDays size={18} aria-hidden="true" /> Next collections
            </h2>
            {retry?.nextAttemptOn ? (
              <p role="status" className="mt-3 rounded-lg border border-sand-200 bg-sand-50 p-3 text-sm text-slate-700">
                The {monthYear(retry.month)} instalment is tried again on {formatDate(retry.nextAttemptOn)}.{' '}
                <a href="/wallet" className="font-medium text-brand-700 hover:underline">
                  Add money to your wallet
                </a>{' '}
                before then.
              </p>
            ) : null}
            <CollectionCalendar
              dates={plan.upcoming}
              amount={plan.upcoming.length ? money(toFils(plan.currentAmount)) : undefined}
              emptyText={plan.status === 'paused' ? 'Paused: no collection is scheduled until you resume.' : 'Cancelled: no further collections.'}
            />
            <p className="mt-4 text-xs leading-relaxed text-slate-500">
              Each collection is taken from your wallet on its day; if it is short, we try again 3 days later.{' '}
              <a href="/wallet" className="font-medium text-brand-700 hover:underline">
                Add money to your wallet
              </a>
            </p>
          </section>
        </div>
        <Section id="returns-title" title="Returns" description="What this plan's purchases have earned: rental income and value change apart.">
          <ReturnsFigures returns={plan.returns} />
        </Section>
        <InstalmentHistory instalments={plan.instalments} />
      </div>
    </Screen>
  );
}

export function PlanView({ id }: { id: string | null }) {
  const q = usePlan(id);
  if (!id || (q.isError && q.error instanceof ApiError && q.error.status === 404)) {
    return (
      <Screen title="Plan not found">
        <EmptyState icon={CircleHelp} title="We could not find that plan" actions={<a href="/sip-setup" className={btn.primary}>See my plans</a>}>
          The link may be incomplete, or the plan belongs to another account.
        </EmptyState>
      </Screen>
    );
  }
  if (q.isPending) {
    return (
      <Screen title="Your plan">
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      </Screen>
    );
  }
  if (q.isError) {
    return (
      <Screen title="Your plan">
        <Problem
          title="We couldn't load this plan"
          action={
            <button type="button" className={btn.secondary} onClick={() => void q.refetch()}>
              <RefreshCw size={16} aria-hidden="true" /> Try again
            </button>
          }
        >
          {errorText(q.error, 'Please try again.')}
        </Problem>
      </Screen>
    );
  }
  return <PlanBody plan={q.data} />;
}

/** The plan page for whoever is looking: a visitor is asked to sign in. */
export function PlanPage({ id }: { id: string | null }) {
  const viewer = useViewer();
  if (viewer.state === 'loading') return <LoadingContent />;
  if (viewer.state === 'error') return <ViewerError message={viewer.message} retry={viewer.retry} />;
  if (viewer.state === 'visitor') {
    return (
      <SignedOutCard icon={Repeat} title="Your investment plan" points={['Its next collections and what each one bought', 'Returns as XIRR, income and value change apart', 'Edit, pause, skip a month or cancel']}>
        Log in to see this plan.
      </SignedOutCard>
    );
  }
  return <PlanView id={id} />;
}
