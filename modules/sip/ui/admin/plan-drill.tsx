/**
 * Drilling into one plan from a run: its terms, its totals and every instalment it has had (collected,
 * skipped, retrying, failed and why, what each bought), loaded when the operator opens it
 * (GET /api/admin/sip/plans/:id).
 */
import { useQuery } from '@tanstack/react-query';
import { formatDate, monthYear } from '@modules/platform/dates';
import { Amount, Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { StatusCell } from '@site/components/admin/table';
import { errorText } from '@site/lib/api';
import { sipModeLabels, sipPlanStatusLabels, type SipPlanDetailJson } from '../../contract';
import { SIP_ADMIN, shares, statusLabel, statusTone } from './shared';

export const planUrl = (id: string) => `${SIP_ADMIN}/plans/${encodeURIComponent(id)}`;

export function PlanDrill({ planId }: { planId: string }) {
  const plan = useQuery<SipPlanDetailJson>({ queryKey: [planUrl(planId)] });
  if (plan.isPending) return <Busy>Loading the plan…</Busy>;
  if (plan.isError) return <ErrorNote title="The plan could not be loaded">{errorText(plan.error, 'Please try again.')}</ErrorNote>;
  const p = plan.data;
  const split = p.allocations.map((a) => `${a.title} ${a.percent}%`).join(', ');
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-xs text-slate-700">
      <p>
        <span className="font-semibold text-ink">{p.reference}</span> · {sipPlanStatusLabels[p.status]} · <Amount value={p.currentAmount} /> AED a month on day {p.dayOfMonth} ·{' '}
        {sipModeLabels[p.mode]}
        {split ? ` (${split})` : ''}
        {p.stepUpPercent ? ` · +${p.stepUpPercent}% a year` : ''}
        {p.mandate ? ` · top-up: ${p.mandate.label}` : ''} · started {monthYear(p.startMonth)}
        {p.nextCollectionDate ? ` · next ${formatDate(p.nextCollectionDate)}` : ''}
      </p>
      <p>
        {p.totals.collected} collected, {p.totals.skipped} skipped, {p.totals.failed} failed · <Amount value={p.totals.invested} /> AED invested
      </p>
      <table className="w-full text-left">
        <caption className="sr-only">Instalments of {p.reference}, newest first</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">Month</th>
            <th scope="col" className="py-1 pr-3 font-medium">Outcome</th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">Amount</th>
            <th scope="col" className="py-1 pr-3 font-medium">Bought, or why not</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {p.instalments.map((i) => (
            <tr key={i.id} className="align-top">
              <td className="py-1.5 pr-3 whitespace-nowrap">
                {monthYear(i.month)}
                <span className="block text-slate-500">due {formatDate(i.dueDate)}</span>
              </td>
              <td className="py-1.5 pr-3">
                <StatusCell value={i.status} label={statusLabel(i.status)} tone={statusTone[i.status]} />
              </td>
              <td className="py-1.5 pr-3 text-right">
                <Amount value={i.amount} />
              </td>
              <td className="py-1.5 pr-3">
                {i.purchases.length
                  ? i.purchases.map((b) => (
                      <span key={b.propertyId} className="block">
                        {b.title}: {shares(b.units)} shares for <Amount value={b.amount} />
                      </span>
                    ))
                  : (i.failureReason ?? '—')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {p.instalments.length === 0 ? <p>No instalment yet.</p> : null}
    </div>
  );
}
