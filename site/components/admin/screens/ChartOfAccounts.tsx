/**
 * The chart of accounts (/admin/erp/accounting and /admin/chart-of-accounts): the ledger's accounts as
 * a keyboard-navigable tree grid with type badges, group and posting accounts, balances rolled up into
 * groups, and create, edit, archive, restore and delete. Rules the server enforces (an account with
 * journal lines can't be deleted, one with a balance can't be archived) are explained before you try,
 * and the server's own message is shown if it still refuses.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronsDownUp, ChevronsUpDown, ListTree, Plus } from 'lucide-react';
import { ACCOUNT_TYPES, BALANCE_SHEET_TYPES, accountTypeLabels, ledgerMessages } from '@modules/ledger/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { ErrorState, SkeletonRows } from '../table/states';
import { Button, EmptyState, ListCard, ScreenIntro, SearchField, Toolbar, cx } from '../ui';
import { formatDate, todayInDubai } from '../ledger/dates';
import { ledgerUrl, refreshLedger } from '../ledger/endpoints';
import { formatFils, toFils } from '../ledger/money';
import { Select } from '../ledger/parts';
import { branchCodes, buildAccountTree, filterTree, rollUpBalances, treeKey, visibleRows, type TreeRow } from '../ledger/tree';
import type { AccountJson, AccountsResponse, TrialBalanceResponse } from '../ledger/types';
import { type Editing } from '../ledger/account-labels';
import { AccountRow } from '../ledger/AccountRow';
import { AccountDialog } from '../ledger/AccountForm';
import { DeleteDialog } from '../ledger/DeleteAccountDialog';

export default function ChartOfAccounts() {
  const client = useQueryClient();
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AccountJson | null>(null);
  const [busyCode, setBusyCode] = useState<string | null>(null);
  const gridRef = useRef<HTMLTableSectionElement>(null);

  const url = ledgerUrl('/accounts/options', { includeArchived: showArchived ? 'true' : 'false', type });
  const accounts = useQuery<AccountsResponse>({ queryKey: [url] });
  // Every account's balance today: the trial balance's closing column (its cost grows with accounts, not lines).
  const today = todayInDubai();
  const tb = useQuery<TrialBalanceResponse>({ queryKey: [ledgerUrl('/trial-balance', { to: today })] });
  // The whole chart, archived included, for parents and the rules (an archived account's children, …).
  const all = useQuery<AccountsResponse>({ queryKey: [ledgerUrl('/accounts/options', { includeArchived: 'true' })] });

  const items = accounts.data?.items ?? [];
  const fullTree = useMemo(() => buildAccountTree(items), [items]);
  const q = query.trim().toLowerCase();
  const tree = useMemo(() => (q ? filterTree(fullTree, (a) => a.code.toLowerCase().includes(q) || a.name.toLowerCase().includes(q)) : fullTree), [fullTree, q]);
  // Open the top two levels the first time, everything while searching.
  const open = useMemo(() => {
    if (q) return new Set(branchCodes(tree));
    if (expanded) return expanded;
    return new Set(fullTree.flatMap((r) => [r.account.code]));
  }, [q, tree, expanded, fullTree]);
  const rows = visibleRows(tree, open);
  const activeCode = active && rows.some((r) => r.account.code === active) ? active : (rows[0]?.account.code ?? null);

  const netDebit = useMemo(() => new Map((tb.data?.rows ?? []).map((r) => [r.accountCode, toFils(r.debit) - toFils(r.credit)])), [tb.data]);
  const hasActivity = useMemo(
    () => new Set((tb.data?.rows ?? []).filter((r) => r.opening.debit !== '0' || r.opening.credit !== '0' || r.movement.debit !== '0' || r.movement.credit !== '0' || r.debit !== '0' || r.credit !== '0').map((r) => r.accountCode)),
    [tb.data],
  );
  const balances = useMemo(() => rollUpBalances(fullTree, netDebit), [fullTree, netDebit]);
  const everything = all.data?.items ?? items;
  const childrenOf = useMemo(() => {
    const m = new Map<string, AccountJson[]>();
    for (const a of everything) if (a.parent) m.set(a.parent, [...(m.get(a.parent) ?? []), a]);
    return m;
  }, [everything]);

  const setOpen = (next: Set<string>) => setExpanded(next);
  const toggle = (code: string) => {
    const next = new Set(open);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    setOpen(next);
  };

  const focusRow = (code: string) => {
    setActive(code);
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLElement>(`tr[data-code="${CSS.escape(code)}"]`)?.focus());
  };

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: TreeRow) => {
    if (e.target !== e.currentTarget) return; // keys inside an action button are the button's
    if ((e.key === 'Enter' || e.key === ' ') && row.hasChildren) {
      e.preventDefault();
      toggle(row.account.code);
      return;
    }
    const r = treeKey(e.key, rows, row.account.code, open);
    if (!r) return;
    e.preventDefault();
    if (!q) setOpen(r.expanded);
    if (r.active !== row.account.code) focusRow(r.active);
  };

  /** Why an account can't be archived right now, or null. */
  const archiveBlocker = (a: AccountJson): string | null => {
    if ((childrenOf.get(a.code) ?? []).some((c) => !c.archived)) return ledgerMessages.accountHasChildren(a.code);
    if (BALANCE_SHEET_TYPES.includes(a.type) && !a.isGroup) {
      const b = netDebit.get(a.code) ?? 0n;
      if (b !== 0n) return ledgerMessages.accountHasBalance(a.code, formatFils(b < 0n ? -b : b));
    }
    return null;
  };
  /** Why an account can't be deleted, or null (the server has the last word: it checks every line ever posted). */
  const deleteBlocker = (a: AccountJson): string | null => {
    if ((childrenOf.get(a.code) ?? []).length) return ledgerMessages.accountHasChildren(a.code);
    if (hasActivity.has(a.code)) return ledgerMessages.accountHasPostings(a.code);
    return null;
  };

  async function setArchived(a: AccountJson, archived: boolean) {
    setBusyCode(a.code);
    try {
      await api.patch(ledgerUrl(`/accounts/${encodeURIComponent(a.code)}`), { archived });
      await refreshLedger(client);
      toast({
        title: archived ? `${a.code} archived` : `${a.code} restored`,
        description: archived ? `${a.name} no longer takes new lines. Its history stays in every report.` : `${a.name} takes new lines again.`,
        variant: 'success',
      });
    } catch (err) {
      toast({ title: archived ? "Couldn't archive the account" : "Couldn't restore the account", description: errorText(err, 'Request failed'), variant: 'destructive' });
    } finally {
      setBusyCode(null);
    }
  }

  const counts = useMemo(() => {
    const posting = items.filter((a) => !a.isGroup).length;
    return { total: items.length, posting, groups: items.length - posting, archived: items.filter((a) => a.archived).length };
  }, [items]);

  return (
    <>
      <ScreenIntro
        description="Every account a journal line can post to, grouped into assets, liabilities, equity, income and expenses. Group accounts are headings that total what sits beneath them; only posting accounts take lines."
        actions={
          <Button variant="primary" icon={Plus} onClick={() => setEditing({ mode: 'create' })}>
            New account
          </Button>
        }
      />

      <ListCard
        toolbar={
          <Toolbar label="Filter the chart of accounts">
            <SearchField label="Search" value={query} onChange={setQuery} placeholder="Code or account name" />
            <Select
              label="Type"
              value={type}
              onChange={setType}
              options={[{ value: '', label: 'All types' }, ...ACCOUNT_TYPES.map((t) => ({ value: t, label: accountTypeLabels[t] }))]}
              className="sm:w-44"
            />
            <label className="flex items-center gap-2 self-start py-2 text-sm text-slate-700 sm:self-end">
              <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500" />
              Show archived accounts
            </label>
            <div className="flex gap-2 sm:ml-auto">
              <Button icon={ChevronsUpDown} onClick={() => setOpen(new Set(branchCodes(fullTree)))} disabled={!!q}>
                Expand all
              </Button>
              <Button icon={ChevronsDownUp} onClick={() => setOpen(new Set())} disabled={!!q}>
                Collapse all
              </Button>
            </div>
          </Toolbar>
        }
        footer={
          accounts.data ? (
            <p aria-live="polite" className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
              {counts.total.toLocaleString('en-US')} {counts.total === 1 ? 'account' : 'accounts'}: {counts.groups.toLocaleString('en-US')} {counts.groups === 1 ? 'group' : 'groups'} and {counts.posting.toLocaleString('en-US')} posting
              {showArchived ? `, ${counts.archived.toLocaleString('en-US')} archived` : ''}
              {q ? ` · ${rows.length.toLocaleString('en-US')} shown for “${query.trim()}”` : ''}. Balances are at the close of {formatDate(today)}, in AED.
            </p>
          ) : null
        }
      >
        {accounts.isError ? (
          <ErrorState error={accounts.error} what="the chart of accounts" onRetry={() => void accounts.refetch()} retrying={accounts.isFetching} />
        ) : (
          <>
            <p id="coa-keys" className="sr-only">
              Use the up and down arrow keys to move between accounts, right to open a group, left to close it or go to its parent, and Tab to reach the account’s actions.
            </p>
            <div className="relative overflow-x-auto" role="region" aria-label="Chart of accounts" tabIndex={-1}>
              <table role="treegrid" aria-label="Chart of accounts" aria-describedby="coa-keys" aria-busy={accounts.isPending || undefined} className="w-full min-w-[520px] border-collapse text-left text-sm md:min-w-[720px]">
                <thead>
                  <tr role="row" className="border-b border-slate-200 bg-slate-50/70">
                    {['Account', 'Type', 'Kind', 'Balance (AED)', 'Actions'].map((h) => (
                      <th
                        key={h}
                        role="columnheader"
                        scope="col"
                        className={cx(
                          'whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500',
                          (h === 'Balance (AED)' || h === 'Actions') && 'text-right',
                          (h === 'Type' || h === 'Kind') && 'hidden md:table-cell',
                        )}
                      >
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody ref={gridRef} className="divide-y divide-slate-100">
                  {accounts.isPending ? (
                    <SkeletonRows columns={5} rows={8} />
                  ) : (
                    rows.map((row) => (
                      <AccountRow
                        key={row.account.code}
                        row={row}
                        expanded={open.has(row.account.code)}
                        active={row.account.code === activeCode}
                        balance={balances.get(row.account.code)}
                        balanceKnown={!!tb.data}
                        busy={busyCode === row.account.code}
                        onFocusRow={() => setActive(row.account.code)}
                        onKeyDown={(e) => onRowKey(e, row)}
                        onToggle={() => toggle(row.account.code)}
                        onEdit={() => setEditing({ mode: 'edit', account: row.account })}
                        onAddChild={() => setEditing({ mode: 'create', parent: row.account })}
                        onArchive={() => void setArchived(row.account, true)}
                        onRestore={() => void setArchived(row.account, false)}
                        onDelete={() => setDeleting(row.account)}
                        archiveBlocker={archiveBlocker(row.account)}
                        deleteBlocker={deleteBlocker(row.account)}
                      />
                    ))
                  )}
                </tbody>
              </table>
            </div>
            {!accounts.isPending && rows.length === 0 ? (
              q || type ? (
                <EmptyState icon={ListTree} title="No accounts match">
                  Nothing in the chart matches {q ? `“${query.trim()}”` : 'this type'}. Clear the search or pick another type.
                </EmptyState>
              ) : (
                <EmptyState icon={ListTree} title="The chart of accounts is empty" action={<Button variant="primary" icon={Plus} onClick={() => setEditing({ mode: 'create' })}>New account</Button>}>
                  Create the top-level groups first (assets, liabilities, equity, income, expenses), then the posting accounts under them.
                </EmptyState>
              )
            ) : null}
          </>
        )}
      </ListCard>

      <AccountDialog editing={editing} accounts={everything} onClose={() => setEditing(null)} onSaved={(a) => { setEditing(null); focusRow(a.code); }} />
      <DeleteDialog account={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export { cashFlowLabels } from '../ledger/account-labels';
