/**
 * Journal entries (/admin/journal-entries): the list (filtered, sorted and paged on the server), one
 * entry with its lines, source and reversal links, and the balanced-lines editor for drafts. Which of
 * the three shows is in the address (?entry=…, ?new=1, ?edit=…), so Back and links work.
 * Posted entries are never edited: a correction is a reversal, dated the day it is made.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowLeft, ArrowUp, ArrowUpDown, NotebookPen, Pencil, Plus, Send, Trash2, Undo2 } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { ledgerMessages } from '@modules/ledger/contract';
import { api, apiRequest, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { useCurrentUser } from '@site/lib/stores/auth';
import { formatDateTime } from '../format';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { Badge, Button, ButtonLink, Card, DefinitionList, EmptyState, ListCard, ScreenIntro, SearchField, Toolbar, cx } from '../ui';
import { formatDate, isIsoDate, todayInDubai } from '../ledger/dates';
import { ACCOUNTS_URL, COST_CENTERS_URL, entryHref, ledgerUrl, refreshLedger } from '../ledger/endpoints';
import { EntryEditor } from '../ledger/EntryEditor';
import { formatFils } from '../ledger/money';
import { Amount, Dialog, ErrorNote, Field, Select } from '../ledger/parts';
import type { AccountsResponse, CostCentersResponse, JournalEntryJson, JournalEntrySummary, Paged } from '../ledger/types';

const BASE = '/admin/journal-entries';

export const sourceLabels: Record<string, string> = {
  'ledger.manual': 'Entered by hand',
  'ledger.reversal': 'Reversal',
  'ledger.year-end': 'Year-end closing',
  'ledger.recurring': 'Recurring entry',
};
const sourceLabel = (module: string) => sourceLabels[module] ?? module;

export default function JournalEntries() {
  const params = new URLSearchParams(useSearch());
  const entry = params.get('entry');
  const edit = params.get('edit');
  const isNew = params.has('new');
  const view = entry ? `entry:${entry}` : edit ? `edit:${edit}` : isNew ? 'new' : 'list';
  const first = useRef(true);
  // Switching between list, entry and editor is a page change: start at the top.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    document.getElementById('je-view-title')?.focus({ preventScroll: true });
  }, [view]);

  if (entry) return <EntryDetail id={entry} />;
  if (edit) return <EditorScreen id={edit} />;
  if (isNew) return <EditorScreen />;
  return <EntryList initialStatus={params.get('status') ?? ''} />;
}

function ViewTitle({ children, back }: { children: ReactNode; back?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {back ? (
        <Link href={BASE} className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-ink">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All entries
        </Link>
      ) : null}
      <h2 id="je-view-title" tabIndex={-1} className="text-xl font-semibold text-ink outline-none" style={{ fontFamily: 'var(--font-display)' }}>
        {children}
      </h2>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// List

type Sort = 'date' | '-date' | 'number' | '-number';

function EntryList({ initialStatus }: { initialStatus: string }) {
  const [status, setStatus] = useState(['draft', 'posted'].includes(initialStatus) ? initialStatus : '');
  const [kind, setKind] = useState('');
  const [source, setSource] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<Sort>('-date');
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => {
      setQ(text.trim());
      setOffset(0);
    }, 350);
    return () => clearTimeout(t);
  }, [text]);
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setOffset(0);
  };
  const datesOk = (!from || isIsoDate(from)) && (!to || isIsoDate(to)) && (!from || !to || from <= to);
  const url = ledgerUrl('/journal-entries', { status, kind, sourceModule: source, from: datesOk ? from : '', to: datesOk ? to : '', q, sort, limit: PAGE_SIZE, offset });
  const list = useQuery<Paged<JournalEntrySummary>>({ queryKey: [url], placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const filtered = Boolean(status || kind || source || from || to || q);

  const sortHeader = (label: string, key: 'date' | 'number') => {
    const current = sort === key ? 'ascending' : sort === `-${key}` ? 'descending' : 'none';
    const Icon = current === 'ascending' ? ArrowUp : current === 'descending' ? ArrowDown : ArrowUpDown;
    return (
      <th scope="col" aria-sort={current} className="whitespace-nowrap px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
        <button
          type="button"
          onClick={() => reset(setSort)(current === 'descending' ? key : (`-${key}` as Sort))}
          className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {label}
          <Icon className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">, sort {current === 'descending' ? 'oldest first' : 'newest first'}</span>
        </button>
      </th>
    );
  };

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
      <ListCard
        toolbar={
          <Toolbar label="Filter journal entries">
            <SearchField label="Search" value={text} onChange={setText} placeholder="Memo, entry number (JE-000012) or source id" />
            <Select label="Status" value={status} onChange={reset(setStatus)} options={[{ value: '', label: 'All statuses' }, { value: 'draft', label: 'Drafts' }, { value: 'posted', label: 'Posted' }]} className="sm:w-40" />
            <Select
              label="Kind"
              value={kind}
              onChange={reset(setKind)}
              options={[{ value: '', label: 'All kinds' }, { value: 'standard', label: 'Standard' }, { value: 'reversal', label: 'Reversals' }, { value: 'closing', label: 'Year-end closing' }]}
              className="sm:w-40"
            />
            <Select
              label="Source"
              value={source}
              onChange={reset(setSource)}
              options={[{ value: '', label: 'All sources' }, ...Object.entries(sourceLabels).map(([value, label]) => ({ value, label }))]}
              className="sm:w-44"
            />
            <Field label="From" type="date" value={from} onChange={reset(setFrom)} className="sm:w-40" error={datesOk ? null : 'The start must be on or before the end.'} />
            <Field label="To" type="date" value={to} onChange={reset(setTo)} className="sm:w-40" />
            {/* Phones have no sortable column headers. */}
            <Select
              label="Sort"
              value={sort}
              onChange={(v) => reset(setSort)(v as Sort)}
              options={[
                { value: '-date', label: 'Newest first' },
                { value: 'date', label: 'Oldest first' },
                { value: '-number', label: 'Highest entry number' },
                { value: 'number', label: 'Lowest entry number' },
              ]}
              className="sm:w-48 md:hidden"
            />
          </Toolbar>
        }
        footer={list.data && list.data.total > 0 ? <Pagination offset={offset} pageCount={items.length} total={list.data.total} shown={items.length} noun={['entry', 'entries']} onOffset={setOffset} busy={list.isFetching} /> : null}
      >
        {list.isError ? (
          <ListError error={list.error} what="journal entries" onRetry={() => void list.refetch()} />
        ) : (
          <>
            {/* Phones: one card per entry. */}
            <ul className={cx('divide-y divide-slate-100 md:hidden', list.isFetching && list.data && 'opacity-60')} aria-label="Journal entries" aria-busy={list.isFetching || undefined}>
              {list.isPending
                ? Array.from({ length: 5 }, (_, i) => (
                    <li key={i} aria-hidden="true" className="px-4 py-3">
                      <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-100" />
                      <span className="mt-2 block h-3 w-2/3 animate-pulse rounded bg-slate-100" />
                    </li>
                  ))
                : items.map((e) => (
                    <li key={e.id}>
                      <Link href={entryHref(e.id)} className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500">
                        <span className="flex items-baseline justify-between gap-3">
                          <span className="font-mono text-xs font-medium text-brand-800">{e.number}</span>
                          <Amount value={e.totals.debit} className="text-sm font-medium text-ink" />
                        </span>
                        <span className="mt-0.5 block truncate text-sm text-slate-800">{e.memo || 'No memo'}</span>
                        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                          {formatDate(e.date)} · {sourceLabel(e.source.module)} <StatusBadges entry={e} />
                        </span>
                      </Link>
                    </li>
                  ))}
            </ul>
            <div className="relative hidden overflow-x-auto md:block" role="region" aria-label="Journal entries" tabIndex={0}>
              <table className={cx('w-full min-w-[860px] border-collapse text-left text-sm', list.isFetching && list.data && 'opacity-60')} aria-busy={list.isFetching || undefined}>
                <caption className="sr-only">Journal entries{filtered ? ', filtered' : ''}</caption>
                <thead>
                  <tr className="border-b border-slate-200 bg-slate-50/70">
                    {sortHeader('Entry', 'number')}
                    {sortHeader('Date', 'date')}
                    <th scope="col" className="px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Memo</th>
                    <th scope="col" className="px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Source</th>
                    <th scope="col" className="px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500">Status</th>
                    <th scope="col" className="whitespace-nowrap px-4 py-2.5 text-right text-xs font-semibold uppercase tracking-wide text-slate-500">Amount (AED)</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.isPending ? (
                    <LoadingRows columns={6} />
                  ) : (
                    items.map((e) => (
                      <tr key={e.id} className="hover:bg-slate-50/70">
                        <td className="whitespace-nowrap px-4 py-3">
                          <Link href={entryHref(e.id)} className="font-mono text-xs font-medium text-brand-800 underline-offset-2 hover:underline">
                            {e.number}
                          </Link>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDate(e.date)}</td>
                        <td className="max-w-[24rem] px-4 py-3 text-slate-800">
                          <span className="line-clamp-2">{e.memo || <span className="text-slate-400">No memo</span>}</span>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-slate-600">{sourceLabel(e.source.module)}</td>
                        <td className="whitespace-nowrap px-4 py-3">
                          <StatusBadges entry={e} />
                        </td>
                        <td className="px-4 py-3 text-right">
                          <Amount value={e.totals.debit} />
                          {e.totals.difference !== '0' ? <span className="block text-xs text-amber-700">off by {formatFils(BigInt(e.totals.difference) < 0n ? -BigInt(e.totals.difference) : BigInt(e.totals.difference))}</span> : null}
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            {list.data && items.length === 0 ? (
              filtered ? (
                <EmptyState icon={NotebookPen} title="No entries match these filters">
                  Clear a filter or widen the dates to see more.
                </EmptyState>
              ) : (
                <EmptyState
                  icon={NotebookPen}
                  title="No journal entries have been posted yet"
                  action={
                    <Link href={`${BASE}?new=1`} className="inline-flex items-center gap-2 rounded-lg bg-brand-800 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-900">
                      <Plus className="h-4 w-4" aria-hidden="true" />
                      New journal entry
                    </Link>
                  }
                >
                  Entries appear here as deposits, investments and fees are booked, or when you record one by hand.
                </EmptyState>
              )
            ) : null}
          </>
        )}
      </ListCard>
    </>
  );
}

