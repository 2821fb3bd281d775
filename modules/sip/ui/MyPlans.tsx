/** "My plans": every plan the investor has, newest first, each linking to its page. */
import { ArrowRight, RefreshCw } from 'lucide-react';
import { formatDate } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { btn, Section, useMoney } from '@site/components/app/ui';
import { Problem, Skeleton } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import { sipModeLabels, type SipPlanJson } from '../contract';
import { planPageHref, usePlans } from './data';
import { ordinal } from './format';
import { PlanStatusBadge } from './parts';

export function PlanRow({ plan }: { plan: SipPlanJson }) {
  const money = useMoney();
  return (
    <li>
      <a href={planPageHref(plan.id)} className="flex flex-wrap items-center justify-between gap-3 rounded-lg px-3 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
        <span className="min-w-0">
          <span className="flex items-center gap-2">
            <span className="font-medium text-ink">
              {money(toFils(plan.currentAmount))} a month · {sipModeLabels[plan.mode]}
            </span>
            <PlanStatusBadge status={plan.status} />
          </span>
          <span className="mt-0.5 block text-xs text-slate-500">
            {plan.reference} · on the {ordinal(plan.dayOfMonth)}
            {plan.nextCollectionDate ? ` · next ${formatDate(plan.nextCollectionDate)}` : ''} · {plan.totals.collected} collected, {money(toFils(plan.totals.invested))} invested
          </span>
        </span>
        <ArrowRight size={16} className="shrink-0 text-slate-400" aria-hidden="true" />
      </a>
    </li>
  );
}

/** The list; renders nothing until the investor has a plan (the setup form below is then the whole page). */
export function MyPlans() {
  const q = usePlans();
  if (q.isPending) {
    return (
      <div aria-hidden="true" className="space-y-2">
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
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
    );
  }
  const plans = q.data.items;
  if (plans.length === 0) return null;
  const open = plans.filter((p) => p.status !== 'cancelled');
  const closed = plans.filter((p) => p.status === 'cancelled');
  return (
    <Section id="my-plans-title" title="My plans" description={`${open.length} active or paused${closed.length ? `, ${closed.length} cancelled` : ''}. Start another below.`}>
      <ul className="-mx-3 divide-y divide-slate-100">
        {[...open, ...closed].map((p) => (
          <PlanRow key={p.id} plan={p} />
        ))}
      </ul>
    </Section>
  );
}
