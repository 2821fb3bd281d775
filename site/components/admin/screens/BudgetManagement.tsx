import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, FileUp } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { budgetName, type BudgetGridJson, type BudgetJson } from '@modules/budgets/contract';
import { errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { BudgetGrid } from '../budgets/BudgetGrid';
import { CopyDialog, ImportDialog, templateCsv } from '../budgets/BudgetDialogs';
import { Amount, BUDGETS_API, Dialog, apiUrl, costCenterOptions, todayInDubai, useCostCenters } from '../budgets/parts';
import { VersusActual } from '../budgets/VersusActual';
import { downloadCsv } from '../csv';
import { Button, Card, ScreenIntro, Section, SelectField, StatCard, StatGrid } from '../ui';

const NO_COST_CENTER = '';

export default function BudgetManagement() {
  const queryClient = useQueryClient();
  const thisYear = Number(todayInDubai().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [costCenter, setCostCenter] = useState(NO_COST_CENTER);
  const [dialog, setDialog] = useState<'copy' | 'import' | null>(null);
  const [dirty, setDirty] = useState(0);
  const [pending, setPending] = useState<{ year: number; costCenter: string } | null>(null);

  const list = useQuery<{ items: BudgetJson[]; total: number }>({ queryKey: [BUDGETS_API] });
  const budgets = Array.isArray(list.data?.items) ? list.data.items : [];
  const centers = useCostCenters();
  const gridUrl = apiUrl(`${BUDGETS_API}/${year}/grid`, { costCenter });
  const grid = useQuery<BudgetGridJson>({ queryKey: [gridUrl] });
  const gridRows = Array.isArray(grid.data?.rows) ? grid.data.rows : [];
  const budget = budgets.find((b) => b.fiscalYear === year);
  const center = centers.items.find((c) => c.code === costCenter) ?? null;

  const years = useMemo(() => {
    const set = new Set([thisYear - 1, thisYear, thisYear + 1, ...budgets.map((b) => b.fiscalYear)]);
    return [...set].sort((a, b) => b - a);
  }, [budgets, thisYear]);

  const refreshAll = useCallback(() => {
    void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(BUDGETS_API) });
  }, [queryClient]);
  const reloadGrid = useCallback(() => void grid.refetch(), [grid]);

  /** Switching year or cost center with unsaved amounts asks first. */
  const choose = (next: { year: number; costCenter: string }) => {
    if (dirty > 0) setPending(next);
    else {
      setYear(next.year);
      setCostCenter(next.costCenter);
    }
  };

  const exportCsv = () => {
    const filename = `manzil-budget-${budget?.name ?? budgetName(year)}${costCenter ? `-${costCenter}` : ''}.csv`;
    downloadCsv(filename, templateCsv(gridRows, costCenter || null));
    toast({ title: 'Export ready', description: `${filename} is in the import format, so you can edit it and import it back.`, variant: 'success' });
  };

  return (
    <>
      <ScreenIntro
        description="Set the year's budget by account, cost center and month, then watch it against what was actually posted. Amounts are in AED; income is budgeted as money in and expenses as money out."
        actions={
          <>
            <Button icon={Copy} onClick={() => setDialog('copy')}>
              Copy from last year
            </Button>
            <Button icon={FileUp} onClick={() => setDialog('import')}>
              Import CSV
            </Button>
            <Button icon={Download} onClick={exportCsv} disabled={gridRows.length === 0}>
              Export CSV
            </Button>
          </>
        }
      />

      <div role="group" aria-label="Which budget" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="Budget year"
          value={String(year)}
          onChange={(v) => choose({ year: Number(v), costCenter })}
          options={years.map((y) => {
            const b = budgets.find((x) => x.fiscalYear === y);
            return { value: String(y), label: b ? `${b.name} (${y})` : `${budgetName(y)} · not started` };
          })}
        />
        <SelectField
          label="Cost center"
          value={costCenter}
          onChange={(v) => choose({ year, costCenter: v })}
          options={[{ value: NO_COST_CENTER, label: 'Company-wide (no cost center)' }, ...costCenterOptions(centers.items)]}
          className="sm:w-72"
        />
      </div>

      <StatGrid>
        <StatCard label={`Budgeted income, ${year}`} value={budget ? <Amount value={budget.income} decimals={0} /> : undefined} hint={budget ? 'All cost centers, in AED.' : 'No budget for this year yet.'} />
        <StatCard label={`Budgeted expenses, ${year}`} value={budget ? <Amount value={budget.expense} decimals={0} /> : undefined} hint={budget ? 'All cost centers, in AED.' : 'Enter amounts below to start one.'} />
        <StatCard label="Budgeted net result" value={budget ? <Amount value={budget.net} decimals={0} /> : undefined} hint="Income less expenses, in AED." />
        <StatCard label="Amounts entered" value={budget ? budget.cells.toLocaleString('en-US') : undefined} hint="Account, cost center and month combinations with a budget." />
      </StatGrid>

      <Section
        title={`${budget?.name ?? budgetName(year)} · ${center ? `${center.name} (${center.code})` : 'company-wide'}`}
        description={
          center
            ? 'Amounts for this cost center only. Reports add its sub-centers in.'
            : 'Amounts not assigned to any cost center. Budget-against-actual for the whole company adds every cost center to these.'
        }
      >
        <Card className="overflow-hidden">
          {grid.isError ? (
            <div role="alert" className="px-6 py-10 text-center">
              <p className="font-semibold text-ink">Couldn't load the budget</p>
              <p className="mt-1 text-sm text-slate-500">{errorText(grid.error, 'Request failed')}</p>
              <div className="mt-4">
                <Button readAllowed variant="primary" onClick={() => void grid.refetch()}>
                  Try again
                </Button>
              </div>
            </div>
          ) : (
            <BudgetGrid
              year={year}
              costCenter={center ? { code: center.code, name: center.name } : null}
              grid={grid.data}
              loading={grid.isPending}
              onSaved={refreshAll}
              onReload={reloadGrid}
              onDirtyChange={setDirty}
            />
          )}
        </Card>
        <p className="mt-2 text-xs text-slate-500">
          Type an amount such as 12500 or 12,500.50. Arrows move between cells, Enter moves down, Escape undoes a cell, Ctrl+S (⌘S) saves. Changed cells are shaded until saved.
          Import CSV takes the same layout as Export CSV: one row per account and cost center (blank for company-wide), with the twelve months in AED as columns jan to dec.
        </p>
      </Section>

      <Section title="Budget against actual" description="Actuals are the posted profit and loss for the same period and cost center.">
        <VersusActual year={year} />
      </Section>

      <CopyDialog open={dialog === 'copy'} onClose={() => setDialog(null)} year={year} budgets={budgets} onCopied={refreshAll} />
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} year={year} costCenter={costCenter || null} rows={gridRows} onImported={refreshAll} />
      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title="Discard unsaved changes?"
        description={`${dirty} ${dirty === 1 ? 'cell has' : 'cells have'} changes that aren't saved. Switching the budget year or cost center discards them.`}
        footer={
          <>
            <Button onClick={() => setPending(null)}>Keep editing</Button>
            <Button
              variant="primary"
              onClick={() => {
                if (pending) {
                  setYear(pending.year);
                  setCostCenter(pending.costCenter);
                }
                setPending(null);
              }}
            >
              Discard and switch
            </Button>
          </>
        }
      />
    </>
  );
}
