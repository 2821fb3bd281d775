// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChartOfAccounts from '../screens/ChartOfAccounts';
import { CHART, account, json, mockFetch, renderWithApp } from './test-utils';

const archived = account('1130', 'Petty cash', 'asset', '1100', { archived: true });
const tb = {
  from: '2026-01-01',
  to: '2026-11-21',
  rows: [
    { accountCode: '1110', accountName: 'Emirates NBD operating account', accountType: 'asset', debit: '5000000', credit: '0', opening: { debit: '0', credit: '0' }, movement: { debit: '5000000', credit: '0' } },
    { accountCode: '4110', accountName: 'Platform fees', accountType: 'income', debit: '0', credit: '5000000', opening: { debit: '0', credit: '0' }, movement: { debit: '0', credit: '5000000' } },
  ],
  totals: { debit: '5000000', credit: '5000000', opening: { debit: '0', credit: '0' }, movement: { debit: '5000000', credit: '5000000' } },
};

beforeEach(() => {
  window.requestAnimationFrame = ((cb: FrameRequestCallback) => setTimeout(() => cb(0), 0)) as unknown as typeof window.requestAnimationFrame;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(extra: Record<string, () => Response> = {}) {
  return mockFetch({
    '/api/admin/ledger/accounts/options?includeArchived=false': () => json({ items: CHART, total: CHART.length }),
    '/api/admin/ledger/accounts/options?includeArchived=true': () => json({ items: [...CHART, archived], total: CHART.length + 1 }),
    '/api/admin/ledger/trial-balance': () => json(tb),
    ...extra,
  });
}

const row = (code: string) => document.querySelector<HTMLTableRowElement>(`tr[data-code="${code}"]`);
const visibleCodes = () => [...document.querySelectorAll('tbody tr[data-code]')].map((r) => r.getAttribute('data-code'));

describe('chart of accounts tree', () => {
  it('shows the top two levels as a tree grid with levels, kinds and rolled-up balances', async () => {
    setup();
    renderWithApp(<ChartOfAccounts />);
    await screen.findByText('Cash and bank');
    const grid = screen.getByRole('treegrid', { name: 'Chart of accounts' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Account', 'Type', 'Kind', 'Balance (AED)', 'Actions']);
    expect(visibleCodes()).toEqual(['1000', '1100', '4000', '4110', '6000', '6210']);
    expect(row('1000')!.getAttribute('aria-level')).toBe('1');
    expect(row('1000')!.getAttribute('aria-expanded')).toBe('true');
    expect(row('1100')!.getAttribute('aria-level')).toBe('2');
    expect(row('1100')!.getAttribute('aria-expanded')).toBe('false');
    expect(row('4110')!.hasAttribute('aria-expanded')).toBe(false);
    // Balances in natural sign, groups totalling their branch (the income's credit shows positive).
    await waitFor(() => expect(row('1000')!.textContent).toContain('50,000.00'));
    expect(row('4000')!.textContent).toContain('50,000.00');
    expect(within(row('1000')!).getAllByRole('gridcell')[2]!.textContent).toBe('Group');
    expect(within(row('4110')!).getAllByRole('gridcell')[2]!.textContent).toBe('Posting');
    // Only one row is in the tab order (roving focus).
    expect(grid.querySelectorAll('tr[tabindex="0"]').length).toBe(1);
  });

  it('opens, closes and moves with the arrow keys', async () => {
    setup();
    renderWithApp(<ChartOfAccounts />);
    await screen.findByText('Cash and bank');
    act(() => row('1100')!.focus());
    await act(async () => {
      fireEvent.keyDown(row('1100')!, { key: 'ArrowRight' });
    });
    expect(row('1100')!.getAttribute('aria-expanded')).toBe('true');
    expect(visibleCodes()).toEqual(['1000', '1100', '1110', '1120', '4000', '4110', '6000', '6210']);
    await act(async () => {
      fireEvent.keyDown(row('1100')!, { key: 'ArrowRight' });
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(document.activeElement).toBe(row('1110'));
    expect(row('1110')!.getAttribute('tabindex')).toBe('0');
    await act(async () => {
      fireEvent.keyDown(row('1110')!, { key: 'ArrowLeft' });
      await new Promise((r) => setTimeout(r, 5));
    });
    expect(document.activeElement).toBe(row('1100'));
    await act(async () => {
      fireEvent.keyDown(row('1100')!, { key: 'ArrowLeft' });
    });
    expect(visibleCodes()).toEqual(['1000', '1100', '4000', '4110', '6000', '6210']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    });
    expect(visibleCodes()).toEqual(['1000', '4000', '6000']);
  });

  it('asks the server for archived accounts only when asked to show them', async () => {
    const calls = setup();
    renderWithApp(<ChartOfAccounts />);
    await screen.findByText('Cash and bank');
    expect(screen.queryByText('Petty cash')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived accounts' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    });
    expect(await screen.findByText('Petty cash')).toBeTruthy();
    expect(within(row('1130')!).getByText('Archived')).toBeTruthy();
    expect(within(row('1130')!).getByRole('button', { name: 'Restore 1130 Petty cash' })).toBeTruthy();
    expect(calls.some((c) => c.url.search === '?includeArchived=true')).toBe(true);
  });

  it('explains why an account with postings can’t be deleted, and shows the server’s refusal otherwise', async () => {
    setup({
      'DELETE /api/admin/ledger/accounts/6210': () => json({ message: "Account 6210 has journal lines, so it can't be deleted. Archive it instead.", error: 'account_has_postings' }, 422),
    });
    renderWithApp(<ChartOfAccounts />);
    await screen.findByText('Platform fees');
    await waitFor(() => expect(row('4110')!.textContent).toContain('50,000.00'));
    const del = within(row('4110')!).getByRole('button', { name: 'Delete 4110 Platform fees' });
    expect(del.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(del.getAttribute('aria-describedby')!)!.textContent).toBe("Account 4110 has journal lines, so it can't be deleted. Archive it instead.");
    // A group with sub-accounts can't be deleted either.
    expect(within(row('1000')!).getByRole('button', { name: 'Delete 1000 Assets' }).getAttribute('aria-disabled')).toBe('true');

    // 6210 has no lines this year; the server still has the last word.
    await act(async () => {
      fireEvent.click(within(row('6210')!).getByRole('button', { name: 'Delete 6210 Office rent' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Delete 6210 Office rent?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toContain("Account 6210 has journal lines, so it can't be deleted. Archive it instead.");
  });

  it('validates a new account against the contract before sending it', async () => {
    const calls = setup({ 'POST /api/admin/ledger/accounts': () => json(account('6230', 'Cleaning', 'expense', '6000'), 201) });
    renderWithApp(<ChartOfAccounts />);
    await screen.findByText('Office rent');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New account' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'New account' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    });
    expect(within(dialog).getByText('Account code must be 1–32 letters, digits, dots or dashes, like 1110')).toBeTruthy();
    expect(within(dialog).getByText('Account name is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: '6230' } });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'expense' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cleaning' } });
    // Parents offered are groups of the chosen type only.
    const parent = within(dialog).getByLabelText('Parent group') as HTMLSelectElement;
    expect([...parent.options].map((o) => o.value)).toEqual(['', '6000']);
    fireEvent.change(parent, { target: { value: '6000' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ code: '6230', name: 'Cleaning', type: 'expense', parent: '6000', isGroup: false, cashFlow: null, description: '' });
  });
});
