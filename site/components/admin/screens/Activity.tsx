import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Activity as ActivityIcon, ChevronDown, ChevronRight, Download, RefreshCw } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import type { AuditEntryJson } from '../../../../modules/audit/contract';
import { formatDateTime } from '../format';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, Toolbar } from '../ui';

const columns = [
  { key: 'when', label: 'When (UAE time)' },
  { key: 'who', label: 'Who' },
  { key: 'event', label: 'Event' },
  { key: 'detail', label: 'Details' },
  { key: 'ip', label: 'IP address' },
];

/** Action prefixes the log groups by (the `action` filter accepts a prefix ending in a dot). */
const EVENT_GROUPS = [
  { value: 'kyc.', label: 'Verification decisions' },
  { value: 'wallet.', label: 'Wallet movements' },
  { value: 'investment.', label: 'Investments' },
  { value: 'property.', label: 'Properties' },
  { value: 'ledger.', label: 'Accounting' },
  { value: 'budget.', label: 'Budgets' },
  { value: 'screening.', label: 'Screening lists' },
  { value: 'settings.', label: 'Settings changes' },
];

const PERIODS = [
  { value: '1', label: 'Today' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

const dubaiDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(d);

function groupTone(action: string): 'brand' | 'sand' | 'neutral' | 'danger' | 'success' {
  if (action.startsWith('kyc.')) return 'brand';
  if (action.startsWith('wallet.') || action.startsWith('investment.')) return 'success';
  if (action.startsWith('ledger.') || action.startsWith('budget.')) return 'sand';
  if (action.endsWith('.delete') || action.endsWith('.reject')) return 'danger';
  return 'neutral';
}

/** The debounced value, so typing in the search box asks the server once per pause, not per key. */
function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export default function Activity() {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState('');
  const [period, setPeriod] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const q = useDebounced(search.trim());

  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (group) params.set('action', group);
  if (period) params.set('from', dubaiDate(new Date(Date.now() - (Number(period) - 1) * 86_400_000)));
  const filterQuery = params.toString();
  useEffect(() => setOffset(0), [filterQuery]);

  const url = `/api/admin/audit?${filterQuery ? `${filterQuery}&` : ''}limit=${PAGE_SIZE}&offset=${offset}`;
  const list = useQuery<{ items: AuditEntryJson[]; total: number }>({ queryKey: [url], placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = Boolean(filterQuery);

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="the activity log" onRetry={() => void list.refetch()} />;
  else if (!filtered)
    empty = (
      <EmptyState icon={ActivityIcon} title="No activity recorded yet">
        Every decision and change made in this back office is listed here with who made it, when, and from where. Nothing has been done yet.
      </EmptyState>
    );
  else
    empty = (
      <EmptyState title="Nothing matches these filters">
        No recorded action matches the search, event type or period. Widen the period or clear the filters.
      </EmptyState>
    );

  return (
    <>
      <ScreenIntro
        description="The audit trail of this back office: every decision and change, who made it, when and from where. It is append-only — the database refuses to change or delete a record."
        actions={
          <>
            <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
            <a
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              href={`/api/admin/audit/export${filterQuery ? `?${filterQuery}` : ''}`}
              download
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </a>
          </>
        }
      />
      <ListCard
        toolbar={
          <Toolbar label="Filter the activity log">
            <SearchField label="Search" value={search} onChange={setSearch} placeholder="Person, reference or words in the event" />
            <SelectField label="Event" value={group} onChange={setGroup} options={[{ value: '', label: 'All events' }, ...EVENT_GROUPS]} className="sm:w-56" />
            <SelectField label="Period" value={period} onChange={setPeriod} options={[{ value: '', label: 'Any time' }, ...PERIODS]} className="sm:w-44" />
          </Toolbar>
        }
        footer={
          list.data && total > 0 ? (
            <Pagination offset={offset} pageCount={items.length} total={total} shown={items.length} noun={['event', 'events']} onOffset={setOffset} busy={list.isFetching} />
          ) : null
        }
      >
        {list.isPending ? (
          <p className="sr-only" role="status">
            Loading the activity log…
          </p>
        ) : null}
        <DataTable caption="Activity log" columns={columns} empty={empty} minWidth={760}>
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} />]
            : list.isError
              ? []
              : items.map((r) => {
                  const expanded = open === r.id;
                  return (
                    <Fragment key={r.id}>
                      <tr className="align-top hover:bg-slate-50/70">
                        <td className="whitespace-nowrap px-4 py-3 text-slate-600 tabular-nums">
                          <time dateTime={r.at}>{formatDateTime(r.at)}</time>
                        </td>
                        <td className="px-4 py-3 font-medium text-ink">{r.actorLabel === 'system' ? <span className="text-slate-500">Manzil (automatic)</span> : r.actorLabel}</td>
                        <td className="whitespace-nowrap px-4 py-3">
                          <Badge tone={groupTone(r.action)}>{r.action}</Badge>
                        </td>
                        <td className="px-4 py-3">
                          <button
                            type="button"
                            className="flex items-start gap-1.5 text-left text-ink hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                            aria-expanded={expanded}
                            onClick={() => setOpen(expanded ? null : r.id)}
                          >
                            {expanded ? <ChevronDown className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
                            <span>{r.summary}</span>
                          </button>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 font-mono text-xs text-slate-500">{r.ip ?? '—'}</td>
                      </tr>
                      {expanded ? (
                        <tr className="bg-slate-50/70">
                          <td colSpan={columns.length} className="px-4 pb-4 pt-1">
                            <dl className="grid gap-x-6 gap-y-1 text-xs text-slate-600 sm:grid-cols-[10rem_1fr]">
                              <dt className="font-semibold">Record</dt>
                              <dd className="font-mono">
                                {r.entityType}
                                {r.entityId ? ` · ${r.entityId}` : ''}
                              </dd>
                              <dt className="font-semibold">Details</dt>
                              <dd>
                                <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-white p-2 font-mono text-[11px] ring-1 ring-slate-200">{JSON.stringify(r.details, null, 2)}</pre>
                              </dd>
                            </dl>
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
        </DataTable>
      </ListCard>
    </>
  );
}
