// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRange } from './dates';
import { balanceSheetStatement, changePercent, compare } from './statements';
import { StatementsView } from './StatementsView';
import { json, mockFetch, renderWithApp } from './test-utils';
import type { BalanceSheetJson, ProfitAndLossJson } from './types';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pl: ProfitAndLossJson = {
  from: '2026-10-01',
  to: '2026-10-31',
  comparison: { from: '2026-09-01', to: '2026-09-30' },
  income: {
    rows: [
      { accountCode: '4000', accountName: 'Income', depth: 0, isGroup: true, amount: '2150000', comparison: '1000000' },
      { accountCode: '4110', accountName: 'Platform fees', depth: 1, isGroup: false, amount: '1500000', comparison: '1000000' },
      { accountCode: '4200', accountName: 'Rental income', depth: 1, isGroup: false, amount: '650000', comparison: '0' },
    ],
    total: '2150000',
    comparisonTotal: '1000000',
  },
  expenses: {
    rows: [
      { accountCode: '6000', accountName: 'Operating expenses', depth: 0, isGroup: true, amount: '2400000', comparison: '1200000' },
      { accountCode: '6210', accountName: 'Office rent', depth: 1, isGroup: false, amount: '2400000', comparison: '1200000' },
    ],
    total: '2400000',
    comparisonTotal: '1200000',
  },
  netIncome: '-250000',
  comparisonNetIncome: '-200000',
};

const bs: BalanceSheetJson = {
  asOf: '2026-10-31',
  comparisonAsOf: '2026-09-30',
  assets: { rows: [{ accountCode: '1110', accountName: 'Emirates NBD operating account', depth: 0, isGroup: false, amount: '5000000', comparison: '4000000' }], total: '5000000', comparisonTotal: '4000000' },
  liabilities: { rows: [{ accountCode: '2310', accountName: 'Trade payables', depth: 0, isGroup: false, amount: '1250000', comparison: '0' }], total: '1250000', comparisonTotal: '0' },
  equity: { rows: [{ accountCode: '3100', accountName: 'Share capital', depth: 0, isGroup: false, amount: '4000000', comparison: '4000000' }], total: '4000000', comparisonTotal: '4000000' },
  currentEarnings: '-250000',
  comparisonCurrentEarnings: '0',
  totalLiabilitiesAndEquity: '5000000',
  comparisonTotalLiabilitiesAndEquity: '4000000',
  balanced: true,
};

/** The four cells of the row whose header is `label`: account, this period, prior period, change. */
function cells(label: string) {
  const header = screen.getAllByRole('rowheader').find((h) => h.textContent === label || h.textContent?.slice(h.querySelector('.font-mono')?.textContent?.length ?? 0) === label);
  if (!header) throw new Error(`No row "${label}" in ${JSON.stringify(screen.getAllByRole('rowheader').map((h) => h.textContent))}`);
  const row = header.closest('tr')!;
  // What is seen: the screen-reader-only wording ("minus 500.00") left out.
  return [...row.querySelectorAll('td')].map((td) => {
    const copy = td.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.sr-only').forEach((n) => n.remove());
    return copy.textContent?.trim();
  });
}

describe('comparison columns', () => {
  it('computes this period, the prior period and the change in fils', () => {
    expect(compare('1500000', '1000000')).toEqual({ current: 1500000n, prior: 1000000n, change: 500000n });
    expect(changePercent(compare('1500000', '1000000'))).toBe('+50.0%');
    expect(changePercent(compare('-250000', '-200000'))).toBe('−25.0%');
    expect(changePercent(compare('1', '3'))).toBe('−66.7%');
    expect(changePercent(compare('5', '0'))).toBeNull();
  });

  it('shows the profit and loss with current, prior and change columns, negatives in parentheses', async () => {
    const calls = mockFetch({ '/api/admin/ledger/profit-and-loss': () => json(pl), '/api/admin/ledger/cost-centers/options': () => json({ items: [], total: 0 }) });
    renderWithApp(<StatementsView />);
    await screen.findByText('Platform fees');
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads[0]).toBe('Account');
    expect(heads[1]).toContain('1 Oct 2026 – 31 Oct 2026');
    expect(heads[2]).toContain(formatRange('2026-09-01', '2026-09-30'));
    expect(heads[3]).toBe('Change');
    expect(cells('Platform fees')).toEqual(['15,000.00', '10,000.00', '5,000.00+50.0%']);
    expect(cells('Rental income')).toEqual(['6,500.00', '0.00', '6,500.00']);
    expect(cells('Total expenses')).toEqual(['24,000.00', '12,000.00', '12,000.00+100.0%']);
    // A loss in both periods, and a worse one now: all three in parentheses.
    expect(cells('Net income')).toEqual(['(2,500.00)', '(2,000.00)', '(500.00)−25.0%']);
    expect(screen.getByRole('list', { name: 'Checks' }).textContent).toContain('Net income = income − expenses');

    // Another period is fetched from the server with its dates.
    await act(async () => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-07-01' } });
    });
    expect(calls.some((c) => c.url.pathname === '/api/admin/ledger/profit-and-loss' && c.url.searchParams.get('from') === '2026-07-01')).toBe(true);
  });

  it('switches statement with the arrow keys and checks the balance sheet equation', async () => {
    mockFetch({
      '/api/admin/ledger/profit-and-loss': () => json(pl),
      '/api/admin/ledger/balance-sheet': () => json(bs),
      '/api/admin/ledger/cost-centers/options': () => json({ items: [], total: 0 }),
    });
    renderWithApp(<StatementsView />);
    const tabs = screen.getByRole('tablist', { name: 'Statement' });
    const first = within(tabs).getByRole('tab', { name: 'Profit and loss' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    await act(async () => {
      fireEvent.keyDown(first, { key: 'ArrowRight' });
    });
    expect(within(tabs).getByRole('tab', { name: 'Balance sheet' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Trade payables');
    expect(cells('Current earnings (not yet closed)')).toEqual(['(2,500.00)', '0.00', '(2,500.00)']);
    expect(cells('Total liabilities and equity')).toEqual(['50,000.00', '40,000.00', '10,000.00+25.0%']);
    const checks = screen.getByRole('list', { name: 'Checks' });
    expect(checks.textContent).toContain('At 31 Oct 2026');
    expect(checks.textContent).toContain('Assets = liabilities + equity + current earnings.');
    expect(checks.textContent).not.toContain('fails');
  });

  it('flags a balance sheet that does not balance, to the fil', () => {
    const off = balanceSheetStatement({ ...bs, currentEarnings: '-250001' });
    expect(off.checks[0]).toMatchObject({ ok: false, detail: 'Off by 1 fils: assets do not equal liabilities + equity + current earnings.' });
    expect(off.checks[1]!.ok).toBe(true);
  });
});
