// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BudgetGridJson } from '@modules/budgets/contract';
import { BudgetGrid } from './BudgetGrid';

const m12 = (...v: string[]) => Array.from({ length: 12 }, (_, i) => v[i] ?? '0');
const sum = (xs: string[]) => xs.reduce((s, x) => s + BigInt(x), 0n).toString();
const row = (accountCode: string, accountName: string, accountType: 'income' | 'expense', amounts: string[]) => ({ accountCode, accountName, accountType, archived: false, amounts, total: sum(amounts) });

const grid: BudgetGridJson = {
  year: 2026,
  budget: { id: 'b1', name: 'FY2026', fiscalYear: 2026, description: '', income: '1000000', expense: '800000', net: '200000', cells: 3, updatedAt: '2026-01-01T00:00:00Z' },
  costCenter: { code: 'OPS', name: 'Operations' },
  months: m12().map((_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
  rows: [row('4110', 'Platform fees', 'income', m12('1000000')), row('6110', 'Salaries and wages', 'expense', m12('500000', '250000')), row('6210', 'Office rent', 'expense', m12('50000'))],
  totals: { income: { months: [], total: '0' }, expense: { months: [], total: '0' }, net: { months: [], total: '0' } },
};

const cell = (code: string, month: string) => screen.getByRole('textbox', { name: new RegExp(`^${code} .*, ${month} 2026$`) }) as HTMLInputElement;
const totalRow = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;
const cellsOf = (tr: Element) => within(tr as HTMLElement).getAllByRole('cell').map((td) => td.textContent);

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Saved 2 cells of the FY2026 budget.', saved: 2, removed: 0 }), { headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderGrid(props: Partial<Parameters<typeof BudgetGrid>[0]> = {}) {
  const onSaved = vi.fn();
  render(<BudgetGrid year={2026} costCenter={{ code: 'OPS', name: 'Operations' }} grid={grid} onSaved={onSaved} onReload={() => {}} {...props} />);
  return { onSaved };
}

describe('budget grid', () => {
  it('shows saved amounts with row, month, income, expense and net totals', () => {
    renderGrid();
    expect(cell('6110', 'January').value).toBe('5,000.00');
    expect(cell('6110', 'March').value).toBe('');
    expect(within(screen.getByRole('rowheader', { name: /6110 Salaries/ }).closest('tr')!).getAllByRole('cell').at(-1)!.textContent).toBe('7,500.00');
    expect(cellsOf(totalRow('Total expenses')).slice(0, 2)).toEqual(['5,500.00', '2,500.00']);
    expect(cellsOf(totalRow('Total expenses')).at(-1)).toBe('8,000.00');
    expect(cellsOf(totalRow('Net (income − expenses)')).slice(0, 2)).toEqual(['4,500.00', '−2,500.00minus 2,500.00']);
  });

  it('recomputes every total as amounts are typed, parsing AED exactly', () => {
    renderGrid();
    fireEvent.change(cell('6210', 'February'), { target: { value: '1,234.56' } });
    fireEvent.change(cell('6110', 'January'), { target: { value: '5000.01' } });
    expect(cellsOf(totalRow('Total expenses')).slice(0, 2)).toEqual(['5,500.01', '3,734.56']);
    expect(cellsOf(totalRow('Total expenses')).at(-1)).toBe('9,234.57');
    expect(within(screen.getByRole('rowheader', { name: /6210 Office rent/ }).closest('tr')!).getAllByRole('cell').at(-1)!.textContent).toBe('1,734.56');
    // Changed cells are marked for assistive technology too, and counted.
    expect(cell('6210', 'February').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/unsaved changes/).textContent).toMatch(/2\s*unsaved changes/);
    expect(screen.getByRole('button', { name: 'Save 2 changes' })).toBeTruthy();
  });

  it('blocks Save while a cell does not parse, and explains which', () => {
    renderGrid();
    fireEvent.change(cell('6110', 'April'), { target: { value: '12.345' } });
    expect(cell('6110', 'April').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/6110 Salaries and wages, April: “12.345”/);
    // Totals keep the saved amount until the cell is corrected.
    expect(cellsOf(totalRow('Total expenses')).at(-1)).toBe('8,000.00');
  });

  it('moves with arrows and Enter like a spreadsheet, and Escape undoes a cell', () => {
    renderGrid();
    const jan = cell('4110', 'January');
    jan.focus();
    fireEvent.keyDown(jan, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('6110', 'January'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('6210', 'January'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', shiftKey: true });
    expect(document.activeElement).toBe(cell('6110', 'January'));
    const el = document.activeElement as HTMLInputElement;
    el.setSelectionRange(el.value.length, el.value.length);
    fireEvent.keyDown(el, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('6110', 'February'));
    const feb = document.activeElement as HTMLInputElement;
    feb.setSelectionRange(1, 1);
    fireEvent.keyDown(feb, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(feb); // caret inside the number: stays
    fireEvent.change(feb, { target: { value: '9' } });
    fireEvent.keyDown(feb, { key: 'Escape' });
    expect(cell('6110', 'February').value).toBe('2,500.00');
  });

  it('saves only the changed cells, with what they replace, in one request', async () => {
    const { onSaved } = renderGrid();
    fireEvent.change(cell('6110', 'January'), { target: { value: '6000' } });
    fireEvent.change(cell('6210', 'December'), { target: { value: '(10)' } });
    fireEvent.change(cell('4110', 'January'), { target: { value: '10000' } }); // unchanged: not sent
    fireEvent.click(screen.getByRole('button', { name: 'Save 2 changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/budgets/2026/cells');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      cells: [
        { accountCode: '6110', costCenter: 'OPS', month: '2026-01', amount: '600000', previous: '500000' },
        { accountCode: '6210', costCenter: 'OPS', month: '2026-12', amount: '-1000', previous: '0' },
      ],
    });
    await waitFor(() => expect(screen.getByText('All amounts are saved.')).toBeTruthy());
  });
});
