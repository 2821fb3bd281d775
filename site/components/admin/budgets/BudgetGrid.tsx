/**
 * The budget grid: income and expense accounts × the twelve months of a budget year, amounts in AED.
 * It works like a spreadsheet — arrows move between cells (left and right from the edge of the text),
 * Enter moves down and Shift+Enter up, Escape undoes the cell, Ctrl/⌘+S saves — with row, month,
 * income, expense and net totals that follow the typing, changed cells highlighted and counted, and
 * one Save that sends every changed cell in a single request (all or nothing on the server).
 */
import { RotateCcw, Save } from 'lucide-react';
import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MONTH_LONG, MONTH_SHORT, type BudgetGridJson, type SaveCellsJson } from '@modules/budgets/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Button, cx } from '../ui';
import { applyEdit, arrowLeavesCell, cellKey, cellState, cellText, gridTotals, moveFrom, pendingChanges, rowsFromJson, tidyEdit, type Edits, type GridRow, type NavKey } from './grid';
import { Amount, BUDGETS_API, ErrorNote } from './parts';

type Props = {
  year: number;
  costCenter: { code: string; name: string } | null;
  grid: BudgetGridJson | undefined;
  loading?: boolean;
  /** Called after a save, so the screen can refresh what depends on the budget. */
  onSaved: () => void;
  /** Re-reads the grid from the server (typed changes are kept). */
  onReload: () => void;
  onDirtyChange?: (count: number) => void;
};

const monthNumber = (m: number) => String(m + 1).padStart(2, '0');

