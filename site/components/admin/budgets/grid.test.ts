import { describe, expect, it } from 'vitest';
import { applyEdit, arrowLeavesCell, cellState, cellText, gridTotals, moveFrom, pendingChanges, tidyEdit, type GridRow } from './grid';

const months = (...v: number[]) => Array.from({ length: 12 }, (_, i) => BigInt(v[i] ?? 0));
const rows: GridRow[] = [
  { accountCode: '4110', accountName: 'Platform fees', accountType: 'income', archived: false, amounts: months(5_000_000, 5_000_000) },
  { accountCode: '6110', accountName: 'Salaries and wages', accountType: 'expense', archived: false, amounts: months(3_000_000, 3_000_000, 3_000_000) },
  { accountCode: '6210', accountName: 'Office rent', accountType: 'expense', archived: false, amounts: months(1_000_050) },
];

describe('budget grid cells', () => {
  it('shows saved amounts grouped, zero as blank, and typed text as typed', () => {
    expect(cellText(rows[2], 0, {})).toBe('10,000.50');
    expect(cellText(rows[2], 1, {})).toBe('');
    expect(cellText(rows[2], 1, { '6210:1': '12.3' })).toBe('12.3');
  });

  it('parses typed AED into bigint fils and marks only real changes dirty', () => {
    let edits = applyEdit({}, rows[1], 0, '30,000');
    expect(edits).toEqual({}); // same as saved: not dirty
    edits = applyEdit(edits, rows[1], 0, '30000.01');
    expect(cellState(rows[1], 0, edits)).toEqual({ amount: 3_000_001n, dirty: true, error: null });
    edits = applyEdit(edits, rows[1], 1, '1.005');
    expect(cellState(rows[1], 1, edits)).toMatchObject({ amount: 3_000_000n, dirty: true, error: expect.stringMatching(/at most two decimals/) });
    expect(tidyEdit(edits, rows[1], 0)['6110:0']).toBe('30,000.01');
    expect(tidyEdit(edits, rows[1], 1)['6110:1']).toBe('1.005');
  });

  it('lists what Save sends (with the amount it replaces) and what blocks it', () => {
    const edits = { '6110:0': '31,000', '6110:1': 'abc', '4110:5': '(100)', '6210:0': '10000.50' };
    const { changed, invalid } = pendingChanges(rows, edits);
    expect(changed).toEqual([
      { accountCode: '4110', month: 5, amount: -10_000n, previous: 0n },
      { accountCode: '6110', month: 0, amount: 3_100_000n, previous: 3_000_000n },
    ]);
    expect(invalid).toEqual([{ accountCode: '6110', accountName: 'Salaries and wages', month: 1, text: 'abc', message: expect.any(String) }]);
  });
});

describe('budget grid totals', () => {
  it('adds rows and months, income and expenses apart, and net as income − expenses', () => {
    const t = gridTotals(rows, {});
    expect(t.rows.get('6110')).toBe(9_000_000n);
    expect(t.income.slice(0, 3)).toEqual([5_000_000n, 5_000_000n, 0n]);
    expect(t.expense.slice(0, 3)).toEqual([4_000_050n, 3_000_000n, 3_000_000n]);
    expect(t.net.slice(0, 3)).toEqual([999_950n, 2_000_000n, -3_000_000n]);
    expect(t.incomeTotal).toBe(10_000_000n);
    expect(t.expenseTotal).toBe(10_000_050n);
    expect(t.netTotal).toBe(-50n);
  });

  it('follows what is typed, exactly to the fil, and ignores text that does not parse', () => {
    const edits = { '6210:0': '0.01', '6210:1': '0.02', '6210:2': '12.5.0' };
    const t = gridTotals(rows, edits);
    expect(t.rows.get('6210')).toBe(3n);
    expect(t.expense[0]).toBe(3_000_001n);
    expect(t.expenseTotal).toBe(9_000_003n);
    // Many small amounts never drift the way floats do (0.1 + 0.2 ≠ 0.3).
    const many: GridRow[] = Array.from({ length: 30 }, (_, i) => ({ accountCode: `6${i}`, accountName: 'x', accountType: 'expense', archived: false, amounts: months() }));
    const typed = Object.fromEntries(many.flatMap((r) => Array.from({ length: 12 }, (_, m) => [`${r.accountCode}:${m}`, '0.10'])));
    expect(gridTotals(many, typed).expenseTotal).toBe(3_600n);
  });
});

describe('keyboard movement', () => {
  it('moves with arrows and Enter, and stops at the edges', () => {
    expect(moveFrom({ row: 1, col: 3 }, 'ArrowDown', 3)).toEqual({ row: 2, col: 3 });
    expect(moveFrom({ row: 1, col: 3 }, 'Enter', 3)).toEqual({ row: 2, col: 3 });
    expect(moveFrom({ row: 1, col: 3 }, 'ShiftEnter', 3)).toEqual({ row: 0, col: 3 });
    expect(moveFrom({ row: 1, col: 3 }, 'ArrowLeft', 3)).toEqual({ row: 1, col: 2 });
    expect(moveFrom({ row: 2, col: 3 }, 'ArrowDown', 3)).toBeNull();
    expect(moveFrom({ row: 0, col: 11 }, 'ArrowRight', 3)).toBeNull();
  });

  it('leaves a cell sideways only from the edge of its text', () => {
    expect(arrowLeavesCell('ArrowLeft', '1234', 0, 4)).toBe(true); // all selected on arrival
    expect(arrowLeavesCell('ArrowLeft', '1234', 2, 2)).toBe(false);
    expect(arrowLeavesCell('ArrowLeft', '1234', 0, 0)).toBe(true);
    expect(arrowLeavesCell('ArrowRight', '1234', 4, 4)).toBe(true);
    expect(arrowLeavesCell('ArrowRight', '1234', 1, 3)).toBe(false);
  });
});
