/**
 * Recurring entries: monthly journal templates on the one admin table (GET /api/admin/ledger/recurring-entries,
 * the list contract, CSV from /export), each with its next three run dates worked out here by the same rule
 * the server posts by. Create one, pause or resume it, delete it (what it posted stays in the books), and
 * run every due month now, with what was posted and what could not be.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Pause, Play, Plus, Repeat, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { entryHref, ledgerUrl, refreshLedger } from '@site/components/admin/ledger/endpoints';
import { Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { AdminTable, col, StatusCell, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { formatDate, todayInDubai } from '@modules/platform/dates';
import { nextRunDates, type RecurringEntryJson, type RecurringRunReport } from '../../recurring-contract';
import { RecurringForm } from './recurring-form';

const ENDPOINT = ledgerUrl('/recurring-entries');
const FILTERS: FilterDef[] = [{ type: 'select', key: 'status', label: 'Status', all: 'Active and paused', options: [{ value: 'active', label: 'Active' }, { value: 'paused', label: 'Paused' }] }];

const ordinal = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

function RunReport({ report, names }: { report: RecurringRunReport; names: Map<string, string> }) {
  const name = (id: string) => names.get(id) ?? 'A recurring entry';
  return (
    <div role="status" className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm">
      <p className="font-medium text-ink">
        Run for entries due up to {formatDate(report.asOf)}:{' '}
        {report.posted.length === 0 && report.failed.length === 0 ? 'nothing was due.' : `${report.posted.length} posted${report.failed.length ? `, ${report.failed.length} could not be posted` : ''}.`}
      </p>
      {report.posted.length ? (
        <ul className="mt-2 space-y-1 text-slate-700">
          {report.posted.map((p) => (
            <li key={p.entryId}>
              <Link href={entryHref(p.entryId)} className="font-mono text-brand-800 hover:underline">
                {p.number}
              </Link>{' '}
              {name(p.templateId)}, {p.month}
            </li>
          ))}
        </ul>
      ) : null}
      {report.failed.length ? (
        <ul className="mt-2 space-y-1 text-red-800">
          {report.failed.map((f) => (
            <li key={`${f.templateId}:${f.month}`}>
              {name(f.templateId)}, {f.month}: {f.message} It will be tried again on the next run.
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function RecurringEntriesPanel() {
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<RecurringEntryJson | null>(null);
  const [report, setReport] = useState<RecurringRunReport | null>(null);
  // The run report names templates by id: their names come from the list (every template, at most 200).
  const all = useQuery<{ items: RecurringEntryJson[] }>({ queryKey: [ledgerUrl('/recurring-entries', { limit: 200 })], enabled: !!report });
  const names = useMemo(() => new Map((all.data?.items ?? []).map((t) => [t.id, t.name])), [all.data]);
  const today = todayInDubai();

  const toggle = useMutation({
    mutationFn: (t: RecurringEntryJson) => api.patch<RecurringEntryJson>(ledgerUrl(`/recurring-entries/${t.id}`), { active: !t.active }),
    onSuccess: async (t) => {
      toast({ title: t.active ? `“${t.name}” resumed` : `“${t.name}” paused`, description: t.active ? 'Its due months post on the next run.' : 'It posts nothing until resumed.', variant: 'success' });
      await refreshLedger(client);
    },
    onError: (err) => toast({ title: 'Not changed', description: errorText(err, 'Please try again.'), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: (t: RecurringEntryJson) => api.delete<{ message: string }>(ledgerUrl(`/recurring-entries/${t.id}`)),
    onSuccess: async (r, t) => {
      toast({ title: `“${t.name}” deleted`, description: r.message, variant: 'success' });
      setDeleting(null);
      await refreshLedger(client);
    },
  });
  const run = useMutation({
    mutationFn: () => api.post<RecurringRunReport>(ledgerUrl('/recurring-entries/run'), {}),
    onSuccess: async (r) => {
      setReport(r);
      await refreshLedger(client);
    },
    onError: (err) => toast({ title: 'The run did not complete', description: errorText(err, 'Please try again.'), variant: 'destructive' }),
  });

  const columns = useMemo(
    () => [
      col.custom<RecurringEntryJson>(
        'name',
        'Name',
        (t) => (
          <>
            <span className="block font-medium text-ink">{t.name}</span>
            {t.memo ? <span className="block text-xs text-slate-500">{t.memo}</span> : null}
          </>
        ),
        { sort: 'name', className: 'min-w-56' },
      ),
      col.custom<RecurringEntryJson>('day', 'Day', (t) => <span className="whitespace-nowrap">{t.dayOfMonth === 31 ? 'Last day' : ordinal(t.dayOfMonth)}</span>, { sort: 'dayOfMonth' }),
      col.custom<RecurringEntryJson>('period', 'Runs', (t) => <span className="whitespace-nowrap">{formatDate(t.startDate)} – {t.endDate ? formatDate(t.endDate) : 'no end'}</span>, { sort: 'startDate' }),
      col.custom<RecurringEntryJson>('status', 'Status', (t) => <StatusCell value={t.active ? 'active' : 'paused'} label={t.active ? 'Active' : 'Paused'} tone={t.active ? 'success' : 'neutral'} />),
      col.dateTime<RecurringEntryJson>('lastRunAt', 'Last run', (t) => t.lastRunAt, { sort: 'lastRunAt' }),
      col.custom<RecurringEntryJson>('next', 'Next runs', (t) => {
        const next = nextRunDates(t, today);
        return next.length ? <span className="whitespace-nowrap text-slate-700">{next.map(formatDate).join(', ')}</span> : <span className="text-slate-400">{t.active ? 'Finished' : 'Paused'}</span>;
      }),
      col.custom<RecurringEntryJson>(
        'actions',
        'Actions',
        (t) => (
          <div className="flex justify-end gap-2">
            <Button icon={t.active ? Pause : Play} onClick={() => toggle.mutate(t)} disabled={toggle.isPending}>
              {t.active ? 'Pause' : 'Resume'}
              <span className="sr-only"> {t.name}</span>
            </Button>
            <Button icon={Trash2} onClick={() => setDeleting(t)}>
              Delete<span className="sr-only"> {t.name}</span>
            </Button>
          </div>
        ),
        { align: 'right' },
      ),
    ],
    [today, toggle],
  );

  return (
    <section aria-labelledby="ledger-recurring-title" className="space-y-4">
      <div>
        <h2 id="ledger-recurring-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
          Recurring entries
        </h2>
        <p className="mt-0.5 max-w-3xl text-sm text-slate-500">
          Journal entries that repeat every month, such as rent, depreciation or accruals. Running the due entries posts every month that has come due and not yet posted, once each; a month that cannot post (a closed period) is retried on the next run.
        </p>
      </div>
      {creating ? <RecurringForm onDone={() => setCreating(false)} /> : null}
      {report ? <RunReport report={report} names={names} /> : null}
      <AdminTable<RecurringEntryJson>
        endpoint={ENDPOINT}
        caption="Recurring entries"
        columns={columns}
        rowKey={(t) => t.id}
        noun={['recurring entry', 'recurring entries']}
        search={{ placeholder: 'Name or memo' }}
        filters={FILTERS}
        defaultSort="name"
        minWidth={980}
        urlPrefix="recurring."
        actions={
          <>
            <Button icon={Plus} onClick={() => setCreating(true)} disabled={creating}>
              New recurring entry
            </Button>
            <Button variant="primary" icon={CalendarClock} onClick={() => run.mutate()} disabled={run.isPending}>
              {run.isPending ? 'Running…' : 'Run due entries now'}
            </Button>
          </>
        }
        empty={{ icon: Repeat, title: 'No recurring entries yet', body: 'Create one for an entry you post every month, such as office rent or a depreciation charge.' }}
      />
      <Dialog
        open={!!deleting}
        onClose={() => !remove.isPending && setDeleting(null)}
        title={deleting ? `Delete “${deleting.name}”?` : 'Delete'}
        description="It will post nothing more. The entries it already posted stay in the books; reverse one of them if it was wrong."
        footer={
          <>
            <Button onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => deleting && remove.mutate(deleting)} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete recurring entry'}
            </Button>
          </>
        }
      >
        {remove.isError ? <ErrorNote>{errorText(remove.error, 'The recurring entry was not deleted.')}</ErrorNote> : null}
      </Dialog>
    </section>
  );
}
