/**
 * Fiscal periods (GET /api/admin/ledger/periods?year=): the year and its twelve months, open or closed, who
 * closed each and when. A month closes in one click and reopens only with a reason (kept in the audit log);
 * the year closes after it has ended, behind a confirmation that says what the closing entry does.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Lock, LockOpen, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { entryHref, ledgerUrl, refreshLedger } from '@site/components/admin/ledger/endpoints';
import { Busy, ErrorNote, Select } from '@site/components/admin/ledger/parts';
import { Badge, Button, Card } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { formatDateLong, formatDateTime, todayInDubai } from '@modules/platform/dates';
import type { MonthPeriodResult, PeriodJson, PeriodsJson } from '../../periods-contract';
import { CloseYearDialog, ReopenDialog } from './period-dialogs';

const thisYear = () => Number(todayInDubai().slice(0, 4));

function ClosedBy({ period }: { period: PeriodJson }) {
  if (period.status !== 'closed') return <span className="text-slate-400">–</span>;
  return (
    <>
      <span className="block text-ink">{period.closedByName ?? 'System'}</span>
      {period.closedAt ? <span className="block text-xs text-slate-500">{formatDateTime(period.closedAt)}</span> : null}
    </>
  );
}

function YearCard({ year, onClose }: { year: PeriodJson; onClose: () => void }) {
  const ended = todayInDubai() > year.end;
  const closed = year.status === 'closed';
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 className="text-base font-semibold text-ink">{year.label}</h3>
          <p className="mt-1 text-sm text-slate-600">
            {formatDateLong(year.start)} to {formatDateLong(year.end)} · {year.postedEntries.toLocaleString('en-US')} posted entries
            {year.draftEntries ? `, ${year.draftEntries.toLocaleString('en-US')} drafts` : ''}
          </p>
          {closed ? (
            <p className="mt-2 text-sm text-slate-700">
              Closed by {year.closedByName ?? 'the system'}
              {year.closedAt ? ` on ${formatDateTime(year.closedAt)}` : ''}.{' '}
              {year.closingEntry ? (
                <>
                  Closing entry{' '}
                  <Link href={entryHref(year.closingEntry.id)} className="font-mono font-medium text-brand-800 hover:underline">
                    {year.closingEntry.number}
                  </Link>
                  .
                </>
              ) : (
                'The year had no income or expenses, so no closing entry was needed.'
              )}
            </p>
          ) : !ended ? (
            <p className="mt-2 text-sm text-slate-500">The year can be closed once it has ended, from 1 January {Number(year.period) + 1}.</p>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <Badge tone={closed ? 'neutral' : 'success'}>{closed ? 'Closed' : 'Open'}</Badge>
          {!closed && ended ? (
            <Button variant="primary" icon={Lock} onClick={onClose}>
              Close year {year.period}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

export function PeriodsPanel() {
  const client = useQueryClient();
  const [year, setYear] = useState(thisYear);
  const [reopening, setReopening] = useState<PeriodJson | null>(null);
  const [closingYear, setClosingYear] = useState(false);
  const url = ledgerUrl('/periods', { year });
  const periods = useQuery<PeriodsJson>({ queryKey: [url] });
  const closeMonth = useMutation({
    mutationFn: (month: PeriodJson) => api.post<MonthPeriodResult>(ledgerUrl(`/periods/${month.period}/close`)),
    onSuccess: async ({ period }) => {
      toast({ title: `${period.label} closed`, description: 'Nothing dated in this month can be posted until it is reopened.', variant: 'success' });
      await refreshLedger(client);
    },
    onError: (err, month) => toast({ title: `${month.label} was not closed`, description: errorText(err, 'Please try again.'), variant: 'destructive' }),
  });

  const years = Array.from({ length: 8 }, (_, i) => thisYear() + 1 - i);
  return (
    <section aria-labelledby="ledger-periods-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="ledger-periods-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            Fiscal periods
          </h2>
          <p className="mt-0.5 max-w-3xl text-sm text-slate-500">
            Close a month once its books are final: entries dated in a closed month are refused. Reopen it, with a reason, to post a late correction. Close the year after it ends to move its profit to retained earnings.
          </p>
        </div>
        <Select className="w-40" label="Fiscal year" value={String(year)} onChange={(v) => setYear(Number(v))} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
      </div>

      {periods.isPending ? (
        <Busy>Loading the periods of {year}…</Busy>
      ) : periods.isError ? (
        <div className="space-y-3">
          <ErrorNote title="The periods could not be loaded">{errorText(periods.error, 'Please try again.')}</ErrorNote>
          <Button icon={RefreshCw} onClick={() => void periods.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <YearCard year={periods.data.year} onClose={() => setClosingYear(true)} />
          <Card className="overflow-x-auto">
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">Months of {year}</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-3">Month</th>
                  <th scope="col" className="px-4 py-3">Status</th>
                  <th scope="col" className="px-4 py-3 text-right">Posted</th>
                  <th scope="col" className="px-4 py-3 text-right">Drafts</th>
                  <th scope="col" className="px-4 py-3">Closed by</th>
                  <th scope="col" className="px-4 py-3 text-right">Action</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {periods.data.months.map((m) => (
                  <tr key={m.period}>
                    <th scope="row" className="px-4 py-3 text-left font-medium text-ink">{m.label}</th>
                    <td className="px-4 py-3">
                      <Badge tone={m.status === 'closed' ? 'neutral' : 'success'}>{m.status === 'closed' ? 'Closed' : 'Open'}</Badge>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{m.postedEntries.toLocaleString('en-US')}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{m.draftEntries ? m.draftEntries.toLocaleString('en-US') : <span className="text-slate-400">–</span>}</td>
                    <td className="px-4 py-3">
                      <ClosedBy period={m} />
                    </td>
                    <td className="px-4 py-3 text-right">
                      {periods.data.year.status === 'closed' ? (
                        <span className="text-xs text-slate-500">Year closed</span>
                      ) : m.status === 'closed' ? (
                        <Button icon={LockOpen} onClick={() => setReopening(m)}>
                          Reopen<span className="sr-only"> {m.label}</span>
                        </Button>
                      ) : (
                        <Button icon={CalendarCheck} onClick={() => closeMonth.mutate(m)} disabled={closeMonth.isPending}>
                          Close month<span className="sr-only"> {m.label}</span>
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <CloseYearDialog open={closingYear} year={periods.data.year} onClose={() => setClosingYear(false)} />
        </>
      )}
      <ReopenDialog month={reopening} onClose={() => setReopening(null)} />
    </section>
  );
}
