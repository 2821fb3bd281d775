/**
 * Where each month's rent went: one bar per month split into costs, the reserve kept back and what went
 * (or can go) to investors — the shared StackedBars chart (an accessible picture, the same figures one
 * click away as a table). Months not yet paid are drawn lighter: their last part is what the books say is
 * distributable, not a payment. When a property is only partly funded, a paid month shows the part of its
 * distributable income that was not paid out (the shares nobody held yet stay with the vehicle).
 */
import { StackedBars } from '@site/components/charts/StackedBars';
import type { PnlMonthJson } from '../contract';
import { periodLabel } from './format';

export const PNL_SERIES = [
  { key: 'costs', label: 'Costs', colour: 'bg-slate-400', spoken: 'costs' },
  { key: 'reserve', label: 'Reserve', colour: 'bg-sand-400', spoken: 'reserve' },
  { key: 'investors', label: 'To investors', colour: 'bg-brand-700', spoken: 'to investors' },
  { key: 'kept', label: 'Not paid out (unsold shares)', colour: 'bg-brand-200', spoken: 'not paid out' },
] as const;

/** Of a paid month's distributable income, what the run did not pay (the part of shares nobody held yet). */
const keptOf = (m: PnlMonthJson) => {
  if (m.status !== 'paid' || m.distributed === null) return '0';
  const kept = BigInt(m.distributable) - BigInt(m.distributed);
  return kept > 0n ? kept.toString() : '0';
};

const notes: Record<PnlMonthJson['status'], string | undefined> = {
  open: 'not yet distributed',
  draft: 'distribution being prepared',
  approved: 'distribution approved',
  paid: undefined,
};

export function PnlChart({ months, caption = 'Where the rent went, by month' }: { months: PnlMonthJson[]; caption?: string }) {
  return (
    <StackedBars
      caption={caption}
      series={months.some((m) => keptOf(m) !== '0') ? PNL_SERIES : PNL_SERIES.filter((k) => k.key !== 'kept')}
      rows={months.map((m) => ({
        key: m.period,
        label: periodLabel(m.period),
        values: { costs: m.totalCosts, reserve: m.reserve, investors: m.status === 'paid' ? (m.distributed ?? m.distributable) : m.distributable, kept: keptOf(m) },
        total: m.rent,
        note: notes[m.status],
        muted: m.status !== 'paid',
      }))}
      empty="No rent or costs recorded in these months."
      extraLegend={
        months.some((m) => m.status !== 'paid') ? (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-brand-700 opacity-45" /> Lighter: not yet paid
          </span>
        ) : null
      }
    />
  );
}
