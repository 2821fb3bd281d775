/**
 * The dashboard's SIP card, from GET /api/sip/summary: active plans, the next collection and whether
 * the wallet covers it, total invested through plans, portfolio XIRR (income and value change apart),
 * and each plan in a line. With no plan, an invitation to start one.
 */
import { AlertTriangle, ArrowRight, CheckCircle2, RefreshCw, Repeat } from 'lucide-react';
import { formatDate } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { btn, EmptyState, Section, useMoney } from '@site/components/app/ui';
import { Problem, Skeleton } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import { sipModeLabels } from '../contract';
import { planPageHref, useSummary } from './data';
import { xirrLabel } from './format';
import { PlanStatusBadge, ReturnsFigures } from './parts';

export function SipCard() {
  const money = useMoney();
  const q = useSummary();
  const start = (
    <a href="/sip-setup" className={btn.secondary}>
      Start a plan
    </a>
  );
  if (q.isPending) {
    return (
      <Section id="sip-card-title" title="Monthly plans (SIP)">
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </div>
      </Section>
    );
  }
  if (q.isError) {
    return (
      <Section id="sip-card-title" title="Monthly plans (SIP)">
        <Problem
          title="We couldn't load your plans"
          action={
            <button type="button" className={btn.secondary} onClick={() => void q.refetch()}>
              <RefreshCw size={16} aria-hidden="true" /> Try again
            </button>
          }
        >
          {errorText(q.error, 'Please try again.')}
        </Problem>
      </Section>
    );
  }
  const s = q.data;
  if (s.plans.length === 0) {
    return (
      <Section id="sip-card-title" title="Monthly plans (SIP)">
        <EmptyState
          icon={Repeat}
          title="Invest a little every month"
          actions={
            <a href="/sip-setup" className={btn.primary}>
              Start a plan <ArrowRight size={16} aria-hidden="true" />
            </a>
          }
        >
          A plan invests a fixed amount from your wallet on the same day each month, from {money(MIN_INVESTMENT_FILS)}. Automated plans choose the properties for you.
        </EmptyState>
      </Section>
    );
  }
  const next = s.nextCollection;
  return (
    <Section
      id="sip-card-title"
      title="Monthly plans (SIP)"
      description={`${s.activePlans} active${s.pausedPlans ? `, ${s.pausedPlans} paused` : ''} · ${money(toFils(s.monthlyTotal))} a month`}
      action={start}
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className={`rounded-lg p-4 ${next && !next.covered ? 'border border-sand-300 bg-sand-50' : 'bg-slate-50'}`}>
          <p className="text-xs font-medium text-slate-500">Next collection</p>
          {next ? (
            <>
              <p className="mt-1 font-display text-lg tabular-nums text-ink">
                {money(toFils(next.amount))} on {formatDate(next.date)}
              </p>
              {next.covered ? (
                <p className="mt-1 flex items-center gap-1.5 text-xs text-brand-800">
                  <CheckCircle2 size={14} aria-hidden="true" /> Your wallet covers it.
                </p>
              ) : (
                <p role="alert" className="mt-1 flex items-start gap-1.5 text-xs text-sand-900">
                  <AlertTriangle size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
                  <span>
                    Your wallet does not cover it yet.{' '}
                    <a href="/wallet" className="font-semibold underline underline-offset-2">
                      Add money to your wallet
                    </a>
                  </span>
                </p>
              )}
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No collection scheduled: every plan is paused or cancelled.</p>
          )}
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <p className="text-xs font-medium text-slate-500">Invested through plans</p>
          <p className="mt-1 font-display text-lg tabular-nums text-ink">{money(toFils(s.totalInvested))}</p>
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <p className="text-xs font-medium text-slate-500">Portfolio return (XIRR)</p>
          <p className="mt-1 font-display text-lg tabular-nums text-ink">{xirrLabel(s.returns.xirrBps)}</p>
        </div>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-800">Income and value change</summary>
        <div className="mt-3">
          <ReturnsFigures returns={s.returns} withXirr={false} />
        </div>
      </details>
      <ul className="-mx-2 mt-4 divide-y divide-slate-100 border-t border-slate-100" aria-label="Your plans">
        {s.plans.map((p) => (
          <li key={p.id}>
            <a href={planPageHref(p.id)} className="flex flex-wrap items-center justify-between gap-3 rounded-md px-2 py-2.5 text-sm hover:bg-slate-50">
              <span className="flex min-w-0 items-center gap-2">
                <span className="font-medium text-ink">{p.reference}</span>
                <PlanStatusBadge status={p.status} />
                <span className="text-slate-500">
                  {money(toFils(p.currentAmount))} · {sipModeLabels[p.mode]}
                  {p.nextCollectionDate ? ` · next ${formatDate(p.nextCollectionDate)}` : ''}
                </span>
              </span>
              <span className="flex items-center gap-2 text-slate-600">
                {xirrLabel(p.returns.xirrBps)}
                <ArrowRight size={14} aria-hidden="true" />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
