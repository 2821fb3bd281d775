// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@site/lib/query';
import { permissionsOf, type StaffRole } from '@modules/auth/permissions-contract';
import Dashboard from './Dashboard';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let role: StaffRole = 'admin';
const me = () => json({ id: 'u1', firstName: 'Mariam', lastName: 'Staff', email: 'staff@manzil.ae', role, mfaEnabled: true, kycStatus: 'not_started', unicode: 'MZ-STAFF', permissions: permissionsOf(role) });

/** What each module's admin API answers, by path (query strings checked where they matter). */
function answer(url: string): Response {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/api/auth/me') return me();
  if (u.pathname === '/api/admin/kyc') return u.searchParams.get('status') === 'pending' ? json({ items: [], total: 3 }) : json({ items: [], total: 99 });
  if (u.pathname === '/api/admin/wallets/withdrawals') return u.searchParams.get('status') === 'pending' ? json({ items: [], total: 2 }) : json({ items: [], total: 99 });
  if (u.pathname === '/api/admin/investments')
    return json({ items: [], total: 5, limit: 1, offset: 0, totals: { count: 6, active: 5, cancelled: 1, principal: '123456789', fees: '0', vat: '0', total: '123456789', units: '1', investors: 4 } });
  if (u.pathname === '/api/admin/wallets') return json({ items: [], total: 7, limit: 1, offset: 0, totals: { balance: '6497553', held: '300000', wallets: 7 } });
  if (u.pathname === '/api/admin/reconciliation')
    return json({ walletsTotal: '6497553', clientMoneyLedger: '6497500', difference: '53', sharesSold: '0', sharesHeld: '0', sharesDifference: '0', walletMismatches: [{ userId: 'u', name: 'A', unicode: 'MZ-1', wallet: '53', ledger: '0' }], propertyMismatches: [], ledgerBalanced: true, ok: false, checkedAt: '2026-11-21T08:00:00Z' });
  if (u.pathname === '/api/admin/properties/stats') return json({ byStatus: { draft: 1, coming_soon: 0, funding: 4, funded: 2, exited: 0, closed: 0 }, portfolioValue: '2081000000', raised: '123456789', averageNetYieldBps: 535 });
  if (u.pathname === '/api/admin/waitlist') return json({ items: [], total: 11 });
  return json({ items: [], total: 0 });
}

beforeEach(() => {
  role = 'admin';
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => answer(String(input instanceof Request ? input.url : input))));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderDashboard = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: '/admin/dashboard' }).hook}>
        <Dashboard />
      </Router>
    </QueryClientProvider>,
  );

/** The big figure of the stat card whose label is `label`. */
async function figure(label: string, expected: string) {
  const card = (await screen.findByText(label)).closest('div.rounded-xl') as HTMLElement;
  await vi.waitFor(() => expect(card.querySelector('p.text-2xl')?.textContent).toBe(expected));
  return card;
}

describe('admin dashboard key figures', () => {
  it('reads the KYC queue, withdrawals, investments, wallets, reconciliation and properties from their APIs', async () => {
    renderDashboard();
    await figure('KYC awaiting review', '3');
    await figure('Withdrawals to approve', '2');
    const invested = await figure('Invested capital', 'AED 1,234,567.89');
    expect(invested.textContent).toContain('5 active investments by 4 investors');
    const wallets = await figure('Investor wallets', 'AED 64,975.53');
    expect(wallets.textContent).toContain('AED 3,000.00 on hold');
    const recon = await figure('Reconciliation', '1 difference');
    expect(recon.querySelector('a')?.getAttribute('href')).toBe('/admin/financial');
    const portfolio = await figure('Portfolio value', 'AED 20,810,000.00');
    expect(portfolio.textContent).toContain('4 properties funding, 2 funded');
    await figure('Waitlist sign-ups', '11');
  });

  it('says when a figure could not be loaded instead of showing a number', async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => (String(input instanceof Request ? input.url : input).endsWith('/api/auth/me') ? me() : json({ error: { code: 'server_error', message: 'The server had a problem.' } }, 500))));
    renderDashboard();
    const card = (await screen.findByText('KYC awaiting review')).closest('div.rounded-xl') as HTMLElement;
    await vi.waitFor(() => expect(card.textContent).toMatch(/failed|problem|could not/i), { timeout: 4000 });
    expect(card.querySelector('p.text-2xl')?.textContent).toContain('—');
  });

  it("shows a finance user the money figures and never asks for what the role cannot read (KYC, messages)", async () => {
    role = 'finance';
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(String(input instanceof Request ? input.url : input)));
    vi.stubGlobal('fetch', fetchMock);
    renderDashboard();
    await figure('Withdrawals to approve', '2');
    await figure('Invested capital', 'AED 1,234,567.89');
    expect(screen.queryByText('KYC awaiting review')).toBeNull();
    expect(screen.queryByText('Waitlist sign-ups')).toBeNull();
    expect(screen.queryByRole('link', { name: /Review KYC/ })).toBeNull();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname);
    expect(asked).not.toContain('/api/admin/kyc');
    expect(asked).not.toContain('/api/admin/waitlist');
    expect(asked).not.toContain('/api/admin/contact-messages');
  });
});
