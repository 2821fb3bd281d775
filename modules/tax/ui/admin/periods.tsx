/**
 * The return periods: output against input VAT per period (the shared StackedBars chart) and every period on
 * the admin table (GET /api/admin/tax/vat-returns: list contract, status filter, CSV). A period opens its return.
 */
import { useQuery } from '@tanstack/react-query';
import { Percent } from 'lucide-react';
import { useMemo } from 'react';
import { StackedBars } from '@site/components/charts/StackedBars';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Card, Section } from '@site/components/admin/ui';
import type { ListResult } from '@modules/platform/list';
import { VAT_PERIOD_STATUSES, vatPeriodStatusLabels, type VatPeriodJson } from '../../return-contract';
import { ALL_PERIODS_URL, PERIODS_URL, aed, fils, periodHref, statusTone } from './shared';

type Row = VatPeriodJson;
const CHART_PERIODS = 8;

export function VatChart() {
  const q = useQuery<ListResult<VatPeriodJson>>({ queryKey: [ALL_PERIODS_URL] });
  const recent = (q.data?.items ?? []).slice(-CHART_PERIODS);
  // Two bars a period, output then input, so the lengths compare directly.
  const rows = recent.flatMap((p) => {
    const net = fils(p.net);
    const note = net >= 0n ? `net ${aed(net)} payable` : `net ${aed(-net)} refundable`;
    return [
      { key: `${p.period}-out`, label: `${p.period} output VAT`, note, values: { output: p.outputVat } },
      { key: `${p.period}-in`, label: `${p.period} input VAT`, values: { input: p.inputVat } },
    ];
  });
  return (
    <Card className="min-w-0 p-5">
      {q.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading the chart…
        </p>
      ) : q.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The chart could not be loaded. Refresh the page to try again.
        </p>
      ) : (
        <StackedBars
          caption="Output and input VAT by period"
          series={[
            { key: 'output', label: 'Output VAT (due)', colour: 'bg-brand-700', spoken: 'output VAT' },
            { key: 'input', label: 'Input VAT (recoverable)', colour: 'bg-sand-400', spoken: 'input VAT' },
          ] as const}
          rows={rows}
          empty="No return period has started yet."
        />
      )}
    </Card>
  );
}

const filters: FilterDef[] = [{ type: 'select', key: 'status', label: 'Status', all: 'Any status', options: VAT_PERIOD_STATUSES.map((s) => ({ value: s, label: vatPeriodStatusLabels[s] })) }];

export function PeriodsTable() {
  const columns = useMemo(
    () => [
      col.link<Row>('period', 'Period', (r) => ({ href: periodHref(r.period), label: <span className="font-medium">{r.label}</span>, srDetail: ': open the return' }), { sort: 'period', sortFirst: 'desc' }),
      col.money<Row>('outputVat', 'Output VAT (AED)', (r) => r.outputVat),
      col.money<Row>('inputVat', 'Input VAT (AED)', (r) => r.inputVat),
      col.custom<Row>(
        'net',
        'Net due (AED)',
        (r) => (
          <span className="tabular-nums font-medium text-ink">
            {aed(r.net)}
            {fils(r.net) < 0n ? <span className="block text-xs font-normal text-slate-500">refundable</span> : null}
          </span>
        ),
        { sort: 'net', sortFirst: 'desc', align: 'right' },
      ),
      col.date<Row>('dueDate', 'Filing due', (r) => r.dueDate, { sort: 'dueDate' }),
      col.status<Row>('status', 'Status', (r) => r.status, { labels: vatPeriodStatusLabels, tones: statusTone }),
    ],
    [],
  );
  return (
    <AdminTable<Row>
      endpoint={PERIODS_URL}
      caption="VAT return periods"
      columns={columns}
      rowKey={(r) => r.period}
      noun={['period', 'periods']}
      search={{ placeholder: 'Period, e.g. 2026-Q1 or March' }}
      filters={filters}
      defaultSort="-period"
      minWidth={860}
      empty={{ icon: Percent, title: 'No return periods yet', body: 'Periods run from the first period start in the tax settings to the current one; the first has not started.' }}
    />
  );
}

export function PeriodsSection() {
  return (
    <Section title="Return periods" description="Each period's VAT due on sales and recoverable on purchases, worked out from posted invoices, bills and notes, platform charges and adjustments. The return is due 28 days after the period ends.">
      <div className="space-y-4">
        <VatChart />
        <PeriodsTable />
      </div>
    </Section>
  );
}
