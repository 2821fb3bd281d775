// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvestmentsPage, AdminInvestorsPage, ReconciliationJson } from '@modules/investing/contract';
import type { AdminWalletsPage, AdminWithdrawalJson } from '@modules/wallet/contract';
import { json, mockFetch, renderWithApp } from '../ledger/test-utils';
import Investments from '../screens/Investments';
import Users from '../screens/Users';
import WalletManagement from '../screens/WalletManagement';
import { ReconciliationPanel } from './ReconciliationPanel';

const wallets: AdminWalletsPage = {
  items: [
    { userId: 'u1', name: 'Anika Varma', email: 'anika@example.com', unicode: 'MZ-ANIKA1', kycStatus: 'approved', balance: '99475', held: '30000', available: '69475', pendingWithdrawals: 1, updatedAt: '2026-11-21T08:00:00Z' },
  ],
  total: 1,
  limit: 50,
  offset: 0,
  totals: { balance: '99475', held: '30000', wallets: 1 },
};
const withdrawal: AdminWithdrawalJson = {
  id: 'w1',
  status: 'pending',
  amount: '30000',
  ibanMasked: 'AE07 •••• 3456',
  accountName: 'Anika Varma',
  reason: null,
  createdAt: '2026-11-21T08:00:00Z',
  decidedAt: null,
  paidAt: null,
  firstApprovedBy: null,
  firstApprovedByEmail: null,
  firstApprovedAt: null,
  needsSecondApproval: false,
  userId: 'u1',
  name: 'Anika Varma',
  email: 'anika@example.com',
  unicode: 'MZ-ANIKA1',
  iban: 'AE070331234567890123456',
  walletBalance: '99475',
  decidedBy: null,
};

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wallet management', () => {
  function serveWallets() {
    return mockFetch({
      'GET /api/admin/wallets': () => json(wallets),
      'GET /api/admin/wallets/withdrawals': () => json({ items: [withdrawal], total: 1 }),
      'POST /api/admin/wallets/u1/adjustments': (c) =>
        json({ id: 'adj1', userId: 'u1', amount: (c.body as { amount: string }).amount, reason: 'x', balanceAfter: '89475', journalReference: 'JE-000200', createdBy: 'admin', createdAt: '2026-11-21T09:00:00Z' }),
      'POST /api/admin/wallets/withdrawals/w1/reject': () => json({ ...withdrawal, status: 'rejected', reason: 'Name does not match' }),
      'POST /api/admin/wallets/withdrawals/w1/approve': () => json({ ...withdrawal, status: 'processing' }),
    });
  }

  it('shows balances and holds, searches on the server, and lists the withdrawals to approve', async () => {
    const calls = serveWallets();
    renderWithApp(<WalletManagement />, '/admin/users/wallet-management');
    const list = await screen.findByRole('table', { name: 'Investor wallets' });
    await within(list).findByText('Anika Varma');
    expect(screen.getByText('Held in investor wallets').parentElement?.parentElement?.textContent).toContain('AED 994.75');
    const requests = screen.getByRole('table', { name: 'Withdrawals' });
    expect(within(requests).getByText('AE07 0331 2345 6789 0123 456')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin/wallets/withdrawals' && c.url.searchParams.get('status') === 'pending')).toBe(true);

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'anika' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/wallets' && c.url.searchParams.get('q') === 'anika')).toBe(true), { timeout: 2000 });
    fireEvent.click(within(list).getByRole('button', { name: /^Investor/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/wallets' && c.url.searchParams.get('sort') === 'name')).toBe(true));
    expect(screen.getByRole('link', { name: 'Export CSV of 1 wallet' }).getAttribute('href')).toBe('/api/admin/wallets/export?q=anika&sort=name');
  });

  it('will not adjust a wallet without a reason, and sends a debit as a negative amount of fils', async () => {
    const calls = serveWallets();
    renderWithApp(<WalletManagement />, '/admin/users/wallet-management');
    const list = await screen.findByRole('table', { name: 'Investor wallets' });
    fireEvent.click(await within(list).findByRole('button', { name: /Adjust/ }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust wallet' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Debit/ }));
    fireEvent.change(within(dialog).getByLabelText(/Amount \(AED\)/), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Debit the wallet' }));
    expect(within(dialog).getByText(/Give a reason \(at least 5 characters\)/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Duplicate card deposit reversed by the bank' } });
    expect(within(dialog).getByText(/Balance after:/).textContent).toMatch(/AED 894\.75/);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Debit the wallet' })));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/wallets/u1/adjustments');
    expect(post.body).toEqual({ amount: '-10000', reason: 'Duplicate card deposit reversed by the bank' });
  });

  it('refuses a debit larger than what is available', async () => {
    const calls = serveWallets();
    renderWithApp(<WalletManagement />, '/admin/users/wallet-management');
    const list = await screen.findByRole('table', { name: 'Investor wallets' });
    fireEvent.click(await within(list).findByRole('button', { name: /Adjust/ }));
    const dialog = screen.getByRole('dialog', { name: 'Adjust wallet' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Debit/ }));
    fireEvent.change(within(dialog).getByLabelText(/Amount \(AED\)/), { target: { value: '700' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Correction of a duplicate credit' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Debit the wallet' }));
    expect(within(dialog).getByText(/would take the wallet below zero: only AED 694\.75 is available/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('rejects a withdrawal only with a reason, and approves one after confirming', async () => {
    const calls = serveWallets();
    renderWithApp(<WalletManagement />, '/admin/users/wallet-management');
    const requests = await screen.findByRole('table', { name: 'Withdrawals' });
    fireEvent.click(await within(requests).findByRole('button', { name: /^Reject/ }));
    const reject = screen.getByRole('dialog', { name: 'Reject withdrawal' });
    fireEvent.click(within(reject).getByRole('button', { name: 'Reject withdrawal' }));
    expect(within(reject).getByText(/Give a reason/)).toBeTruthy();
    fireEvent.change(within(reject).getByLabelText(/Reason for the investor/), { target: { value: 'Name does not match' } });
    await act(async () => fireEvent.click(within(reject).getByRole('button', { name: 'Reject withdrawal' })));
    expect(calls.find((c) => c.url.pathname.endsWith('/reject'))?.body).toEqual({ reason: 'Name does not match' });

    fireEvent.click(within(requests).getByRole('button', { name: /^Approve/ }));
    const approve = screen.getByRole('dialog', { name: 'Approve withdrawal' });
    expect(approve.textContent).toContain('AE07 0331 2345 6789 0123 456');
    await act(async () => fireEvent.click(within(approve).getByRole('button', { name: /Approve and pay AED 300\.00/ })));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/wallets/withdrawals/w1/approve')).toBe(true);
  });
});

describe('investments', () => {
  const page: AdminInvestmentsPage = {
    items: [
      {
        id: 'i1',
        receiptNumber: 'MZI-000042',
        status: 'active',
        investor: { id: 'u1', name: 'Anika Varma', email: 'anika@example.com', unicode: 'MZ-ANIKA1' },
        property: { id: 'p1', reference: 'MZ-DXB-009', slug: 'x', title: 'Creek Harbour one-bedroom', city: 'Dubai', community: 'Creek', status: 'funding' },
        units: '20000',
        shares: '2',
        sharePrice: '10000',
        principal: '20000',
        fee: '0',
        vat: '0',
        total: '20000',
        createdAt: '2026-11-21T08:00:00Z',
        cancelledAt: null,
      },
    ],
    total: 1,
    limit: 50,
    offset: 0,
    totals: { count: 1, active: 1, cancelled: 0, principal: '20000', fees: '0', vat: '0', total: '20000', units: '20000', investors: 1 },
  };

  it('filters on the server from the address and the toolbar, shows totals over every match, and exports the same selection', async () => {
    const calls = mockFetch({ 'GET /api/admin/investments': () => json(page) });
    renderWithApp(<Investments />, '/admin/investments?userId=7d1f8f0e-2f5c-4c1c-9a53-1f1a0c9b9e01');
    const row = await screen.findByRole('row', { name: /MZI-000042/ });
    expect(row.textContent).toContain('2.0000');
    expect(calls[0]!.url.searchParams.get('userId')).toBe('7d1f8f0e-2f5c-4c1c-9a53-1f1a0c9b9e01');
    expect(screen.getByText('Capital invested').parentElement?.parentElement?.textContent).toContain('AED 200.00');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Dubai' } });
    await waitFor(() => {
      const last = calls.at(-1)!.url.searchParams;
      expect([last.get('status'), last.get('city'), last.get('offset')]).toEqual(['cancelled', 'Dubai', '0']);
    });
    // The CSV comes from the export route with the same selection (a download link).
    const exportLink = screen.getByRole('link', { name: /Export CSV/ });
    const exported = [{ url: new URL(exportLink.getAttribute('href')!, 'http://localhost') }];
    expect(exported[0]!.url.pathname).toBe('/api/admin/investments/export');
    expect(Object.fromEntries(exported[0]!.url.searchParams)).toMatchObject({ status: 'cancelled', city: 'Dubai', userId: '7d1f8f0e-2f5c-4c1c-9a53-1f1a0c9b9e01', sort: '-createdAt' });
  });
});

describe('users', () => {
  it('lists investors with status, verification, balances and holdings, searched on the server', async () => {
    const investors: AdminInvestorsPage = {
      items: [
        { id: 'u1', name: 'Anika Varma', email: 'anika@example.com', unicode: 'MZ-ANIKA1', kycStatus: 'approved', status: 'investing', classification: 'retail', balance: '79475', held: '0', invested: '20000', holdingsValue: '21000', properties: 1, lastInvestmentAt: '2026-11-21T08:00:00Z', createdAt: '2026-11-01T08:00:00Z' },
      ],
      total: 1,
      limit: 50,
      offset: 0,
    };
    const calls = mockFetch({ 'GET /api/admin/investors': () => json(investors), 'GET /api/admin/users': () => json({ items: [], total: 0 }) });
    renderWithApp(<Users />, '/admin/users');
    const row = await screen.findByRole('row', { name: /Anika Varma/ });
    expect(row.textContent).toMatch(/Investing.*Approved.*794\.75.*200\.00.*210\.00.*1 property/);
    expect(within(row).getByRole('link', { name: /Last .*see Anika Varma's investments/ }).getAttribute('href')).toBe('/admin/investments?userId=u1');
    fireEvent.change(screen.getByLabelText('Verification'), { target: { value: 'approved' } });
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('kycStatus')).toBe('approved'));
    fireEvent.click(screen.getByRole('button', { name: 'All accounts' }));
    await waitFor(() => expect(calls.at(-1)?.url.pathname).toBe('/api/admin/users'));
  });
});

describe('reconciliation', () => {
  const ok: ReconciliationJson = {
    walletsTotal: '99475',
    clientMoneyLedger: '99475',
    difference: '0',
    sharesSold: '20000',
    sharesHeld: '20000',
    sharesDifference: '0',
    walletMismatches: [],
    propertyMismatches: [],
    ledgerBalanced: true,
    ok: true,
    checkedAt: '2026-11-21T08:00:00Z',
  };

  it('says plainly when wallets, client money and shares agree', async () => {
    mockFetch({ '/api/admin/reconciliation': () => json(ok) });
    renderWithApp(<ReconciliationPanel />);
    expect(await screen.findByText('Reconciled: wallets, client money and shares all agree.')).toBeTruthy();
    expect(screen.getAllByText('Agrees')).toHaveLength(3);
  });

  it('shows a mismatch, the difference and every wallet and property that disagrees; the check can be run again', async () => {
    const calls = mockFetch({
      '/api/admin/reconciliation': () =>
        json({
          ...ok,
          clientMoneyLedger: '99000',
          difference: '475',
          sharesHeld: '10000',
          sharesDifference: '10000',
          walletMismatches: [{ userId: 'u1', name: 'Anika Varma', unicode: 'MZ-ANIKA1', wallet: '99475', ledger: '99000' }],
          propertyMismatches: [{ propertyId: 'p1', reference: 'MZ-DXB-009', title: 'Creek Harbour one-bedroom', sharesSold: '20000', sharesHeld: '10000' }],
          ok: false,
        }),
    });
    renderWithApp(<ReconciliationPanel />);
    expect(await screen.findByText(/^Mismatch: the figures below do not agree/)).toBeTruthy();
    expect(screen.getAllByText('Differs')).toHaveLength(2);
    const wallets = screen.getByRole('table', { name: 'Wallets that differ from their ledger account' });
    expect(within(wallets).getByRole('row', { name: /Anika Varma/ }).textContent).toContain('4.75');
    expect(screen.getByRole('table', { name: 'Properties whose shares sold differ from shares held' }).textContent).toMatch(/2\.0000.*1\.0000/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Run the check again/ })));
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