function StatusBadges({ entry: e }: { entry: JournalEntrySummary }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {e.status === 'draft' ? <Badge tone="warning">Draft</Badge> : <Badge tone="brand">Posted</Badge>}
      {e.kind === 'reversal' ? <Badge tone="sand">Reversal</Badge> : null}
      {e.kind === 'closing' ? <Badge tone="sand">Year-end</Badge> : null}
      {e.reversedBy ? <Badge>Reversed</Badge> : null}
    </span>
  );
}

// ---------------------------------------------------------------------------------------------
// One entry

function EntryDetail({ id }: { id: string }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const me = useCurrentUser();
  const url = ledgerUrl(`/journal-entries/${encodeURIComponent(id)}`);
  const q = useQuery<JournalEntryJson>({ queryKey: [url] });
  const [confirm, setConfirm] = useState<null | 'reverse' | 'delete'>(null);
  const [busy, setBusy] = useState<null | 'post' | 'reverse' | 'delete'>(null);
  const [error, setError] = useState<string | null>(null);

  if (q.isPending) {
    return (
      <>
        <ViewTitle back>Loading the entry…</ViewTitle>
        <Card className="mt-6 p-6">
          <span className="block h-4 w-1/3 animate-pulse rounded bg-slate-100" />
          <span className="mt-3 block h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        </Card>
      </>
    );
  }
  if (q.isError) {
    return (
      <>
        <ViewTitle back>Journal entry</ViewTitle>
        <Card className="mt-6">
          <ListError error={q.error} what="this entry" onRetry={() => void q.refetch()} />
        </Card>
      </>
    );
  }
  const e = q.data;
  const debit = BigInt(e.totals.debit);
  const difference = BigInt(e.totals.difference);
  const postBlocker = e.lines.length < 2 ? ledgerMessages.tooFewLines : difference !== 0n ? `Debits and credits differ by AED ${formatFils(difference < 0n ? -difference : difference)}. Edit the draft to balance it.` : debit === 0n ? 'The entry has no amounts.' : null;
  const reverseBlocker = e.kind === 'closing' ? ledgerMessages.closingCannotBeReversed : e.reversedBy ? ledgerMessages.alreadyReversed(e.number, e.reversedBy.number) : null;
  const who = (userId: string | null) => (!userId ? 'The system' : me.data && me.data.id === userId ? `You (${me.data.firstName})` : `Administrator ${userId.slice(0, 8)}`);

  async function act(action: 'post' | 'reverse' | 'delete') {
    setBusy(action);
    setError(null);
    try {
      if (action === 'post') {
        const posted = await api.post<JournalEntryJson>(`${url}/post`);
        toast({ title: `${posted.number} posted`, description: 'The entry is in the books. To correct it, reverse it.', variant: 'success' });
      } else if (action === 'reverse') {
        const r = await api.post<{ reversal: JournalEntryJson; original: JournalEntryJson }>(`${url}/reverse`);
        toast({ title: `${r.original.number} reversed`, description: `${r.reversal.number} swaps its debits and credits, dated ${formatDate(r.reversal.date)}.`, variant: 'success' });
        setConfirm(null);
        await refreshLedger(client);
        navigate(entryHref(r.reversal.id));
        return;
      } else {
        // An empty JSON body: the API's body parser refuses a DELETE without a Content-Type.
        await apiRequest('DELETE', url, {});
        toast({ title: `${e.number} deleted`, description: 'The draft is gone; it never affected any balance.', variant: 'success' });
        setConfirm(null);
        await refreshLedger(client);
        navigate(BASE);
        return;
      }
      await refreshLedger(client);
    } catch (err) {
      const message = errorText(err, 'The request failed.');
      setError(message);
      if (confirm === null) toast({ title: action === 'post' ? 'Not posted' : 'Request failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <div className="flex flex-col gap-4 border-b border-slate-200 pb-6 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <ViewTitle back>
            <span className="font-mono">{e.number}</span>
            <span className="sr-only">, {e.status}</span>
          </ViewTitle>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusBadges entry={e} />
            <span>{formatDate(e.date)}</span>
          </div>
          <p className="mt-2 max-w-3xl text-[15px] text-slate-800">{e.memo || <span className="text-slate-400">No memo</span>}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {e.status === 'draft' ? (
            <>
              <Button icon={Trash2} onClick={() => setConfirm('delete')} variant="ghost">
                Delete draft
              </Button>
              <Link href={`${BASE}?edit=${encodeURIComponent(e.id)}`} className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Edit draft
              </Link>
              {postBlocker ? (
                <Button variant="primary" icon={Send} unavailable={postBlocker}>
                  Post entry
                </Button>
              ) : (
                <Button variant="primary" icon={Send} onClick={() => void act('post')} disabled={busy !== null}>
                  {busy === 'post' ? 'Posting…' : 'Post entry'}
                </Button>
              )}
            </>
          ) : reverseBlocker ? (
            <Button icon={Undo2} unavailable={reverseBlocker}>
              Reverse entry
            </Button>
          ) : (
            <Button icon={Undo2} onClick={() => setConfirm('reverse')}>
              Reverse entry
            </Button>
          )}
        </div>
      </div>

      {error && confirm === null ? (
        <div className="mt-4">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
        <Card className="overflow-hidden">
          <div className="relative overflow-x-auto" role="region" aria-label={`Lines of ${e.number}`} tabIndex={0}>
            <table className="w-full min-w-[720px] border-collapse text-left text-sm">
              <caption className="sr-only">Lines of {e.number}</caption>
              <thead>
                <tr className="border-b border-slate-200 bg-slate-50/70 text-xs uppercase tracking-wide text-slate-500">
                  <th scope="col" className="px-4 py-2.5 font-semibold">Account</th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">Line memo</th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">Cost center</th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">Property</th>
                  <th scope="col" className="whitespace-nowrap px-4 py-2.5 text-right font-semibold">Debit (AED)</th>
                  <th scope="col" className="whitespace-nowrap px-4 py-2.5 text-right font-semibold">Credit (AED)</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {e.lines.map((l) => (
                  <tr key={l.lineNo} className="align-top">
                    <td className="px-4 py-3">
                      <Link href={`/admin/erp/accounting-ledger?account=${encodeURIComponent(l.accountCode)}`} className="font-mono text-xs text-brand-800 underline-offset-2 hover:underline">
                        {l.accountCode}
                      </Link>
                      <span className="block text-slate-800">{l.accountName}</span>
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {l.memo ?? ''}
                      {l.currency !== 'AED' && l.originalAmount ? (
                        <span className="block text-xs text-slate-500">
                          {l.currency} {formatFils(l.originalAmount)} at {l.rate} AED
                        </span>
                      ) : null}
                    </td>
                    <td className="px-4 py-3 text-slate-600">{l.costCenter ?? ''}</td>
                    <td className="px-4 py-3 text-slate-600">{l.property ?? ''}</td>
                    <td className="px-4 py-3 text-right"><Amount value={l.debit} blankZero /></td>
                    <td className="px-4 py-3 text-right"><Amount value={l.credit} blankZero /></td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-200 font-semibold text-ink">
                  <th scope="row" colSpan={4} className="px-4 py-3 text-right">
                    Totals
                  </th>
                  <td className="px-4 py-3 text-right"><Amount value={e.totals.debit} /></td>
                  <td className="px-4 py-3 text-right"><Amount value={e.totals.credit} /></td>
                </tr>
                {difference !== 0n ? (
                  <tr>
                    <td colSpan={6} className="bg-amber-50 px-4 py-2 text-right text-sm text-amber-900">
                      Out of balance by AED {formatFils(difference < 0n ? -difference : difference)}: this draft can’t be posted until debits equal credits.
                    </td>
                  </tr>
                ) : null}
              </tfoot>
            </table>
          </div>
        </Card>

        <Card>
          <h3 className="border-b border-slate-100 px-5 py-3 text-sm font-semibold text-ink">Source and history</h3>
          <DefinitionList
            items={[
              { term: 'Source', detail: <SourceDetail entry={e} /> },
              ...(e.reverses ? [{ term: 'Reverses', detail: <Link className="font-mono text-brand-800 underline-offset-2 hover:underline" href={entryHref(e.reverses.id)}>{e.reverses.number}</Link> }] : []),
              ...(e.reversedBy ? [{ term: 'Reversed by', detail: <Link className="font-mono text-brand-800 underline-offset-2 hover:underline" href={entryHref(e.reversedBy.id)}>{e.reversedBy.number}</Link> }] : []),
              { term: 'Recorded by', detail: who(e.createdBy) },
              ...(e.status === 'posted' ? [{ term: 'Posted', detail: `${e.postedAt ? `${formatDateTime(e.postedAt)} by ` : 'By '}${e.postedAt ? who(e.postedBy).replace(/^The system$/, 'the system') : who(e.postedBy)}` }] : [{ term: 'Status', detail: 'Draft: not in any balance or report until posted.' }]),
            ]}
          />
        </Card>
      </div>

      <Dialog
        open={confirm === 'reverse'}
        onClose={() => (setConfirm(null), setError(null))}
        title={`Reverse ${e.number}?`}
        description={
          <>
            A new entry dated today ({formatDate(todayInDubai())}) will post the same lines with debits and credits swapped, bringing every balance this entry moved back where it was. {e.number} stays in the books, linked to its reversal. This can’t be undone; to restore the effect, post a new entry.
          </>
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => (setConfirm(null), setError(null))} stretch>
              Cancel
            </Button>
            <Button variant="primary" icon={Undo2} onClick={() => void act('reverse')} disabled={busy !== null} stretch>
              {busy === 'reverse' ? 'Reversing…' : `Reverse ${e.number}`}
            </Button>
          </>
        }
      >
        {error ? <ErrorNote title="Not reversed">{error}</ErrorNote> : (
          <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
            Amount reversed: <strong className="font-semibold">AED {formatFils(debit)}</strong> across {e.lines.length} {e.lines.length === 1 ? 'line' : 'lines'}.
          </p>
        )}
      </Dialog>
      <Dialog
        open={confirm === 'delete'}
        onClose={() => (setConfirm(null), setError(null))}
        title={`Delete draft ${e.number}?`}
        description="The draft and its lines are removed. Drafts never touched a balance, so no report changes."
        footer={
          <>
            <Button variant="ghost" onClick={() => (setConfirm(null), setError(null))} stretch>
              Keep the draft
            </Button>
            <button
              type="button"
              onClick={() => void act('delete')}
              disabled={busy !== null}
              className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-red-700 px-3.5 py-2 text-sm font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-50 sm:w-auto"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {busy === 'delete' ? 'Deleting…' : 'Delete draft'}
            </button>
          </>
        }
      >
        {error ? <ErrorNote title="Not deleted">{error}</ErrorNote> : null}
      </Dialog>
    </>
  );
}

function SourceDetail({ entry: e }: { entry: JournalEntryJson }) {
  const m = e.source.module;
  if (m === 'ledger.manual') return <span>Entered by hand in the back office</span>;
  if (m === 'ledger.reversal') return <span>Reversal{e.reverses ? <> of <Link className="font-mono text-brand-800 underline-offset-2 hover:underline" href={entryHref(e.reverses.id)}>{e.reverses.number}</Link></> : null}</span>;
  if (m === 'ledger.year-end') return <span>Year-end closing: income and expenses moved into retained earnings</span>;
  if (m === 'ledger.recurring') return <span>Posted by a recurring entry <span className="font-mono text-xs text-slate-500">({e.source.id})</span></span>;
  return (
    <span>
      <span className="font-medium">{m}</span>
      <span className="mt-0.5 block break-all font-mono text-xs text-slate-500">{e.source.id}</span>
    </span>
  );
}

// ---------------------------------------------------------------------------------------------
// Editor

function EditorScreen({ id }: { id?: string }) {
  const [, navigate] = useLocation();
  const accounts = useQuery<AccountsResponse>({ queryKey: [ACCOUNTS_URL] });
  const centers = useQuery<CostCentersResponse>({ queryKey: [COST_CENTERS_URL] });
  const entry = useQuery<JournalEntryJson>({ queryKey: [ledgerUrl(`/journal-entries/${encodeURIComponent(id ?? '')}`)], enabled: !!id });
  const loading = accounts.isPending || centers.isPending || (!!id && entry.isPending);
  const failed = accounts.error ?? centers.error ?? (id ? entry.error : null);
  const title = id ? (entry.data ? `Edit draft ${entry.data.number}` : 'Edit draft') : 'New journal entry';
  const accountList = useMemo(() => accounts.data?.items ?? [], [accounts.data]);

  return (
    <>
      <ScreenIntro description="Enter the lines of the booking: every line takes a debit or a credit, and the entry can be posted once debits equal credits. Save it as a draft to finish later; a draft changes no balance." />
      <div className="mt-6">
        <ViewTitle back>{title}</ViewTitle>
      </div>
      <Card className="mt-4 p-4 sm:p-6">
        {failed ? (
          <ListError error={failed} what="what the editor needs" onRetry={() => void Promise.all([accounts.refetch(), centers.refetch(), id ? entry.refetch() : null])} />
        ) : loading ? (
          <p role="status" className="py-10 text-center text-sm text-slate-500">
            Loading the chart of accounts…
          </p>
        ) : entry.data && entry.data.status !== 'draft' ? (
          <div className="space-y-4">
            <ErrorNote>{ledgerMessages.entryNotDraft(entry.data.number)}</ErrorNote>
            <Link href={entryHref(entry.data.id)} className="text-sm font-medium text-brand-800 underline underline-offset-2">
              Open {entry.data.number}
            </Link>
          </div>
        ) : (
          <EntryEditor
            key={id ?? 'new'}
            entry={entry.data ?? null}
            accounts={accountList}
            costCenters={centers.data?.items ?? []}
            onCancel={() => navigate(id ? entryHref(id) : BASE)}
            onDone={({ entry: saved }) => navigate(entryHref(saved.id))}
          />
        )}
      </Card>
    </>
  );
}
