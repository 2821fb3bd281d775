/**
 * Cost centers (/admin/cost-centers): every property, team and project spending is tracked against,
 * on the one admin table (GET /api/admin/ledger/cost-centers: search, kind and status filters, sort,
 * paging and the CSV of the filtered set, all on the server). Each row shows where it sits in the tree
 * and its budget and spending this year; sub-centers are added and centers archived from here.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, FolderKanban, Plus, Target, Users } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { COST_CENTER_STATUSES } from '@modules/ledger/chart-list-contract';
import type { CostCenterReportJson } from '@modules/budgets/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Amount, BUDGETS_API, COST_CENTERS_URL, KIND_LABELS, apiUrl, costCenterTree, todayInDubai, useCostCenters } from '../budgets/parts';
import { AdminTable, type FilterDef } from '../table';
import { ButtonLink, ScreenIntro, StatCard, StatGrid } from '../ui';
import { ArchiveDialog, centerColumns, type CenterRow } from './cost-centers/columns';
import { FiguresProvider, PageCodes, useYearToDateFigures, yearToDate } from './cost-centers/figures';

const STATUS_LABELS: Record<(typeof COST_CENTER_STATUSES)[number], string> = { active: 'Active', archived: 'Archived' };

const filters: FilterDef[] = [
  { type: 'select', key: 'kind', label: 'Kind', all: 'All kinds', options: Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })) },
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: COST_CENTER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
];

const sameCodes = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

export default function CostCenters() {
  const queryClient = useQueryClient();
  // Every cost center (unpaged): where each sits in the tree, and the counts above the table.
  const centers = useCostCenters();
  const tree = useMemo(() => new Map(costCenterTree(centers.items).map((c) => [c.code, c])), [centers.items]);
  const [confirm, setConfirm] = useState<CenterRow | null>(null);
  const [busy, setBusy] = useState(false);

  const range = yearToDate(todayInDubai());
  const [codes, setCodes] = useState<string[]>([]);
  const onCodes = useCallback((next: string[]) => setCodes((prev) => (sameCodes(prev, next) ? prev : next)), []);
  const figures = useYearToDateFigures(codes, range);
  const company = useQuery<CostCenterReportJson>({ queryKey: [apiUrl(`${BUDGETS_API}/cost-centers/actuals`, range)] }).data?.totals['*company'];

  const setArchived = useCallback(
    async (c: CenterRow, archived: boolean) => {
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
    },
    [queryClient],
  );

  const columns = useMemo(
    () => centerColumns({ node: (code) => tree.get(code), busy, onArchive: setConfirm, onRestore: (c) => void setArchived(c, false) }),
    [tree, busy, setArchived],
  );

  const active = [...tree.values()].filter((c) => !c.archived);
  const count = (kind: string) => (centers.data ? active.filter((c) => c.kind === kind).length : undefined);
  const activeChildren = confirm ? centers.items.filter((c) => c.parent === confirm.code && !c.archived).length : 0;

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
      <FiguresProvider value={figures}>
        <AdminTable<CenterRow>
          endpoint={COST_CENTERS_URL}
          caption="Cost centers"
          columns={columns}
          rowKey={(c) => c.id}
          noun={['cost center', 'cost centers']}
          search={{ placeholder: 'Code, name, property or description' }}
          filters={filters}
          defaultSort="code"
          minWidth={960}
          summary={(data) => (
            <>
              <PageCodes codes={data?.items.map((c) => c.code)} onCodes={onCodes} />
              <StatGrid>
                <StatCard label="Properties" value={count('property')} hint="Active property cost centers." icon={Building2} />
                <StatCard label="Departments" value={count('department')} hint="Active teams." icon={Users} />
                <StatCard label="Projects" value={count('project')} hint="Active projects." icon={FolderKanban} />
                <StatCard
                  label="Spent this year (AED)"
                  value={company ? <Amount value={company.expense} decimals={0} /> : undefined}
                  hint={company ? <>Whole company, against a budget of <Amount value={company.budgetExpense} decimals={0} /> to date.</> : 'Posted expenses, whole company.'}
                />
              </StatGrid>
            </>
          )}
          above={(data) =>
            data && data.total > 0 ? (
              <p className="border-b border-slate-200 bg-slate-50/70 px-4 py-2 text-sm text-slate-600">
                {figures.failed ? "The budget figures couldn't be loaded; refresh to try again. " : null}
                Budget and spending include sub-centers and run from 1 January to today (UAE).{' '}
                <Link href="/admin/cost-center-reports" className="font-medium text-brand-800 underline-offset-2 hover:underline">
                  See them by account
                </Link>
              </p>
            ) : null
          }
          empty={{
            icon: Target,
            title: 'No cost centers yet',
            body: (
              <>
                Create one for each property, team or project you want to track spending against:{' '}
                <Link href="/admin/cost-center/create" className="font-medium text-brand-800 underline underline-offset-2">
                  new cost center
                </Link>
                .
              </>
            ),
          }}
        />
      </FiguresProvider>
      <ArchiveDialog center={confirm} activeChildren={activeChildren} busy={busy} onClose={() => setConfirm(null)} onArchive={(c) => void setArchived(c, true)} />
    </>
  );
}
