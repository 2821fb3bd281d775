/**
 * One journal entry: its lines and totals, its source and history, and what its state allows —
 * post or delete a draft, reverse a posted entry (a new entry dated today, linked both ways).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Send, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ledgerMessages } from '@modules/ledger/contract';
import { api, apiRequest, errorText } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { toast } from '@site/lib/stores/toast';
import { formatDateTime } from '@site/components/admin/format';
import { formatDate, todayInDubai } from '@site/components/admin/ledger/dates';
import { entryHref, ledgerUrl, refreshLedger } from '@site/components/admin/ledger/endpoints';
import { formatFils } from '@site/components/admin/ledger/money';
import { Amount, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import type { JournalEntryJson } from '@site/components/admin/ledger/types';
import { ErrorState } from '@site/components/admin/table/states';
import { Button, Card, DefinitionList } from '@site/components/admin/ui';
import { BASE, StatusBadges, ViewTitle } from './shared';

export function EntryDetail({ id }: { id: string }) {
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
          <ErrorState error={q.error} what="this entry" onRetry={() => void q.refetch()} />
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

