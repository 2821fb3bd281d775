// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetailJson } from '@modules/investor-admin/contract';
import { json, mockFetch, renderWithApp } from '../ledger/test-utils';
import { adminShellFor, breadcrumbFor, resolveAdminRoute, type ResolvedAdminRoute } from '../routing';
import UserDetail from './UserDetail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '22222222-2222-4222-8222-222222222222';
const PATH = `/admin/users/${ID}`;
const route = resolveAdminRoute(PATH) as Extract<ResolvedAdminRoute, { kind: 'screen' }>;

const user = (patch: Partial<UserDetailJson['standing']> = {}): UserDetailJson => ({
  profile: {
    id: ID,
    email: 'noor@example.com',
    username: null,
    firstName: 'Noor',
    lastName: 'Saleh',
    phone: '+971501234567',
    role: 'investor',
    unicode: 'MZ-NOOR01',
    mfaEnabled: true,
    mfaMethod: 'authenticator',
    kycStatus: 'approved',
    investmentMode: 'automated',
    createdAt: '2026-03-01T08:00:00.000Z',
    termsAcceptedAt: '2026-03-01T08:00:00.000Z',
  },
  standing: { status: 'active', suspendedAt: null, suspendedBy: null, suspendedReason: null, closedAt: null, ...patch },
  kyc: {
    status: 'approved',
    legalName: 'Noor Saleh',
    nationality: 'AE',
    classification: 'retail',
    riskLevel: 'low',
    flagged: false,
    screeningHits: 0,
    screenedAt: '2026-03-02T08:00:00.000Z',
    submittedAt: '2026-03-02T08:00:00.000Z',
    decidedAt: '2026-03-03T08:00:00.000Z',
    rejectionReason: null,
    documents: [{ type: 'passport', status: 'accepted', uploadedAt: '2026-03-02T08:00:00.000Z' }],
  },
  wallet: { balance: '1250000', held: '50000', available: '1200000' },
  counts: { transactions: 2, holdings: 1, orders: 1, sip: 0, distributions: 0, notifications: 3, sessions: 1, audit: 4 },
  holdingsCost: '500000',
});

const suspended = user({ status: 'suspended', suspendedAt: '2026-11-20T06:30:00.000Z', suspendedBy: { id: 'a', label: 'ops@manzil.ae' }, suspendedReason: 'Chargeback investigation #4411' });

describe('the investor screen (/admin/users/{id})', () => {
  it('is routed from its dynamic path, served by its shell, and sits under Users', () => {
    expect(route).toMatchObject({ kind: 'screen', screen: 'user-detail', params: { id: ID } });
    expect(resolveAdminRoute('/admin/users/wallet-management')).toMatchObject({ screen: 'wallet-management' });
    expect(resolveAdminRoute('/admin/users/not-an-id').kind).toBe('not-found');
    expect(adminShellFor(PATH.toUpperCase().replace('ADMIN/USERS', 'admin/users'))).toBe('/admin/users/investor');
    expect(adminShellFor('/admin/users/elsewhere')).toBeNull();
    expect(breadcrumbFor(route).map((c) => c.label)).toEqual(['Admin', 'People', 'Users', 'Investor']);
  });

  it('shows the standing with who suspended and why, the wallet, and the history in tabs', async () => {
    mockFetch({
      [`/api/admin/users/${ID}`]: () => json(suspended),
      [`/api/admin/users/${ID}/transactions`]: () =>
        json({ items: [{ id: 't1', kind: 'deposit', amount: '1300000', balanceAfter: '1300000', description: 'Deposit by bank transfer', journalReference: 'JE-000041', createdAt: '2026-03-04T08:00:00.000Z' }], total: 2 }),
      [`/api/admin/users/${ID}/sessions`]: () => json({ items: [{ id: 'abc', ip: '198.51.100.7', userAgent: 'Safari on iPhone', mfaPending: false, createdAt: '2026-11-19T08:00:00.000Z', lastSeenAt: '2026-11-19T09:00:00.000Z', expiresAt: '2026-12-19T08:00:00.000Z' }], total: 1 }),
    });
    renderWithApp(<UserDetail route={route} />, PATH);
    const status = await screen.findByText(/Suspended/, { selector: 'strong' });
    expect(status.parentElement!.textContent).toMatch(/since .*2026.* by ops@manzil\.ae: Chargeback investigation #4411/);
    expect(screen.getByText('AED 12,500.00')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Wallet transactions' });
    expect(await within(table).findByText('Deposit by bank transfer')).toBeTruthy();
    expect(within(table).getByText('+AED 13,000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Sessions/ }));
    expect(await screen.findByText('198.51.100.7')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Sessions/ }).getAttribute('aria-selected')).toBe('true');
    // A suspended account offers to lift the suspension, not to suspend again.
    expect(screen.getByRole('button', { name: /Lift suspension/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Suspend$/ })).toBeNull();
  });

  it('suspends only with a reason, through the contract route, and shows the new standing', async () => {
    let current = user();
    const calls = mockFetch({
      [`GET /api/admin/users/${ID}`]: () => json(current),
      [`POST /api/admin/users/${ID}/suspend`]: () => {
        current = suspended;
        return json({ message: 'The account is suspended.', user: suspended });
      },
      [`/api/admin/users/${ID}/transactions`]: () => json({ items: [], total: 0 }),
    });
    renderWithApp(<UserDetail route={route} />, PATH);
    fireEvent.click(await screen.findByRole('button', { name: /^Suspend$/ }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend the account' }));
    });
    expect(within(dialog).getByText(/at least 5 characters/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Chargeback investigation #4411' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend the account' }));
    });
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: { pathname: `/api/admin/users/${ID}/suspend` }, body: { reason: 'Chargeback investigation #4411' } }));
    expect(await screen.findByText(/Chargeback investigation #4411\./)).toBeTruthy();
    // The dialog closes, and the account now offers to lift the suspension.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Suspend the account' })).toBeNull());
    expect(screen.getByRole('button', { name: /Lift suspension/ })).toBeTruthy();
  });

  it('explains a missing user, and an empty section', async () => {
    mockFetch({ [`/api/admin/users/${ID}`]: () => json({ message: 'There is no such user.', error: 'user_not_found' }, 404) });
    renderWithApp(<UserDetail route={route} />, PATH);
    expect(await screen.findByText('No such user')).toBeTruthy();
    expect(screen.getByText('There is no such user.')).toBeTruthy();
    cleanup();
    mockFetch({ [`/api/admin/users/${ID}`]: () => json(user()), [`/api/admin/users/${ID}/transactions`]: () => json({ items: [], total: 0 }) });
    renderWithApp(<UserDetail route={route} />, PATH);
    expect(await screen.findByText('No money has moved through this wallet yet.')).toBeTruthy();
  });
});
