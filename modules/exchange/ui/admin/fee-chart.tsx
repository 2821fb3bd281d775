/**
 * Fee income by month: one horizontal bar per month, split into early exit fees, performance fees and
 * VAT — the shared StackedBars chart (an accessible picture, the same figures one click away as a table).
 */
import { StackedBars } from '@site/components/charts/StackedBars';
import { monthYear } from '@modules/platform/dates';
import type { FeeMonthJson } from '../../admin-contract';

export const FEE_KINDS = [
  { key: 'earlyExit', label: 'Early exit fees', colour: 'bg-brand-700', spoken: 'early exit' },
  { key: 'performance', label: 'Performance fees', colour: 'bg-sand-400', spoken: 'performance' },
  { key: 'vat', label: 'VAT on fees', colour: 'bg-slate-400', spoken: 'VAT' },
] as const;

/** 'March 2026' from 'YYYY-MM'. */
export const monthName = (month: string) => (/^\d{4}-\d{2}$/.test(month) ? monthYear(`${month}-01`) : month);

export function FeeChart({ months, caption }: { months: FeeMonthJson[]; caption: string }) {
  return (
    <StackedBars
      caption={caption}
      series={FEE_KINDS}
      rows={months.map((m) => ({ key: m.month, label: monthName(m.month), values: { earlyExit: m.earlyExit, performance: m.performance, vat: m.vat } }))}
      empty="No fee income yet."
    />
  );
}
