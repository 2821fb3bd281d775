/**
 * Where each month's rent went: one bar per month split into costs, the reserve kept back and what went
 * (or can go) to investors — the shared StackedBars chart (an accessible picture, the same figures one
 * click away as a table). Months not yet paid are drawn lighter: their last part is what the books say is
 * distributable, not a payment.
 */
import { StackedBars } from '@site/components/charts/StackedBars';
import type { PnlMonthJson } from '../contract';
import { periodLabel } from './format';

export const PNL_SERIES = [
  { key: 'costs', label: 'Costs', colour: 'bg-slate-400', spoken: 'costs' },
  { key: 'reserve', label: 'Reserve', colour: 'bg-sand-400', spoken: 'reserve' },
  { key: 'investors', label: 'To investors', colour: 'bg-brand-700', spoken: 'to investors' },
] as const;

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
      series={PNL_SERIES}
      rows={months.map((m) => ({
        key: m.period,
        label: periodLabel(m.period),
        values: { costs: m.totalCosts, reserve: m.reserve, investors: m.status === 'paid' ? (m.distributed ?? m.distributable) : m.distributable },
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
