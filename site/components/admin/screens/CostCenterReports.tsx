import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, ListTree } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { COMPANY_KEY, MAX_REPORT_COST_CENTERS, formatFils, variancePercent, type CostCenterLinesJson, type CostCenterReportJson, type ReportColumnJson } from '@modules/budgets/contract';
import { errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { downloadCsv, toCsv } from '../csv';
import { Amount, BUDGETS_API, Dialog, KIND_LABELS, PERIOD_PRESETS, apiUrl, costCenterTree, fieldClass, formatDay, formatRange, isIsoDate, presetRange, useCostCenters, type PresetKey, type Range } from '../budgets/parts';
import { Badge, Button, Card, EmptyState, ScreenIntro, SelectField, cx } from '../ui';

const TOTAL_KEY = '*selected';
type Cell = { column: ReportColumnJson; accountCode: string; accountName: string; value: string };

/** A column's heading, with what it rolls up. */
function columnNote(c: ReportColumnJson): string {
  if (c.kind === 'company') return 'every line';
  if (c.kind === 'unassigned') return 'lines without one';
  return c.subCenters ? `with ${c.subCenters} sub-center${c.subCenters === 1 ? '' : 's'}` : (KIND_LABELS[c.costCenterKind ?? ''] ?? '').toLowerCase();
}

export default function CostCenterReports() {
  const id = useId();
  const [preset, setPreset] = useState<PresetKey | 'custom'>('ytd');
  const [custom, setCustom] = useState<Range>(() => presetRange('ytd'));
  const [selected, setSelected] = useState<string[] | null>(null);
  const [drill, setDrill] = useState<Cell | null>(null);
  const centers = useCostCenters();
  const tree = useMemo(() => costCenterTree(centers.items), [centers.items]);

  const range = preset === 'custom' ? custom : presetRange(preset);
  const rangeError = preset === 'custom' && (!isIsoDate(custom.from) || !isIsoDate(custom.to) ? 'Enter both dates.' : custom.from > custom.to ? 'The start date must be on or before the end date.' : null);
  const url = apiUrl(`${BUDGETS_API}/cost-centers/actuals`, { from: range.from, to: range.to, costCenters: selected?.length ? selected.join(',') : undefined });
  const report = useQuery<CostCenterReportJson>({ queryKey: [url], enabled: !rangeError, placeholderData: keepPreviousData });
  const data = report.data;
  const baseColumns = Array.isArray(data?.columns) ? data.columns : [];
  const accounts = Array.isArray(data?.accounts) ? data.accounts : [];
  const cells = data?.cells ?? {};
  const totals = data?.totals ?? {};
  const centerColumns = baseColumns.filter((c) => c.kind === 'cost-center');
  const showSelectedTotal = Boolean(data?.disjoint) && centerColumns.length > 1;

  const value = (code: string, key: string): bigint => {
    if (key === TOTAL_KEY) return centerColumns.reduce((s, c) => s + BigInt(cells[code]?.[c.key] ?? '0'), 0n);
    return BigInt(cells[code]?.[key] ?? '0');
  };
  const columnTotal = (key: string, field: 'income' | 'expense' | 'net' | 'budgetExpense' | 'budgetIncome'): bigint => {
    if (key === TOTAL_KEY) return centerColumns.reduce((s, c) => s + BigInt(totals[c.key]?.[field] ?? '0'), 0n);
    return BigInt(totals[key]?.[field] ?? '0');
  };
  const keys = [...centerColumns.map((c) => c.key), ...(showSelectedTotal ? [TOTAL_KEY] : []), ...baseColumns.filter((c) => c.kind !== 'cost-center').map((c) => c.key)];
  const columnOf = (key: string) => baseColumns.find((c) => c.key === key);
  const income = accounts.filter((a) => a.accountType === 'income');
  const expense = accounts.filter((a) => a.accountType === 'expense');
  const selectedSet = new Set(selected ?? centerColumns.map((c) => c.key));

  const toggle = (code: string) => {
    const current = new Set(selected ?? centerColumns.map((c) => c.key));
    if (current.has(code)) current.delete(code);
    else current.add(code);
    // Nothing ticked means the default again: the top-level cost centers.
    setSelected(current.size ? [...current].sort() : null);
  };

  const exportCsv = () => {
    if (!data) return;
    const headers = keys.map((k) => (k === TOTAL_KEY ? 'Selected cost centers' : (columnOf(k)?.code ?? columnOf(k)?.label ?? k)));
    type Row = { code: string; name: string; type: string; values: bigint[] };
    const rows: Row[] = accounts.map((a) => ({ code: a.accountCode, name: a.accountName, type: a.accountType === 'income' ? 'Income' : 'Expense', values: keys.map((k) => value(a.accountCode, k)) }));
    const plain = (v: bigint) => (v < 0n ? `(${formatFils(-v, { grouping: false })})` : formatFils(v, { grouping: false }));
    const csv = toCsv<Row>(
      [
        { header: 'Account code', value: (r) => r.code },
        { header: 'Account name', value: (r) => r.name },
        { header: 'Type', value: (r) => r.type },
        ...headers.map((h, i) => ({ header: `${h} (AED)`, value: (r: Row) => plain(r.values[i]) })),
      ],
      rows,
    );
    const filename = `manzil-cost-center-actuals-${data.from}-to-${data.to}.csv`;
    downloadCsv(filename, csv);
    toast({ title: 'Export ready', description: `${rows.length} accounts saved to ${filename}.`, variant: 'success' });
  };

  const amountCell = (code: string, name: string, key: string) => {
    const v = value(code, key);
    const col = columnOf(key);
    const base = 'whitespace-nowrap px-4 py-2.5 text-right text-sm';
    if (!col || !col.drillable || v === 0n) {
      return (
        <td key={key} className={cx(base, key === COMPANY_KEY || key === TOTAL_KEY ? 'bg-slate-50/70 font-medium' : '')}>
          <Amount value={v} blankZero />
        </td>
      );
    }
    return (
      <td key={key} className={cx(base, 'p-1', key === COMPANY_KEY ? 'bg-slate-50/70 font-medium' : '')}>
        <button
          type="button"
          onClick={() => setDrill({ column: col, accountCode: code, accountName: name, value: v.toString() })}
          aria-label={`${formatFils(v)} AED, ${code} ${name}, ${col.kind === 'company' ? 'whole company' : `${col.label} ${col.code}`}: show the journal lines`}
          className="w-full rounded-md px-3 py-1.5 text-right tabular-nums text-brand-900 underline decoration-brand-200 decoration-dotted underline-offset-4 hover:bg-brand-50 hover:decoration-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Amount value={v} />
        </button>
      </td>
    );
  };

  const totalLine = (label: string, field: 'income' | 'expense' | 'net', strong?: boolean) => (
    <tr key={label} className={cx('border-t border-slate-200', strong ? 'bg-brand-50/60' : 'bg-slate-50/70')}>
      <th scope="row" className={cx('sticky left-0 z-10 max-w-36 px-3 py-2.5 text-left text-sm font-semibold text-ink sm:max-w-none sm:px-4', strong ? 'bg-brand-50' : 'bg-slate-50')}>
        {label}
      </th>
      {keys.map((k) => (
        <td key={k} className="whitespace-nowrap px-4 py-2.5 text-right text-sm font-semibold">
          <Amount value={columnTotal(k, field)} />
        </td>
      ))}
    </tr>
  );

  const section = (title: string, list: typeof accounts) =>
    list.length ? (
      <>
        <tr>
          <th scope="colgroup" colSpan={keys.length + 1} className="sticky left-0 bg-white px-4 pb-1 pt-4 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            {title}
          </th>
        </tr>
        {list.map((a) => (
          <tr key={a.accountCode} className="hover:bg-slate-50/60">
            <th scope="row" className="sticky left-0 z-10 max-w-36 bg-white px-3 py-2 text-left text-sm font-normal text-ink sm:max-w-56 sm:px-4">
              <span className="block truncate" title={`${a.accountCode} ${a.accountName}`}>
                <span className="mr-1.5 font-mono text-xs text-slate-500">{a.accountCode}</span>
                {a.accountName}
              </span>
            </th>
            {keys.map((k) => amountCell(a.accountCode, a.accountName, k))}
          </tr>
        ))}
      </>
    ) : null;

  return (
    <>
      <ScreenIntro
        description="What each cost center has actually earned and spent, account by account, for any period — beside what was posted without a cost center and the company as a whole. Select a figure to see the journal lines behind it."
        actions={
          <Button icon={Download} onClick={exportCsv} disabled={!data || accounts.length === 0}>
            Export CSV
          </Button>
        }
      />

      <Card className="mt-6">
        <div role="group" aria-label="Report period and cost centers" className="flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-end">
          <SelectField
            label="Period"
            value={preset}
            onChange={(v) => {
              if (v === 'custom') setCustom(range);
              setPreset(v as PresetKey | 'custom');
            }}
            options={[...PERIOD_PRESETS.map((p) => ({ value: p.key, label: p.label })), { value: 'custom', label: 'Custom dates' }]}
          />
          {preset === 'custom' ? (
            <>
              <div className="sm:w-40">
                <label htmlFor={`${id}-from`} className="mb-1 block text-xs font-medium text-slate-600">
                  From
                </label>
                <input id={`${id}-from`} type="date" value={custom.from} onChange={(e) => setCustom((r) => ({ ...r, from: e.target.value }))} className={fieldClass} aria-invalid={rangeError ? true : undefined} />
              </div>
              <div className="sm:w-40">
                <label htmlFor={`${id}-to`} className="mb-1 block text-xs font-medium text-slate-600">
                  To
                </label>
                <input id={`${id}-to`} type="date" value={custom.to} onChange={(e) => setCustom((r) => ({ ...r, to: e.target.value }))} className={fieldClass} aria-invalid={rangeError ? true : undefined} />
              </div>
            </>
          ) : null}
          <div className="sm:w-72">
          <p id={`${id}-centers`} className="mb-1 text-xs font-medium text-slate-600">
            Cost centers
          </p>
          <details className="group relative">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
              <span>
                <span className="sr-only">Cost centers: </span>
                {selected === null ? 'Top-level cost centers' : `${selected.length} cost center${selected.length === 1 ? '' : 's'} selected`}
              </span>
              <ListTree className="h-4 w-4 text-slate-400" aria-hidden="true" />
            </summary>
            <fieldset className="absolute z-30 mt-1 max-h-80 w-full min-w-72 overflow-y-auto rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
              <legend className="sr-only">Cost centers to compare</legend>
              <div className="mb-2 flex gap-3 text-xs">
                <button type="button" className="font-medium text-brand-800 underline-offset-2 hover:underline" onClick={() => setSelected(null)}>
                  Top-level only
                </button>
                <button type="button" className="font-medium text-brand-800 underline-offset-2 hover:underline" onClick={() => setSelected(tree.filter((c) => !c.archived).slice(0, MAX_REPORT_COST_CENTERS).map((c) => c.code))}>
                  All active
                </button>
              </div>
              {tree.map((c) => (
                <label key={c.code} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-50" style={{ paddingLeft: `${0.25 + c.depth * 1.1}rem` }}>
                  <input type="checkbox" checked={selectedSet.has(c.code)} onChange={() => toggle(c.code)} className="h-4 w-4 accent-brand-800" />
                  <span className="truncate">
                    {c.name} <span className="font-mono text-xs text-slate-500">{c.code}</span>
                    {c.archived ? <span className="text-xs text-slate-400"> · archived</span> : null}
                  </span>
                </label>
              ))}
              {tree.length === 0 ? <p className="text-sm text-slate-500">No cost centers yet.</p> : null}
            </fieldset>
          </details>
          </div>
          {rangeError ? (
            <p role="alert" className="text-xs font-medium text-red-700 sm:basis-full">
              {rangeError}
            </p>
          ) : null}
        </div>
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600" aria-live="polite">
          {report.isFetching ? 'Updating…' : data ? `${formatRange({ from: data.from, to: data.to })}. Each cost center includes its sub-centers; income and expenses carry their natural sign.` : ' '}
          {data && !data.disjoint ? ' Some selected cost centers sit inside others, so no total across them is shown.' : null}
        </p>

        {report.isError ? (
          <div role="alert" className="px-6 py-10 text-center">
            <p className="font-semibold text-ink">Couldn't load the report</p>
            <p className="mt-1 text-sm text-slate-500">{errorText(report.error, 'Request failed')}</p>
            <div className="mt-4">
              <Button readAllowed variant="primary" onClick={() => void report.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        ) : (
          <>
            <div className="relative overflow-x-auto border-t border-slate-200" role="region" aria-label="Actuals by cost center and account" tabIndex={0}>
              <table className="w-max min-w-full border-collapse text-left">
                <caption className="sr-only">Actuals by cost center and account, in AED{data ? `, ${formatRange({ from: data.from, to: data.to })}` : ''}</caption>
                <thead>
                  <tr className="border-b border-slate-200 bg-slate-50/70">
                    <th scope="col" className="sticky left-0 z-20 bg-slate-50 px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
                      Account
                    </th>
                    {(keys.length ? keys : ['Cost center', 'No cost center', 'Whole company']).map((k) => {
                      const c = columnOf(k);
                      return (
                        <th key={k} scope="col" className="whitespace-nowrap px-4 py-2.5 text-right align-bottom">
                          <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{k === TOTAL_KEY ? 'Selected' : c ? (c.code ?? c.label) : k}</span>
                          <span className="block text-[11px] font-normal normal-case text-slate-500">{k === TOTAL_KEY ? 'sum of the columns' : c ? (c.code ? c.label : columnNote(c)) : 'AED'}</span>
                          {c && c.code ? <span className="block text-[11px] font-normal text-slate-400">{columnNote(c)}</span> : null}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {report.isPending && !rangeError ? (
                    <tr>
                      <td colSpan={keys.length + 1 || 4} className="px-4 py-10 text-center text-sm text-slate-500" role="status">
                        Adding up the cost centers…
                      </td>
                    </tr>
                  ) : (
                    <>
                      {section('Income', income)}
                      {income.length ? totalLine('Total income', 'income') : null}
                      {section('Expenses', expense)}
                      {expense.length ? totalLine('Total expenses', 'expense') : null}
                    </>
                  )}
                </tbody>
                {accounts.length ? (
                  <tfoot>
                    {totalLine('Net (income − expenses)', 'net', true)}
                    <tr className="border-t border-slate-200">
                      <th scope="row" className="sticky left-0 z-10 max-w-36 bg-white px-3 py-2.5 text-left text-sm font-medium text-slate-600 sm:max-w-none sm:px-4">
                        Budgeted expenses
                      </th>
                      {keys.map((k) => (
                        <td key={k} className="whitespace-nowrap px-4 py-2.5 text-right text-sm text-slate-600">
                          <Amount value={columnTotal(k, 'budgetExpense')} blankZero />
                        </td>
                      ))}
                    </tr>
                    <tr>
                      <th scope="row" className="sticky left-0 z-10 max-w-36 bg-white px-3 py-2.5 text-left text-sm font-medium text-slate-600 sm:max-w-none sm:px-4">
                        Spending against budget
                      </th>
                      {keys.map((k) => {
                        const pct = variancePercent(columnTotal(k, 'expense'), columnTotal(k, 'budgetExpense'));
                        const over = pct !== null && !pct.startsWith('-') && pct !== '0.0';
                        const even = pct === '0.0' || pct === '-0.0';
                        return (
                          <td key={k} className="whitespace-nowrap px-4 py-2.5 text-right text-sm">
                            {pct === null ? (
                              <span className="text-slate-400">No budget</span>
                            ) : (
                              <Badge tone={over ? 'warning' : 'brand'}>{even ? 'On budget' : over ? `${pct}% over` : `${pct.replace('-', '')}% under`}</Badge>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  </tfoot>
                ) : null}
              </table>
            </div>
            {data && accounts.length === 0 ? (
              <EmptyState icon={ListTree} title="Nothing posted in this period">
                No income or expense lines were posted between {formatDay(data.from)} and {formatDay(data.to)}. Choose a longer period, or post entries with a cost center on each line.
              </EmptyState>
            ) : null}
          </>
        )}
      </Card>

      <DrillDown cell={drill} range={data ? { from: data.from, to: data.to } : range} onClose={() => setDrill(null)} />
    </>
  );
}

const PAGE = 25;

function DrillDown({ cell, range, onClose }: { cell: Cell | null; range: Range; onClose: () => void }) {
  const [offset, setOffset] = useState(0);
  const key = cell ? `${cell.column.key}|${cell.accountCode}` : '';
  const [shownFor, setShownFor] = useState(key);
  if (shownFor !== key) {
    setShownFor(key);
    setOffset(0);
  }
  const url = cell
    ? apiUrl(`${BUDGETS_API}/cost-centers/lines`, { from: range.from, to: range.to, account: cell.accountCode, costCenter: cell.column.kind === 'cost-center' ? (cell.column.code ?? undefined) : undefined, limit: PAGE, offset })
    : '';
  const q = useQuery<CostCenterLinesJson>({ queryKey: [url], enabled: Boolean(cell), placeholderData: keepPreviousData });
  const d = q.data;
  const lines = Array.isArray(d?.lines) ? d.lines : [];
  const closing = lines.some((l) => l.kind === 'closing');
  const where = cell ? (cell.column.kind === 'company' ? 'the whole company' : `${cell.column.label} (${cell.column.code})${cell.column.subCenters ? ' and its sub-centers' : ''}`) : '';
  const total = d?.page?.total ?? 0;
  return (
    <Dialog
      open={cell !== null}
      onClose={onClose}
      wide
      title={cell ? `${cell.accountCode} ${cell.accountName}` : 'Journal lines'}
      description={cell ? `Posted lines for ${where}, ${formatRange(range)}. The report shows AED ${formatFils(BigInt(cell.value))}.` : undefined}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {q.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(q.error, "Couldn't load the lines.")}
        </p>
      ) : (
        <>
          <div className="relative overflow-x-auto rounded-lg border border-slate-200" role="region" aria-label="Journal lines" tabIndex={0}>
            <table className="w-full min-w-[720px] text-left text-sm">
              <caption className="sr-only">Journal lines behind the figure</caption>
              <thead>
                <tr className="border-b border-slate-200 bg-slate-50/70 text-xs uppercase tracking-wide text-slate-500">
                  <th scope="col" className="px-3 py-2 font-semibold">Date</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Entry</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Memo</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Cost center</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">Debit (AED)</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">Credit (AED)</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {q.isPending ? (
                  <tr>
                    <td colSpan={6} className="px-3 py-6 text-center text-slate-500" role="status">
                      Loading the lines…
                    </td>
                  </tr>
                ) : lines.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-3 py-6 text-center text-slate-500">
                      No posted lines.
                    </td>
                  </tr>
                ) : (
                  lines.map((l, i) => (
                    <tr key={`${l.entryId}-${i}`} className={l.kind === 'closing' ? 'bg-slate-50 text-slate-500' : undefined}>
                      <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDay(l.date)}</td>
                      <td className="whitespace-nowrap px-3 py-2">
                        <Link href={`/admin/journal-entries?entry=${encodeURIComponent(l.entryId)}`} className="font-mono text-xs font-medium text-brand-800 underline-offset-2 hover:underline">
                          {l.entryNumber}
                        </Link>
                        {l.kind !== 'standard' ? <span className="ml-1.5 text-xs text-slate-500">{l.kind === 'closing' ? 'year-end closing' : l.kind}</span> : null}
                      </td>
                      <td className="max-w-72 px-3 py-2">
                        <span className="line-clamp-2">{l.lineMemo || l.memo || <span className="text-slate-400">No memo</span>}</span>
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{l.costCenter ?? <span className="font-sans text-slate-400">None</span>}</td>
                      <td className="whitespace-nowrap px-3 py-2 text-right">
                        <Amount value={l.debit} blankZero />
                      </td>
                      <td className="whitespace-nowrap px-3 py-2 text-right">
                        <Amount value={l.credit} blankZero />
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
              {d && lines.length ? (
                <tfoot>
                  <tr className="border-t border-slate-200 bg-slate-50/70 font-semibold">
                    <th scope="row" colSpan={4} className="px-3 py-2 text-left">
                      All {total.toLocaleString('en-US')} lines in the period
                    </th>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <Amount value={d.totals.debit} />
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <Amount value={d.totals.credit} />
                    </td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
          {closing ? <p className="mt-2 text-xs text-slate-500">Year-end closing lines move the year's result into retained earnings; they are listed here but left out of the report's figure.</p> : null}
          {total > PAGE ? (
            <nav aria-label="Journal line pages" className="mt-3 flex items-center justify-between text-sm text-slate-600">
              <span>
                {offset + 1}–{Math.min(offset + PAGE, total)} of {total.toLocaleString('en-US')}
              </span>
              <span className="flex gap-2">
                <Button icon={ChevronLeft} onClick={() => setOffset(Math.max(0, offset - PAGE))} disabled={offset === 0 || q.isFetching}>
                  Previous
                </Button>
                <Button onClick={() => setOffset(offset + PAGE)} disabled={offset + PAGE >= total || q.isFetching}>
                  Next
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </span>
            </nav>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
