/**
 * The top of /admin/distributions (GET /api/admin/distributions/summary): what was paid this year, what
 * waits for approval or payment, and what the books say is payable; then what was paid per month, on the
 * shared chart, and the payable list with "Prepare distribution" on each property.
 */
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CircleCheck, Hourglass, Landmark, Wallet } from 'lucide-react';
import { useLocation } from 'wouter';
import { StackedBars } from '@site/components/charts/StackedBars';
import { Amount, ErrorNote } from '@site/components/admin/ledger/parts';
import { Button, Card, DataTable, EmptyState, Section, StatCard, StatGrid } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { DistributionSummaryJson } from '../../contract';
import { aed, fils, periodLabel, periodShort, plural } from '../format';
import { todayInDubai } from '@modules/platform/dates';
import { prepareHref, SUMMARY_URL } from './shared';

export const useSummary = () => useQuery<DistributionSummaryJson>({ queryKey: [SUMMARY_URL] });

export function SummaryCards() {
  const q = useSummary();
  const s = q.data;
  const current = todayInDubai().slice(0, 7);
  const paidThisMonth = s?.byMonth?.find((m) => m.period === current)?.amount;
  return (
    <>
      {q.isError ? (
        <div className="mt-6">
          <ErrorNote title="Couldn't load the distribution figures">{errorText(q.error, 'Request failed')}</ErrorNote>
        </div>
      ) : null}
      <StatGrid>
        <StatCard icon={CircleCheck} label="Paid this year" value={s ? aed(s.paidThisYear) : undefined} hint={s ? `${plural(s.paidRuns ?? 0, 'distribution', 'distributions')} paid to investors' wallets since 1 January.` : 'Paid to investors since 1 January.'} />
        <StatCard icon={CalendarCheck} label="Paid this month" value={s ? aed(paidThisMonth ?? 0) : undefined} hint={`Distributions paid in ${periodLabel(current)}, whatever month's rent they were for.`} />
        <StatCard
          icon={Hourglass}
          label="Waiting for approval or payment"
          value={s ? (s.waiting ?? 0).toLocaleString('en-US') : undefined}
          hint={s ? `${aed(s.waitingAmount)} in drafts and approved distributions not yet paid.` : 'Drafts and approved distributions not yet paid.'}
        />
        <StatCard
          icon={Landmark}
          label="Payable from the books"
          value={s ? aed(s.payableTotal) : undefined}
          hint={s ? `Distributable income not yet in any distribution, across ${plural(s.payable?.length ?? 0, 'property', 'properties')}.` : 'Distributable income not yet in any distribution.'}
        />
      </StatGrid>
    </>
  );
}

export function PaidByMonth() {
  const q = useSummary();
  const all = q.data?.byMonth ?? [];
  // From the first month with a payment (the last 12 months at most).
  const first = all.findIndex((m) => fils(m.amount) > 0n);
  const months = first < 0 ? [] : all.slice(first);
  return (
    <Section title="Paid by month" description="What was paid to investors in each month (by the day it was paid), all properties together, over the last 12 months.">
      <Card className="min-w-0 p-5">
        {q.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading the chart…
          </p>
        ) : (
          <StackedBars
            caption="Distributions paid, by month of payment"
            series={[{ key: 'paid', label: 'Paid', colour: 'bg-brand-700', spoken: 'paid' }] as const}
            rows={months.map((m) => ({ key: m.period, label: periodLabel(m.period), values: { paid: m.amount } }))}
            empty="Nothing has been distributed in the last 12 months."
          />
        )}
      </Card>
    </Section>
  );
}

const payableColumns = [
  { key: 'property', label: 'Property', className: 'min-w-64' },
  { key: 'months', label: 'Months' },
  { key: 'amount', label: 'Payable (AED)', align: 'right' as const },
  { key: 'action', label: 'Action', align: 'right' as const },
];

export function PayableList() {
  const q = useSummary();
  const [, navigate] = useLocation();
  const payable = q.data?.payable ?? [];
  return (
    <Section title="Payable from the books" description="Per property, the months whose distributable income (rent − costs − reserve) is not yet in any distribution.">
      <Card className="overflow-hidden">
        <DataTable
          caption="Distributable income not yet distributed, by property"
          columns={payableColumns}
          minWidth={720}
          empty={
            q.isPending ? (
              <p role="status" className="px-4 py-6 text-sm text-slate-500">
                Loading what is payable…
              </p>
            ) : (
              <EmptyState icon={Wallet} title="Nothing is waiting to be distributed">
                Every month with distributable income in the books is already in a distribution. Record rent and costs in Property books to see the next ones here.
              </EmptyState>
            )
          }
        >
          {payable.map((p) => (
            <tr key={p.propertyId} className="align-top">
              <td className="px-4 py-3">
                <span className="block font-medium text-ink">{p.title}</span>
                <span className="block font-mono text-xs text-slate-500">{p.reference}</span>
              </td>
              <td className="px-4 py-3 text-slate-700">{p.periods.map(periodShort).join(', ')}</td>
              <td className="px-4 py-3 text-right font-medium text-ink">
                <Amount value={p.amount} />
              </td>
              <td className="px-4 py-3 text-right">
                <Button onClick={() => navigate(prepareHref(p.propertyId, [...p.periods].sort()[0]))}>
                  Prepare distribution<span className="sr-only"> for {p.title}</span>
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </Section>
  );
}