export function BudgetGrid({ year, costCenter, grid, loading, onSaved, onReload, onDirtyChange }: Props) {
  const rows = useMemo(() => rowsFromJson(grid?.rows), [grid]);
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; conflict: boolean; cells: string[] } | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const baseId = useId();
  const changedNoteId = `${baseId}-changed`;

  // A new year or cost center starts clean.
  useEffect(() => {
    setEdits({});
    setServerError(null);
  }, [year, costCenter?.code]);

  const income = rows.filter((r) => r.accountType === 'income');
  const expense = rows.filter((r) => r.accountType === 'expense');
  const ordered = [...income, ...expense];
  const editable = ordered.filter((r) => !r.archived);
  const rowIndex = new Map(editable.map((r, i) => [r.accountCode, i]));

  const totals = useMemo(() => gridTotals(rows, edits), [rows, edits]);
  const { changed, invalid } = useMemo(() => pendingChanges(rows, edits), [rows, edits]);
  const dirtyCount = changed.length + invalid.length;
  useEffect(() => onDirtyChange?.(dirtyCount), [dirtyCount, onDirtyChange]);

  // Leaving the page with unsaved amounts asks first.
  useEffect(() => {
    if (dirtyCount === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirtyCount]);

  const focusCell = (row: number, col: number) => {
    const el = inputs.current.get(`${row}:${col}`);
    if (el) {
      el.focus();
      el.select();
    }
  };

  const save = useCallback(async () => {
    if (saving || changed.length === 0 || invalid.length > 0) return;
    setSaving(true);
    setServerError(null);
    try {
      const res = await api.put<SaveCellsJson>(`${BUDGETS_API}/${year}/cells`, {
        cells: changed.map((c) => ({
          accountCode: c.accountCode,
          costCenter: costCenter?.code ?? null,
          month: `${year}-${monthNumber(c.month)}`,
          amount: c.amount.toString(),
          previous: c.previous.toString(),
        })),
      });
      setEdits({});
      toast({ title: 'Budget saved', description: res.message, variant: 'success' });
      onSaved();
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { errors?: { index: number; message: string }[] } | undefined) : undefined;
      const cells = (body?.errors ?? []).map((e) => {
        const c = changed[e.index];
        return c ? `${c.accountCode} ${MONTH_SHORT[c.month]}: ${e.message}` : e.message;
      });
      setServerError({ message: errorText(err, 'The budget could not be saved. Please try again.'), conflict: err instanceof ApiError && err.status === 409, cells });
      toast({ title: 'Not saved', description: errorText(err, 'The budget could not be saved.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }, [saving, changed, invalid.length, year, costCenter?.code, onSaved]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, row: GridRow, r: number, m: number) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      void save();
      return;
    }
    if (e.key === 'Escape') {
      const key = cellKey(row.accountCode, m);
      if (edits[key] !== undefined) {
        e.preventDefault();
        e.stopPropagation();
        setEdits(({ [key]: _, ...rest }) => rest);
      }
      return;
    }
    let nav: NavKey | null = null;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') nav = e.key;
    else if (e.key === 'Enter') nav = e.shiftKey ? 'ShiftEnter' : 'Enter';
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const el = e.currentTarget;
      if (arrowLeavesCell(e.key, el.value, el.selectionStart, el.selectionEnd)) nav = e.key;
    }
    if (!nav) return;
    e.preventDefault();
    const next = moveFrom({ row: r, col: m }, nav, editable.length);
    if (next) focusCell(next.row, next.col);
  };

  const caption = `${grid?.budget?.name ?? `FY${year}`} budget, ${costCenter ? `${costCenter.name} (${costCenter.code})` : 'company-wide amounts with no cost center'}, in AED`;

  const renderRow = (row: GridRow) => {
    const r = rowIndex.get(row.accountCode);
    return (
      <tr key={row.accountCode} className="group">
        <th scope="row" className="sticky left-0 z-10 w-44 min-w-44 max-w-44 border-r border-slate-200 bg-white px-3 py-1.5 text-left align-middle font-normal group-hover:bg-slate-50 sm:w-60 sm:min-w-60 sm:max-w-60">
          <span className="block truncate text-sm text-ink" title={`${row.accountCode} ${row.accountName}`}>
            <span className="font-mono text-xs text-slate-500">{row.accountCode}</span> {row.accountName}
          </span>
          {row.archived ? <span className="text-[11px] text-slate-500">Archived account: amounts are read-only</span> : null}
        </th>
        {MONTH_SHORT.map((_, m) => {
          if (row.archived || r === undefined) {
            return (
              <td key={m} className="px-3 py-1.5 text-right text-sm text-slate-500">
                <Amount value={row.amounts[m]} blankZero />
              </td>
            );
          }
          const state = cellState(row, m, edits);
          const errorId = `${baseId}-${row.accountCode}-${m}-error`;
          return (
            <td key={m} className="p-0.5">
              <input
                ref={(el) => {
                  if (el) inputs.current.set(`${r}:${m}`, el);
                  else inputs.current.delete(`${r}:${m}`);
                }}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                data-cell={`${row.accountCode}:${m}`}
                aria-label={`${row.accountCode} ${row.accountName}, ${MONTH_LONG[m]} ${year}`}
                aria-invalid={state.error ? true : undefined}
                aria-describedby={state.error ? errorId : state.dirty ? changedNoteId : undefined}
                title={state.error ?? undefined}
                value={cellText(row, m, edits)}
                placeholder="0.00"
                onFocus={(e) => e.currentTarget.select()}
                onChange={(e) => setEdits((prev) => applyEdit(prev, row, m, e.target.value))}
                onBlur={() => setEdits((prev) => tidyEdit(prev, row, m))}
                onKeyDown={(e) => onKeyDown(e, row, r, m)}
                className={cx(
                  'w-28 rounded-md border px-2 py-1.5 text-right text-sm tabular-nums text-ink placeholder:text-slate-300 focus:outline-none focus:ring-2',
                  state.error
                    ? 'border-red-400 bg-red-50 focus:ring-red-200'
                    : state.dirty
                      ? 'border-sand-400 bg-sand-50 font-medium focus:ring-sand-200'
                      : 'border-transparent bg-transparent hover:border-slate-200 focus:border-brand-500 focus:bg-white focus:ring-brand-200',
                )}
              />
              {state.error ? (
                <span id={errorId} className="sr-only">
                  {state.error}
                </span>
              ) : null}
            </td>
          );
        })}
        <td className="whitespace-nowrap border-l border-slate-200 bg-slate-50/60 px-3 py-1.5 text-right text-sm font-medium text-ink">
          <Amount value={totals.rows.get(row.accountCode) ?? 0n} blankZero />
        </td>
      </tr>
    );
  };

  const totalRow = (label: string, months: bigint[], total: bigint, strong?: boolean) => (
    <tr className={cx('border-t border-slate-200', strong ? 'bg-brand-50/60' : 'bg-slate-50/80')}>
      <th scope="row" className={cx('sticky left-0 z-10 border-r border-slate-200 px-3 py-2 text-left text-sm font-semibold text-ink', strong ? 'bg-brand-50' : 'bg-slate-50')}>
        {label}
      </th>
      {months.map((v, m) => (
        <td key={m} className="whitespace-nowrap px-3 py-2 text-right text-sm font-semibold text-ink">
          <Amount value={v} />
        </td>
      ))}
      <td className="whitespace-nowrap border-l border-slate-200 px-3 py-2 text-right text-sm font-semibold text-ink">
        <Amount value={total} />
      </td>
    </tr>
  );

  const section = (title: string, list: GridRow[]) => (
    <Fragment key={title}>
      <tr>
        <th scope="colgroup" colSpan={14} className="sticky left-0 bg-white px-3 pb-1 pt-4 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          {title}
        </th>
      </tr>
      {list.length ? (
        list.map(renderRow)
      ) : (
        <tr>
          <td colSpan={14} className="px-3 py-2 text-sm text-slate-500">
            No {title.toLowerCase()} accounts in the chart yet.
          </td>
        </tr>
      )}
    </Fragment>
  );

  return (
    <div>
      <div className="relative overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
        <table className="w-max min-w-full border-collapse text-left">
          <caption className="sr-only">{caption}. Use the arrow keys to move between cells, Enter to move down, Escape to undo a cell.</caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50/70">
              <th scope="col" className="sticky left-0 z-20 border-r border-slate-200 bg-slate-50 px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
                Account
              </th>
              {MONTH_SHORT.map((m, i) => (
                <th key={m} scope="col" className="px-3 py-2.5 text-right text-xs font-semibold uppercase tracking-wide text-slate-500">
                  <abbr title={`${MONTH_LONG[i]} ${year}`} className="no-underline">
                    {m}
                  </abbr>
                </th>
              ))}
              <th scope="col" className="border-l border-slate-200 px-3 py-2.5 text-right text-xs font-semibold uppercase tracking-wide text-slate-500">
                Year
              </th>
            </tr>
          </thead>
          <tbody>
            {loading && !grid ? (
              <tr>
                <td colSpan={14} className="px-3 py-10 text-center text-sm text-slate-500" role="status">
                  Loading the budget…
                </td>
              </tr>
            ) : (
              <>
                {section('Income', income)}
                {totalRow('Total income', totals.income, totals.incomeTotal)}
                {section('Expenses', expense)}
                {totalRow('Total expenses', totals.expense, totals.expenseTotal)}
              </>
            )}
          </tbody>
          <tfoot>{totalRow('Net (income − expenses)', totals.net, totals.netTotal, true)}</tfoot>
        </table>
      </div>
      <span id={changedNoteId} className="sr-only">
        Changed, not saved yet
      </span>

      <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          {dirtyCount === 0 ? (
            'All amounts are saved.'
          ) : (
            <>
              <span className="mr-1.5 inline-block h-2.5 w-2.5 rounded-sm border border-sand-400 bg-sand-100 align-middle" aria-hidden="true" />
              <span className="font-semibold text-ink">{changed.length}</span> unsaved {changed.length === 1 ? 'change' : 'changes'}
              {invalid.length ? (
                <span className="text-red-700">
                  {' '}
                  · {invalid.length} {invalid.length === 1 ? 'cell needs' : 'cells need'} correcting
                </span>
              ) : null}
            </>
          )}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button icon={RotateCcw} onClick={() => setEdits({})} disabled={dirtyCount === 0 || saving}>
            Discard changes
          </Button>
          <Button variant="primary" icon={Save} onClick={() => void save()} disabled={saving || changed.length === 0 || invalid.length > 0}>
            {saving ? 'Saving…' : changed.length ? `Save ${changed.length} ${changed.length === 1 ? 'change' : 'changes'}` : 'Save'}
          </Button>
        </div>
      </div>

      {invalid.length ? (
        <div className="px-4 pb-4">
          <ErrorNote title="Correct these cells to save">
            <ul className="list-disc pl-5">
              {invalid.slice(0, 6).map((c) => (
                <li key={`${c.accountCode}:${c.month}`}>
                  {c.accountCode} {c.accountName}, {MONTH_LONG[c.month]}: “{c.text}” — {c.message}
                </li>
              ))}
              {invalid.length > 6 ? <li>and {invalid.length - 6} more</li> : null}
            </ul>
          </ErrorNote>
        </div>
      ) : null}
      {serverError ? (
        <div className="px-4 pb-4">
          <ErrorNote title="The budget was not saved">
            <p>{serverError.message}</p>
            {serverError.cells.length ? (
              <ul className="mt-1 list-disc pl-5">
                {serverError.cells.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            ) : null}
            {serverError.conflict ? (
              <button type="button" onClick={() => { setServerError(null); onReload(); }} className="mt-2 font-semibold text-red-900 underline underline-offset-2">
                Load the latest amounts (your typed changes stay)
              </button>
            ) : null}
          </ErrorNote>
        </div>
      ) : null}
    </div>
  );
}
