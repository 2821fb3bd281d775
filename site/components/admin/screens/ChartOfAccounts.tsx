/**
 * The chart of accounts (/admin/erp/accounting and /admin/chart-of-accounts): the ledger's accounts as
 * a keyboard-navigable tree grid with type badges, group and posting accounts, balances rolled up into
 * groups, and create, edit, archive, restore and delete. Rules the server enforces (an account with
 * journal lines can't be deleted, one with a balance can't be archived) are explained before you try,
 * and the server's own message is shown if it still refuses.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, BookOpen, ChevronRight, ChevronsDownUp, ChevronsUpDown, ListTree, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import {
  ACCOUNT_TYPES,
  BALANCE_SHEET_TYPES,
  CASH_FLOW_CLASSES,
  accountTypeLabels,
  createAccountInput,
  ledgerMessages,
  updateAccountInput,
  type AccountType,
  type CashFlowClass,
} from '@modules/ledger/contract';
import { api, apiRequest, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { ErrorState, SkeletonRows } from '../table/states';
import { Badge, Button, EmptyState, ListCard, ScreenIntro, SearchField, Toolbar, cx } from '../ui';
import { formatDate, todayInDubai } from '../ledger/dates';
import { ACCOUNTS_URL, ledgerUrl, refreshLedger } from '../ledger/endpoints';
import { formatFils, toFils } from '../ledger/money';
import { Amount, Dialog, ErrorNote, Field, Select } from '../ledger/parts';
import { branchCodes, buildAccountTree, filterTree, rollUpBalances, treeKey, visibleRows, type TreeRow } from '../ledger/tree';
import type { AccountJson, AccountsResponse, TrialBalanceResponse } from '../ledger/types';

const typeTone: Record<AccountType, 'brand' | 'sand' | 'neutral' | 'warning'> = {
  asset: 'brand',
  liability: 'sand',
  equity: 'neutral',
  income: 'brand',
  expense: 'warning',
};
const typeSingular: Record<AccountType, string> = { asset: 'Asset', liability: 'Liability', equity: 'Equity', income: 'Income', expense: 'Expense' };
export const cashFlowLabels: Record<CashFlowClass, string> = {
  cash: 'Cash and cash equivalents',
  operating: 'Operating activities',
  investing: 'Investing activities',
  financing: 'Financing activities',
};

type Editing = { mode: 'create'; parent?: AccountJson } | { mode: 'edit'; account: AccountJson };

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

function AccountRow({
  row,
  expanded,
  active,
  balance,
  balanceKnown,
  busy,
  onFocusRow,
  onKeyDown,
  onToggle,
  onEdit,
  onAddChild,
  onArchive,
  onRestore,
  onDelete,
  archiveBlocker,
  deleteBlocker,
}: {
  row: TreeRow;
  expanded: boolean;
  active: boolean;
  balance: bigint | undefined;
  balanceKnown: boolean;
  busy: boolean;
  onFocusRow: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => void;
  onToggle: () => void;
  onEdit: () => void;
  onAddChild: () => void;
  onArchive: () => void;
  onRestore: () => void;
  onDelete: () => void;
  archiveBlocker: string | null;
  deleteBlocker: string | null;
}) {
  const a = row.account;
  const tab = active ? 0 : -1;
  return (
    <tr
      role="row"
      data-code={a.code}
      tabIndex={tab}
      aria-level={row.level}
      aria-posinset={row.posinset}
      aria-setsize={row.setsize}
      aria-expanded={row.hasChildren ? expanded : undefined}
      aria-selected={active}
      onFocus={onFocusRow}
      onKeyDown={onKeyDown}
      className={cx('outline-none focus-visible:bg-brand-50/60 focus-visible:shadow-[inset_3px_0_0_var(--color-brand-600)]', a.archived && 'text-slate-400', a.isGroup && 'bg-slate-50/40')}
    >
      <td role="gridcell" className="px-4 py-2.5">
        <div className="flex items-center gap-1.5" style={{ paddingLeft: `${(row.level - 1) * 1.25}rem` }}>
          {row.hasChildren ? (
            <span
              aria-hidden="true"
              onClick={onToggle}
              className="grid h-6 w-6 shrink-0 cursor-pointer place-items-center rounded text-slate-500 hover:bg-slate-200/70 hover:text-ink"
            >
              <ChevronRight className={cx('h-4 w-4 transition-transform', expanded && 'rotate-90')} />
            </span>
          ) : (
            <span aria-hidden="true" className="w-6 shrink-0" />
          )}
          <span className={cx('font-mono text-xs', a.archived ? 'text-slate-400' : 'text-sand-700')}>{a.code}</span>
          <span className="min-w-0">
            <span className={cx('block', a.isGroup ? 'font-semibold text-ink' : a.archived ? '' : 'text-slate-800')}>
              {a.name}
              {a.archived ? (
                <span className="ml-2 align-middle">
                  <Badge>Archived</Badge>
                </span>
              ) : null}
            </span>
            <span className="block text-xs text-slate-500 md:hidden">
              {typeSingular[a.type]} · {a.isGroup ? 'group' : 'posting'}
            </span>
          </span>
        </div>
      </td>
      <td role="gridcell" className="hidden px-4 py-2.5 md:table-cell">
        <Badge tone={typeTone[a.type]}>{typeSingular[a.type]}</Badge>
      </td>
      <td role="gridcell" className="hidden px-4 py-2.5 text-slate-600 md:table-cell">
        {a.isGroup ? 'Group' : 'Posting'}
      </td>
      <td role="gridcell" className={cx('whitespace-nowrap px-4 py-2.5 text-right', a.isGroup && 'font-semibold')}>
        {balanceKnown ? <Amount value={balance ?? 0n} blankZero={!a.isGroup} /> : <span className="text-slate-300">…</span>}
      </td>
      <td role="gridcell" className="px-4 py-1.5">
        <div className="flex justify-end gap-0.5">
          {!a.isGroup ? (
            <IconLink href={`/admin/erp/accounting-ledger?account=${encodeURIComponent(a.code)}`} label={`Open the ledger of ${a.code} ${a.name}`} tabIndex={tab} icon={BookOpen} />
          ) : null}
          {a.isGroup && !a.archived ? <IconAction label={`Add an account under ${a.code} ${a.name}`} icon={Plus} onClick={onAddChild} tabIndex={tab} /> : null}
          <IconAction label={`Edit ${a.code} ${a.name}`} icon={Pencil} onClick={onEdit} tabIndex={tab} />
          {a.archived ? (
            <IconAction label={`Restore ${a.code} ${a.name}`} icon={ArchiveRestore} onClick={onRestore} tabIndex={tab} busy={busy} />
          ) : (
            <IconAction label={`Archive ${a.code} ${a.name}`} icon={Archive} onClick={onArchive} tabIndex={tab} busy={busy} unavailable={archiveBlocker} />
          )}
          <IconAction label={`Delete ${a.code} ${a.name}`} icon={Trash2} onClick={onDelete} tabIndex={tab} unavailable={deleteBlocker} danger />
        </div>
      </td>
    </tr>
  );
}

type Icon = typeof Pencil;

function IconAction({ label, icon: I, onClick, tabIndex, unavailable, busy, danger }: { label: string; icon: Icon; onClick: () => void; tabIndex: number; unavailable?: string | null; busy?: boolean; danger?: boolean }) {
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        tabIndex={tabIndex}
        aria-label={label}
        aria-disabled={unavailable || busy ? true : undefined}
        aria-describedby={unavailable ? tipId : undefined}
        onClick={(e) => {
          e.stopPropagation();
          // On touch screens there is no hover: say why here too.
          if (unavailable) toast({ title: `${label}: not available`, description: unavailable, variant: 'warning' });
          else if (!busy) onClick();
        }}
        className={cx(
          'grid h-8 w-8 place-items-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500',
          unavailable || busy ? 'cursor-not-allowed text-slate-300' : danger ? 'text-slate-500 hover:bg-red-50 hover:text-red-700' : 'text-slate-500 hover:bg-slate-100 hover:text-ink',
        )}
      >
        <I className={cx('h-4 w-4', busy && 'animate-pulse')} aria-hidden="true" />
      </button>
      <span
        id={unavailable ? tipId : undefined}
        role={unavailable ? 'tooltip' : undefined}
        aria-hidden={unavailable ? undefined : true}
        className="pointer-events-none invisible absolute right-0 top-full z-30 mt-1 w-64 rounded-lg bg-ink px-3 py-2 text-left text-xs font-normal leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {unavailable ?? label}
      </span>
    </span>
  );
}

function IconLink({ href, label, icon: I, tabIndex }: { href: string; label: string; icon: Icon; tabIndex: number }) {
  return (
    <span className="group relative inline-flex">
      <Link href={href} tabIndex={tabIndex} aria-label={label} className="grid h-8 w-8 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500">
        <I className="h-4 w-4" aria-hidden="true" />
      </Link>
      <span aria-hidden="true" className="pointer-events-none invisible absolute right-0 top-full z-30 mt-1 w-56 rounded-lg bg-ink px-3 py-2 text-left text-xs leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        {label}
      </span>
    </span>
  );
}

type FormValues = { code: string; name: string; type: AccountType; parent: string; isGroup: boolean; cashFlow: string; description: string };

/** Create or edit an account, checked against the ledger contract's own rules before it is sent. */
function AccountDialog({ editing, accounts, onClose, onSaved }: { editing: Editing | null; accounts: AccountJson[]; onClose: () => void; onSaved: (a: AccountJson) => void }) {
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.mode === 'edit' ? `Edit ${editing.account.code} ${editing.account.name}` : editing?.parent ? `New account under ${editing.parent.code} ${editing.parent.name}` : 'New account'}
      description={editing?.mode === 'edit' ? 'The code, type and kind are fixed once an account exists; journal lines refer to them.' : 'Choose the code carefully: it can’t be changed once lines post to the account.'}
    >
      {editing ? <AccountForm key={editing.mode === 'edit' ? editing.account.code : `new-${editing.parent?.code ?? ''}`} editing={editing} accounts={accounts} onCancel={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function AccountForm({ editing, accounts, onCancel, onSaved }: { editing: Editing; accounts: AccountJson[]; onCancel: () => void; onSaved: (a: AccountJson) => void }) {
  const client = useQueryClient();
  const current = editing.mode === 'edit' ? editing.account : null;
  const [v, setV] = useState<FormValues>(() =>
    current
      ? { code: current.code, name: current.name, type: current.type, parent: current.parent ?? '', isGroup: current.isGroup, cashFlow: current.cashFlow ?? '', description: current.description }
      : { code: '', name: '', type: editing.mode === 'create' && editing.parent ? editing.parent.type : 'asset', parent: editing.mode === 'create' && editing.parent ? editing.parent.code : '', isGroup: false, cashFlow: '', description: '' },
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<FormValues>) => setV((x) => ({ ...x, ...patch }));

  // A parent must be an active group of the same type, and (when editing) not the account or one beneath it.
  const below = useMemo(() => {
    if (!current) return new Set<string>();
    const out = new Set([current.code]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const a of accounts) {
        if (a.parent && out.has(a.parent) && !out.has(a.code)) {
          out.add(a.code);
          grew = true;
        }
      }
    }
    return out;
  }, [accounts, current]);
  const parents = accounts.filter((a) => a.isGroup && a.type === v.type && (!a.archived || a.code === v.parent) && !below.has(a.code));
  const balanceSheet = BALANCE_SHEET_TYPES.includes(v.type);

  const payload = current
    ? { name: v.name, parent: v.parent || null, description: v.description, ...(balanceSheet && v.cashFlow ? { cashFlow: v.cashFlow } : {}) }
    : { code: v.code, name: v.name, type: v.type, parent: v.parent || null, isGroup: v.isGroup, cashFlow: balanceSheet && v.cashFlow ? v.cashFlow : null, description: v.description };
  const parsed = current ? updateAccountInput.safeParse(payload) : createAccountInput.safeParse(payload);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  const show = (k: string) => (submitted ? errors[k] : undefined);

  async function submit() {
    setSubmitted(true);
    setServerError(null);
    if (!parsed.success || saving) return;
    setSaving(true);
    try {
      const saved = current
        ? await api.patch<AccountJson>(ledgerUrl(`/accounts/${encodeURIComponent(current.code)}`), parsed.data)
        : await api.post<AccountJson>(ledgerUrl('/accounts'), parsed.data);
      await refreshLedger(client);
      toast({ title: current ? `${saved.code} updated` : `${saved.code} ${saved.name} created`, description: current ? undefined : saved.isGroup ? 'Add posting accounts under it.' : 'Journal lines can post to it now.', variant: 'success' });
      onSaved(saved);
    } catch (err) {
      setServerError(errorText(err, 'The account could not be saved.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      {current ? null : (
        <>
          <Field label="Code" value={v.code} onChange={(code) => set({ code })} required error={show('code')} hint="Digits, letters, dots or dashes, e.g. 6230." maxLength={32} autoFocus />
          <Select
            label="Type"
            value={v.type}
            onChange={(t) => set({ type: t as AccountType, parent: '' })}
            options={ACCOUNT_TYPES.map((t) => ({ value: t, label: typeSingular[t] }))}
            error={show('type')}
          />
        </>
      )}
      <Field label="Name" value={v.name} onChange={(name) => set({ name })} required error={show('name')} maxLength={120} className="sm:col-span-2" autoFocus={!!current} />
      <Select
        label="Parent group"
        value={v.parent}
        onChange={(parent) => set({ parent })}
        options={[{ value: '', label: 'None (a top-level account)' }, ...parents.map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` }))]}
        error={show('parent')}
        hint={parents.length ? `Groups of type ${typeSingular[v.type].toLowerCase()} only.` : `There is no ${typeSingular[v.type].toLowerCase()} group yet.`}
        className="sm:col-span-2"
      />
      {current ? (
        <div className="text-sm text-slate-600 sm:col-span-2">
          <span className="font-medium text-slate-700">{typeSingular[current.type]}</span> · {current.isGroup ? 'group account (a heading; takes no lines)' : 'posting account (takes journal lines)'}
        </div>
      ) : (
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-xs font-medium text-slate-600">Kind</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {[
              { value: false, title: 'Posting account', text: 'Takes journal lines.' },
              { value: true, title: 'Group', text: 'A heading that totals its sub-accounts.' },
            ].map((k) => (
              <label key={k.title} className={cx('flex cursor-pointer gap-3 rounded-lg border p-3 text-sm', v.isGroup === k.value ? 'border-brand-400 bg-brand-50/60' : 'border-slate-200')}>
                <input type="radio" name="kind" checked={v.isGroup === k.value} onChange={() => set({ isGroup: k.value })} className="mt-0.5 h-4 w-4 text-brand-700" />
                <span>
                  <span className="block font-medium text-ink">{k.title}</span>
                  <span className="block text-xs text-slate-500">{k.text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {balanceSheet ? (
        <Select
          label="Cash-flow statement"
          value={v.cashFlow}
          onChange={(cashFlow) => set({ cashFlow })}
          options={[{ value: '', label: current ? 'Keep as it is' : 'Same as its parent group' }, ...CASH_FLOW_CLASSES.map((c) => ({ value: c, label: cashFlowLabels[c] }))]}
          error={show('cashFlow')}
          hint="Where changes in this account appear in the cash-flow statement."
          className="sm:col-span-2"
        />
      ) : null}
      <div className="sm:col-span-2">
        <label htmlFor="account-description" className="mb-1 block text-xs font-medium text-slate-600">
          Description
        </label>
        <textarea
          id="account-description"
          value={v.description}
          onChange={(e) => set({ description: e.target.value })}
          maxLength={1000}
          rows={2}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          placeholder="What belongs in this account (optional)"
        />
        {show('description') ? <p className="mt-1 text-xs text-red-700">{show('description')}</p> : null}
      </div>
      {serverError ? (
        <div className="sm:col-span-2">
          <ErrorNote>{serverError}</ErrorNote>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} stretch>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving} stretch>
          {saving ? 'Saving…' : current ? 'Save changes' : 'Create account'}
        </Button>
      </div>
    </form>
  );
}

function DeleteDialog({ account, onClose }: { account: AccountJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  async function confirm() {
    if (!account) return;
    setBusy(true);
    setError(null);
    try {
      // An empty JSON body: the API's body parser refuses a DELETE without a Content-Type (see the report).
      const res = await apiRequest<{ message?: string }>('DELETE', ledgerUrl(`/accounts/${encodeURIComponent(account.code)}`), {});
      await refreshLedger(client);
      toast({ title: `${account.code} deleted`, description: res?.message, variant: 'success' });
      close();
    } catch (err) {
      setError(errorText(err, 'The account could not be deleted.'));
    } finally {
      setBusy(false);
    }
  }
  let body: ReactNode = null;
  if (account) body = error ? <ErrorNote title="Not deleted">{error}</ErrorNote> : null;
  return (
    <Dialog
      open={account !== null}
      onClose={close}
      title={account ? `Delete ${account.code} ${account.name}?` : 'Delete account'}
      description="Only an account that has never taken a journal line can be deleted. If it has any history, archive it instead: it stays in every report but takes no new lines."
      footer={
        <>
          <Button variant="ghost" onClick={close} stretch>
            Keep the account
          </Button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy}
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-red-700 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-50 sm:w-auto"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Deleting…' : 'Delete account'}
          </button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
