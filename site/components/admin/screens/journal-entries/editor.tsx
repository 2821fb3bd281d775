/** The balanced-lines editor for a new entry or a draft (?new=1, ?edit={id}); a posted entry is never edited. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { ledgerMessages } from '@modules/ledger/contract';
import { EntryEditor } from '@site/components/admin/ledger/EntryEditor';
import { ACCOUNTS_URL, COST_CENTERS_URL, entryHref, ledgerUrl } from '@site/components/admin/ledger/endpoints';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import type { AccountsResponse, CostCentersResponse, JournalEntryJson } from '@site/components/admin/ledger/types';
import { ErrorState } from '@site/components/admin/table/states';
import { Card, ScreenIntro } from '@site/components/admin/ui';
import { BASE, ViewTitle } from './shared';

export function EditorScreen({ id }: { id?: string }) {
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
          <ErrorState error={failed} what="what the editor needs" onRetry={() => void Promise.all([accounts.refetch(), centers.refetch(), id ? entry.refetch() : null])} />
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
