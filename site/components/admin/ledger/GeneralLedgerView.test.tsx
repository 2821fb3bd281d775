// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneralLedgerView, linkFilters } from './GeneralLedgerView';
import { json, mockFetch, renderWithApp } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the general ledger opened from a link', () => {
  it('reads the account, the period, the cost center and the property from the address', () => {
    expect(linkFilters('?account=6100&from=2020-01-01&to=2020-06-30&costCenter=ops&property=MZ-DXB-001')).toEqual({
      account: '6100',
      range: { from: '2020-01-01', to: '2020-06-30' },
      costCenter: 'OPS',
      property: 'MZ-DXB-001',
    });
    // A period that is not one (reversed, not a date, half given) is left to the screen's default.
    expect(linkFilters('?from=2020-07-01&to=2020-06-30').range).toBeNull();
    expect(linkFilters('?from=2020-02-30&to=2020-06-30').range).toBeNull();
    expect(linkFilters('?to=2020-06-30').range).toBeNull();
    expect(linkFilters('')).toEqual({ account: '', range: null, costCenter: '', property: '' });
  });

  it('asks the ledger for exactly those lines', async () => {
    const calls = mockFetch({
      '/api/admin/ledger/accounts/options': () => json({ items: [{ code: '6100', name: 'Payroll', type: 'expense', isGroup: true }] }),
      '/api/admin/ledger/cost-centers/options': () => json({ items: [{ code: 'OPS', name: 'Operations', property: null }] }),
      '/api/admin/ledger/general-ledger': () =>
        json({ from: '2020-01-01', to: '2020-06-30', account: { code: '6100', name: 'Payroll', type: 'expense' }, accounts: [], openingBalance: '0', closingBalance: '0', totals: { debit: '0', credit: '0' }, lines: [], page: { limit: 50, offset: 0, total: 0 } }),
    });
    renderWithApp(<GeneralLedgerView />, '/admin/financial/ledger?account=6100&from=2020-01-01&to=2020-06-30&costCenter=OPS&property=MZ-DXB-001');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/ledger/general-ledger')).toBe(true));
    const gl = calls.filter((c) => c.url.pathname === '/api/admin/ledger/general-ledger').at(-1)!;
    expect(Object.fromEntries(gl.url.searchParams)).toMatchObject({ account: '6100', from: '2020-01-01', to: '2020-06-30', costCenter: 'OPS', property: 'MZ-DXB-001' });
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2020-01-01');
  });
});
