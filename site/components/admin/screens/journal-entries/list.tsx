/**
 * The journal-entry list on the one admin table: search (memo, entry number, source), status, kind,
 * source and date filters, sort by entry number or date, and the CSV of the whole filtered set, all
 * from GET /api/admin/ledger/journal-entries (the list contract).
 */
import { NotebookPen, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '@site/components/admin/ledger/dates';
import { entryHref } from '@site/components/admin/ledger/endpoints';
import { formatFils } from '@site/components/admin/ledger/money';
import { Amount } from '@site/components/admin/ledger/parts';
import type { JournalEntrySummary } from '@site/components/admin/ledger/types';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { ButtonLink, ScreenIntro } from '@site/components/admin/ui';
import { BASE, ENTRIES_ENDPOINT, StatusBadges, sourceLabel, sourceLabels } from './shared';

const abs = (v: bigint) => (v < 0n ? -v : v);

const columns = [
  col.custom<JournalEntrySummary>(
    'number',
    'Entry',
    (e) => (
      <Link href={entryHref(e.id)} className="font-mono text-xs font-medium text-brand-800 underline-offset-2 hover:underline">
        {e.number}
      </Link>
    ),
    { sort: 'number', sortFirst: 'desc', className: 'whitespace-nowrap' },
  ),
  col.custom<JournalEntrySummary>('date', 'Date', (e) => <span className="whitespace-nowrap text-slate-600">{formatDate(e.date)}</span>, { sort: 'date', sortFirst: 'desc' }),
  col.custom<JournalEntrySummary>('memo', 'Memo', (e) => <span className="line-clamp-2">{e.memo || <span className="text-slate-400">No memo</span>}</span>, {
    className: 'max-w-[24rem] text-slate-800',
  }),
  col.text<JournalEntrySummary>('source', 'Source', (e) => sourceLabel(e.source.module), { className: 'whitespace-nowrap text-slate-600' }),
  col.custom<JournalEntrySummary>('status', 'Status', (e) => <StatusBadges entry={e} />, { className: 'whitespace-nowrap' }),
  col.custom<JournalEntrySummary>(
    'amount',
    'Amount (AED)',
    (e) => (
      <>
        <Amount value={e.totals.debit} />
        {e.totals.difference !== '0' ? <span className="block text-xs text-amber-700">off by {formatFils(abs(BigInt(e.totals.difference)))}</span> : null}
      </>
    ),
    { align: 'right' },
  ),
];

const filters: FilterDef[] = [
  {
    type: 'select',
    key: 'status',
    label: 'Status',
    all: 'All statuses',
    options: [
      { value: 'draft', label: 'Drafts' },
      { value: 'posted', label: 'Posted' },
    ],
  },
  {
    type: 'select',
    key: 'kind',
    label: 'Kind',
    all: 'All kinds',
    options: [
      { value: 'standard', label: 'Standard' },
      { value: 'reversal', label: 'Reversals' },
      { value: 'closing', label: 'Year-end closing' },
    ],
  },
  { type: 'select', key: 'sourceModule', label: 'Source', all: 'All sources', options: Object.entries(sourceLabels).map(([value, label]) => ({ value, label })) },
  { type: 'dateRange', label: 'Dated between', from: 'from', to: 'to' },
];

export function EntryList() {
  return (
    <>
      <ScreenIntro
        description="Every booking in Manzil’s ledger: entered by hand here, or posted by deposits, investments, fees and payouts with their source. Drafts can be edited; posted entries are corrected by reversal."
        actions={
          <ButtonLink href={`${BASE}?new=1`} variant="primary" icon={Plus}>
            New journal entry
          </ButtonLink>
        }
      />
      <AdminTable<JournalEntrySummary>
        endpoint={ENTRIES_ENDPOINT}
        caption="Journal entries"
        columns={columns}
        rowKey={(e) => e.id}
        noun={['entry', 'entries']}
        search={{ placeholder: 'Memo, entry number (JE-000012) or source id' }}
        filters={filters}
        defaultSort="-date"
        minWidth={860}
        empty={{
          icon: NotebookPen,
          title: 'No journal entries have been posted yet',
          body: (
            <>
              Entries appear here as deposits, investments and fees are booked, or when you{' '}
              <Link href={`${BASE}?new=1`} className="font-medium text-brand-800 underline underline-offset-2">
                record one by hand
              </Link>
              .
            </>
          ),
        }}
      />
    </>
  );
}
