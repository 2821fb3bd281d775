/**
 * The budget grid's state without React: saved amounts per account and month (bigint fils), what the
 * person has typed over them, and what follows — each cell's amount or error, dirty cells, row and
 * column totals, and where the arrow keys go. Money never passes through a float.
 */
import { formatFils, parseAedAmount, type BudgetAccountType, type GridRowJson } from '@modules/budgets/contract';

export type GridRow = { accountCode: string; accountName: string; accountType: BudgetAccountType; archived: boolean; amounts: bigint[] };
/** Typed text by cell key; a cell without an entry shows its saved amount. */
export type Edits = Record<string, string>;

export const cellKey = (accountCode: string, month: number) => `${accountCode}:${month}`;

export function rowsFromJson(rows: GridRowJson[] | undefined): GridRow[] {
  return (rows ?? []).map((r) => ({ ...r, amounts: Array.from({ length: 12 }, (_, m) => BigInt(r.amounts?.[m] ?? '0')) }));
}

/** What a cell shows: the typed text, or its saved amount ("12,500.00"; blank for zero). */
export function cellText(row: GridRow, month: number, edits: Edits): string {
  const typed = edits[cellKey(row.accountCode, month)];
  if (typed !== undefined) return typed;
  const saved = row.amounts[month];
  return saved === 0n ? '' : formatFils(saved);
}

export type CellState = { amount: bigint; dirty: boolean; error: string | null };

/** A cell's amount (the typed one when it parses, else the saved one), whether it differs from what's saved, and its error. */
export function cellState(row: GridRow, month: number, edits: Edits): CellState {
  const saved = row.amounts[month];
  const typed = edits[cellKey(row.accountCode, month)];
  if (typed === undefined) return { amount: saved, dirty: false, error: null };
  const parsed = parseAedAmount(typed);
  if (!parsed.ok) return { amount: saved, dirty: true, error: parsed.message };
  return { amount: parsed.fils, dirty: parsed.fils !== saved, error: null };
}

/**
 * Records typed text. Text that parses to the saved amount is forgotten (the cell is clean again);
 * anything else — including text that doesn't parse — is kept, so the person can correct it.
 */
export function applyEdit(edits: Edits, row: GridRow, month: number, text: string): Edits {
  const key = cellKey(row.accountCode, month);
  const parsed = parseAedAmount(text);
  const next = { ...edits };
  if (parsed.ok && parsed.fils === row.amounts[month]) delete next[key];
  else next[key] = text;
  return next;
}

/** On leaving a cell: a valid amount is shown tidily ("12500.5" → "12,500.50"); invalid text stays as typed. */
export function tidyEdit(edits: Edits, row: GridRow, month: number): Edits {
  const key = cellKey(row.accountCode, month);
  const typed = edits[key];
  if (typed === undefined) return edits;
  const parsed = parseAedAmount(typed);
  if (!parsed.ok) return edits;
  return { ...edits, [key]: parsed.fils === 0n ? '' : formatFils(parsed.fils) };
}

export type GridTotals = {
  rows: Map<string, bigint>;
  income: bigint[];
  expense: bigint[];
  net: bigint[];
  incomeTotal: bigint;
  expenseTotal: bigint;
  netTotal: bigint;
};

/** Row totals, month totals for income and for expenses, and net (income − expenses), from what the cells show now. */
export function gridTotals(rows: GridRow[], edits: Edits): GridTotals {
  const income = Array.from({ length: 12 }, () => 0n);
  const expense = Array.from({ length: 12 }, () => 0n);
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    let total = 0n;
    for (let m = 0; m < 12; m++) {
      const { amount } = cellState(row, m, edits);
      total += amount;
      (row.accountType === 'income' ? income : expense)[m] += amount;
    }
    totals.set(row.accountCode, total);
  }
  const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);
  const net = income.map((v, m) => v - expense[m]);
  return { rows: totals, income, expense, net, incomeTotal: sum(income), expenseTotal: sum(expense), netTotal: sum(net) };
}

export type PendingCell = { accountCode: string; month: number; amount: bigint; previous: bigint };
export type InvalidCell = { accountCode: string; accountName: string; month: number; text: string; message: string };

/** The cells to save (changed and valid) and the ones that block saving. */
export function pendingChanges(rows: GridRow[], edits: Edits): { changed: PendingCell[]; invalid: InvalidCell[] } {
  const changed: PendingCell[] = [];
  const invalid: InvalidCell[] = [];
  for (const row of rows) {
    for (let m = 0; m < 12; m++) {
      const key = cellKey(row.accountCode, m);
      if (edits[key] === undefined) continue;
      const s = cellState(row, m, edits);
      if (s.error) invalid.push({ accountCode: row.accountCode, accountName: row.accountName, month: m, text: edits[key], message: s.error });
      else if (s.dirty) changed.push({ accountCode: row.accountCode, month: m, amount: s.amount, previous: row.amounts[m] });
    }
  }
  return { changed, invalid };
}

export type Position = { row: number; col: number };
export type NavKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Enter' | 'ShiftEnter';

/** Where a key moves the focus in a grid of `rowCount` × 12 cells; null when it stays (at an edge). */
export function moveFrom(pos: Position, key: NavKey, rowCount: number): Position | null {
  const next = { ...pos };
  if (key === 'ArrowUp' || key === 'ShiftEnter') next.row -= 1;
  else if (key === 'ArrowDown' || key === 'Enter') next.row += 1;
  else if (key === 'ArrowLeft') next.col -= 1;
  else if (key === 'ArrowRight') next.col += 1;
  if (next.row < 0 || next.row >= rowCount || next.col < 0 || next.col > 11) return null;
  return next;
}

/**
 * Left and right move between cells only when the caret is at that edge of the text (or the whole
 * text is selected, as it is on arriving in a cell), so editing inside a number still works.
 */
export function arrowLeavesCell(key: 'ArrowLeft' | 'ArrowRight', value: string, selectionStart: number | null, selectionEnd: number | null): boolean {
  if (selectionStart === null || selectionEnd === null) return true;
  if (selectionStart === 0 && selectionEnd === value.length) return true;
  if (selectionStart !== selectionEnd) return false;
  return key === 'ArrowLeft' ? selectionStart === 0 : selectionEnd === value.length;
}
