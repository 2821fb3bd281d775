import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Building2, FolderKanban, Plus, Target, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { MAX_REPORT_COST_CENTERS, type CostCenterReportJson } from '@modules/budgets/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Amount, BUDGETS_API, COST_CENTERS_URL, Dialog, KIND_LABELS, apiUrl, costCenterTree, todayInDubai, useCostCenters, type TreeNode } from '../budgets/parts';
import { matchesSearch } from '../lists';
import { Badge, Button, ButtonLink, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, StatCard, StatGrid, Toolbar, cx } from '../ui';

const columns = [
  { key: 'center', label: 'Cost center', className: 'min-w-80' },
  { key: 'kind', label: 'Kind' },
  { key: 'budget', label: 'Budget to date (AED)', align: 'right' as const },
  { key: 'actual', label: 'Spent to date (AED)', align: 'right' as const },
  { key: 'actions', label: 'Actions', align: 'right' as const },
];

const KIND_ICONS = { property: Building2, department: Users, project: FolderKanban } as const;

export default function CostCenters() {
  const queryClient = useQueryClient();
  const centers = useCostCenters();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('active');
  const [confirm, setConfirm] = useState<TreeNode | null>(null);
  const [busy, setBusy] = useState(false);

  const tree = useMemo(() => costCenterTree(centers.items), [centers.items]);
  const active = tree.filter((c) => !c.archived);
  const today = todayInDubai();
  const codes = active.slice(0, MAX_REPORT_COST_CENTERS).map((c) => c.code);
  const reportUrl = apiUrl(`${BUDGETS_API}/cost-centers/actuals`, { from: `${today.slice(0, 4)}-01-01`, to: today, costCenters: codes.join(',') });
  const report = useQuery<CostCenterReportJson>({ queryKey: [reportUrl], enabled: codes.length > 0 });
  const totals = report.data?.totals ?? {};

  const filtering = search.trim() !== '' || kind !== '';
  const shown = tree.filter(
    (c) =>
      (status === 'all' || (status === 'active' ? !c.archived : c.archived)) &&
      (kind === '' || c.kind === kind) &&
      matchesSearch([c.code, c.name, c.property, c.description], search),
  );

  const setArchived = async (c: TreeNode, archived: boolean) => {
    setBusy(true);
    try {
      await api.patch(`${COST_CENTERS_URL}/${encodeURIComponent(c.code)}`, { archived });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(COST_CENTERS_URL) || String(q.queryKey[0]).startsWith(BUDGETS_API) });
      toast({
        title: archived ? 'Cost center archived' : 'Cost center restored',
        description: archived ? `${c.code} stays on past lines and in reports, but can't be used on new lines or budgets.` : `${c.code} can be used on new lines and budgets again.`,
        variant: 'success',
      });
      setConfirm(null);
    } catch (err) {
      toast({ title: archived ? 'Not archived' : 'Not restored', description: errorText(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const counts = { property: active.filter((c) => c.kind === 'property').length, department: active.filter((c) => c.kind === 'department').length, project: active.filter((c) => c.kind === 'project').length };
  const companyBudget = report.data?.totals?.['*company'];
  const activeChildren = confirm ? centers.items.filter((c) => c.parent === confirm.code && !c.archived).length : 0;

  let empty;
  if (centers.isError)
    empty = (
      <div role="alert" className="px-6 py-12 text-center">
        <p className="font-semibold text-ink">Couldn't load the cost centers</p>
        <p className="mt-1 text-sm text-slate-500">{errorText(centers.error, 'Request failed')}</p>
        <div className="mt-4">
          <Button variant="primary" onClick={() => void centers.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  else if (tree.length === 0)
    empty = (
      <EmptyState
        icon={Target}
        title="No cost centers yet"
        action={
          <ButtonLink href="/admin/cost-center/create" icon={Plus}>
            New cost center
          </ButtonLink>
        }
      >
        Create one for each property, team or project you want to track spending against.
      </EmptyState>
    );
  else empty = <EmptyState title="No cost centers match">Clear the search or change the filters to see more.</EmptyState>;

  return (
    <>
      <ScreenIntro
        description="The places spending is tracked against: each property, each team and each project, in a tree that reports roll up. Tag journal lines and budgets with a cost center to see what each one really costs."
        actions={
          <ButtonLink href="/admin/cost-center/create" variant="primary" icon={Plus}>
            New cost center
          </ButtonLink>
        }
      />
      <StatGrid>
        <StatCard label="Properties" value={centers.data ? counts.property : undefined} hint="Active property cost centers." icon={Building2} />
        <StatCard label="Departments" value={centers.data ? counts.department : undefined} hint="Active teams." icon={Users} />
        <StatCard label="Projects" value={centers.data ? counts.project : undefined} hint="Active projects." icon={FolderKanban} />
        <StatCard
          label="Spent this year (AED)"
          value={companyBudget ? <Amount value={companyBudget.expense} decimals={0} /> : undefined}
          hint={companyBudget ? <>Whole company, against a budget of <Amount value={companyBudget.budgetExpense} decimals={0} /> to date.</> : 'Posted expenses, whole company.'}
        />
      </StatGrid>
      <ListCard
        toolbar={
          <Toolbar label="Filter cost centers">
            <SearchField label="Search" value={search} onChange={setSearch} placeholder="Code, name or property" />
            <SelectField label="Kind" value={kind} onChange={setKind} options={[{ value: '', label: 'All kinds' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))]} />
            <SelectField
              label="Status"
              value={status}
              onChange={setStatus}
              options={[
                { value: 'active', label: 'Active' },
                { value: 'archived', label: 'Archived' },
                { value: 'all', label: 'Active and archived' },
              ]}
            />
          </Toolbar>
        }
        footer={
          tree.length ? (
            <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600" aria-live="polite">
              {shown.length} of {tree.length} cost centers{filtering ? ' match' : ''}. Figures include sub-centers and run from 1 January to today (UAE).{' '}
              <Link href="/admin/cost-center-reports" className="font-medium text-brand-800 underline-offset-2 hover:underline">
                See them by account
              </Link>
            </p>
          ) : null
        }
      >
        {centers.isPending ? <p className="sr-only" role="status">Loading cost centers…</p> : null}
        {/* Positioned, so the screen-reader-only text inside the scrolling table stays inside the card. */}
        <div className="relative">
        <DataTable caption="Cost centers" columns={columns} empty={empty} minWidth={860}>
          {centers.isPending || centers.isError
            ? []
            : shown.map((c) => {
                const Icon = KIND_ICONS[c.kind as keyof typeof KIND_ICONS] ?? Target;
                const t = totals[c.code];
                return (
                  <tr key={c.code} className={cx('hover:bg-slate-50/70', c.archived && 'text-slate-500')}>
                    <td className="px-4 py-3">
                      <div className="flex items-start gap-2.5" style={{ paddingLeft: filtering ? 0 : `${c.depth * 1.5}rem` }}>
                        <Icon className={cx('mt-0.5 h-4 w-4 shrink-0', c.archived ? 'text-slate-300' : 'text-sand-500')} aria-hidden="true" />
                        <div className="min-w-0">
                          <p className={cx('font-medium', c.archived ? 'text-slate-500' : 'text-ink')}>
                            {c.name} <span className="ml-1 whitespace-nowrap font-mono text-xs font-normal text-slate-500">{c.code}</span>
                            {c.archived ? (
                              <span className="ml-2 align-middle">
                                <Badge>Archived</Badge>
                              </span>
                            ) : null}
                          </p>
                          <p className="text-xs text-slate-500">
                            {c.depth > 0 ? <span>Under {c.path.join(' › ')}</span> : <span>Top level</span>}
                            {c.children ? <span> · {c.children} sub-center{c.children === 1 ? '' : 's'}</span> : null}
                            {c.property ? <span> · property {c.property}</span> : null}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="px-4 py-3">
                      <Badge tone={c.kind === 'property' ? 'sand' : c.kind === 'department' ? 'brand' : 'neutral'}>{KIND_LABELS[c.kind] ?? c.kind}</Badge>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-right text-sm">{t ? <Amount value={t.budgetExpense} blankZero /> : <span className="text-slate-300">–</span>}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right text-sm">
                      {t ? <Amount value={t.expense} blankZero className={BigInt(t.expense) > BigInt(t.budgetExpense) && BigInt(t.budgetExpense) > 0n ? 'font-semibold text-amber-800' : undefined} /> : <span className="text-slate-300">–</span>}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 text-right">
                      <div className="inline-flex gap-1">
                        {!c.archived ? (
                          <Link
                            href={`/admin/cost-center/create?parent=${encodeURIComponent(c.code)}`}
                            className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                          >
                            Add sub-center<span className="sr-only"> under {c.name}</span>
                          </Link>
                        ) : null}
                        <button
                          type="button"
                          onClick={() => (c.archived ? void setArchived(c, false) : setConfirm(c))}
                          disabled={busy}
                          className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                          aria-label={`${c.archived ? 'Restore' : 'Archive'} ${c.name}`}
                        >
                          {c.archived ? <ArchiveRestore className="h-4 w-4" aria-hidden="true" /> : <Archive className="h-4 w-4" aria-hidden="true" />}
                          {c.archived ? 'Restore' : 'Archive'}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
        </DataTable>
        </div>
      </ListCard>

      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? `Archive ${confirm.name}?` : 'Archive'}
        description={
          confirm
            ? `${confirm.code} stays on the journal lines and budgets it already has, and in every report. It can't be put on new lines or take new budget amounts. You can restore it at any time.`
            : undefined
        }
        footer={
          <>
            <Button onClick={() => setConfirm(null)}>Keep it active</Button>
            <Button variant="primary" icon={Archive} onClick={() => confirm && void setArchived(confirm, true)} disabled={busy}>
              {busy ? 'Archiving…' : 'Archive'}
            </Button>
          </>
        }
      >
        {activeChildren ? <p className="text-sm text-amber-900">It has {activeChildren} active sub-center{activeChildren === 1 ? '' : 's'}: archive or move those first.</p> : null}
      </Dialog>
    </>
  );
}
