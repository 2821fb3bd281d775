/** Payroll cost (gross pay and the gratuity accrual) by month, split by department, from GET /api/admin/payroll/runs/costs. */
import { useQuery } from '@tanstack/react-query';
import { Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { Section } from '@site/components/admin/ui';
import { StackedBars, type BarSeries } from '@site/components/charts/StackedBars';
import { errorText } from '@site/lib/api';
import type { PayrollCostsJson } from '../../contract';
import { COSTS } from './shared';

const COLOURS = ['bg-brand-700', 'bg-sand-400', 'bg-emerald-500', 'bg-amber-500', 'bg-brand-200', 'bg-slate-400'];
const monthLabel = (period: string) => new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function CostChart() {
  const costs = useQuery<PayrollCostsJson>({ queryKey: [COSTS] });
  if (costs.isPending) return <Busy>Loading payroll costs…</Busy>;
  if (costs.isError) return <ErrorNote title="Chart not loaded">{errorText(costs.error, 'The payroll costs could not be loaded.')}</ErrorNote>;
  const series: BarSeries<string>[] = costs.data.costCenters.map((c, i) => ({ key: c, label: c, colour: COLOURS[i % COLOURS.length] }));
  return (
    <Section title="Payroll cost by month" description="Gross pay and the gratuity accrual of each run, by department.">
      <StackedBars<string> caption="Payroll cost by month and department" series={series} rows={costs.data.months.map((m) => ({ key: m.period, label: monthLabel(m.period), values: m.byCostCenter }))} empty="No payroll has been run yet." />
    </Section>
  );
}
