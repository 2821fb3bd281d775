/**
 * The reconciliation report of a month: opening and closing statement balance, ledger balance, what was matched,
 * created here, ignored or is still open (a chart of the lines by outcome), and what remains unreconciled;
 * downloadable as CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Busy, Select } from '@site/components/admin/ledger/parts';
import { ErrorState } from '@site/components/admin/table/states';
import { Card, DefinitionList, Section } from '@site/components/admin/ui';
import { StackedBars } from '@site/components/charts/StackedBars';
import { lastMonths, monthYear } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import type { ReconciliationReportJson } from '../../contract';
import { reportUrl } from './shared';

type Outcome = 'lines';
/** The chart scales amounts in fils; a count of lines is drawn as that many hundredths so the bars keep their proportions. */
const asBar = (count: number) => BigInt(count) * 100n;
const series = [{ key: 'lines' as Outcome, label: 'Statement lines', colour: 'bg-brand-600' }];

export function ReportSection({ accountId }: { accountId: string }) {
  const months = lastMonths(12).reverse();
  const [period, setPeriod] = useState(months[0]!.slice(0, 7));
  const query = useQuery<ReconciliationReportJson>({ queryKey: [reportUrl(accountId, period)] });
  const r = query.data;
  return (
    <Section
      title="Reconciliation report"
      actions={
        <a href={`${reportUrl(accountId, period)}&format=csv`} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
          <Download className="h-4 w-4" aria-hidden="true" /> Download CSV
        </a>
      }
    >
      <Select label="Month" value={period} onChange={setPeriod} options={months.map((m) => ({ value: m.slice(0, 7), label: monthYear(m) }))} className="mb-4 sm:w-56" />
      {query.isLoading ? <Busy>Loading the report…</Busy> : null}
      {query.error ? <ErrorState error={query.error} what="the report" onRetry={() => query.refetch()} retrying={query.isFetching} /> : null}
      {r ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <DefinitionList
              items={[
                { term: 'Opening statement balance', detail: r.openingStatementBalance === null ? 'No statement before this month' : formatAed(r.openingStatementBalance) },
                { term: 'Closing statement balance', detail: formatAed(r.closingStatementBalance) },
                { term: 'Ledger balance', detail: formatAed(r.ledgerBalance) },
                { term: 'Difference', detail: formatAed(r.difference) },
                { term: 'Matched to the books', detail: `${r.matched.count} lines, ${formatAed(r.matched.total)}` },
                { term: 'Entries created here', detail: `${r.created.count} lines, ${formatAed(r.created.total)}` },
                { term: 'Ignored', detail: `${r.ignored.count} lines, ${formatAed(r.ignored.total)}` },
                { term: 'Still unmatched', detail: `${r.unmatched.count} lines, ${formatAed(r.unmatched.total)}` },
                { term: 'In the books, not on a statement', detail: `${r.unreconciledLedger.count} journal lines, ${formatAed(r.unreconciledLedger.total)}` },
              ]}
            />
          </Card>
          <Card className="p-4">
            <StackedBars<Outcome>
              caption={`Statement lines of ${monthYear(r.from)} by outcome`}
              unit="lines"
              series={series}
              format={(v) => `${BigInt(v) / 100n} lines`}
              empty="No statement lines in this month."
              rows={[
                { key: 'matched', label: 'Matched', values: { lines: asBar(r.matched.count) } },
                { key: 'created', label: 'Created here', values: { lines: asBar(r.created.count) } },
                { key: 'ignored', label: 'Ignored', values: { lines: asBar(r.ignored.count) } },
                { key: 'unmatched', label: 'Unmatched', values: { lines: asBar(r.unmatched.count) } },
              ].filter((row) => row.values.lines > 0n)}
            />
          </Card>
        </div>
      ) : null}
    </Section>
  );
}
