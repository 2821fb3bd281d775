// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@site/lib/query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@modules/auth/contract';
import { $currency } from '@site/lib/stores/currency';
import AppNav from './AppNav';
import { resolveCommunityPath } from '@modules/community/contract';
import { Dashboard } from './DashboardScreen';
import { SipSetup } from './SipSetupScreen';
import { HISTORY_COLUMNS, Wallet } from './WalletScreen';
import { DEFAULT_PAYMENT_METHODS, DEFAULT_PUBLIC_SETTINGS } from '@site/components/app/settings-fixtures';

const omar: CurrentUser = {
  id: 'u1',
  firstName: 'Omar',
  lastName: 'Rahman',
  email: 'omar@example.com',
  role: 'investor',
  mfaEnabled: false,
  kycStatus: 'not_started',
  unicode: 'MZ-TEST01',
};

const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A new investor's dashboard and wallet, as the API answers them: nothing held, nothing moved. */
const EMPTY_DASHBOARD = {
  wallet: { balance: '0', available: '0', held: '0' },
  invested: '0',
  feesPaid: '0',
  value: '0',
  gain: '0',
  gainBps: 0,
  holdings: [],
  allocationByProperty: [],
  allocationByCity: [],
  valueOverTime: [],
  recentTransactions: [],
  retailLimit: { classification: 'retail', window: 'rolling-12-months', annualLimit: '18000000', used: '0', remaining: '18000000' },
  kycStatus: 'not_started',
  kycVerified: false,
};
const EMPTY_SIP_SUMMARY = {
  activePlans: 0,
  pausedPlans: 0,
  nextCollection: null,
  monthlyTotal: '0',
  totalInvested: '0',
  returns: { invested: '0', currentValue: '0', income: '0', valueChange: '0', xirrBps: null, incomeXirrBps: null },
  plans: [],
};
const EMPTY_WALLET = {
  currency: 'AED',
  balance: '0',
  held: '0',
  available: '0',
  pendingDeposits: '0',
  pendingWithdrawals: '0',
  limits: { minDeposit: '1000', minWithdrawal: '1000', maxAmount: '1000000000' },
  updatedAt: null,
};

/** Answers GET /api/auth/me as the server would (the user, or 401 for a visitor), and a new investor's money. */
function signIn(user: CurrentUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      if (path.endsWith('/api/auth/me')) {
        return user ? jsonResponse(user) : jsonResponse({ message: 'You are not logged in.', error: 'unauthenticated' }, 401);
      }
      if (!user) return jsonResponse({ message: 'You are not logged in.', error: 'unauthenticated' }, 401);
      if (path === '/api/dashboard') return jsonResponse(EMPTY_DASHBOARD);
      if (path === '/api/settings/public') return jsonResponse(DEFAULT_PUBLIC_SETTINGS);
      if (path === '/api/wallet/payment-methods') return jsonResponse({ items: DEFAULT_PAYMENT_METHODS, payments: { mode: 'sandbox', publishableKey: null, label: null } });
      if (path === '/api/wallet' || path === '/api/wallet/') return jsonResponse(EMPTY_WALLET);
      if (path === '/api/wallet/transactions') return jsonResponse({ items: [], total: 0, limit: 20, offset: 0, openingBalance: '0', closingBalance: '0' });
      if (path === '/api/wallet/withdrawals') return jsonResponse({ items: [] });
      if (path === '/api/investment/mode') return jsonResponse({ mode: 'automated' });
      if (path === '/api/sip/plans') return jsonResponse({ items: [] });
      if (path === '/api/sip/summary') return jsonResponse(EMPTY_SIP_SUMMARY);
      if (path === '/api/sip/preview') return jsonResponse({ message: 'Complete identity verification before starting a plan.', error: 'kyc_required' }, 422);
      return jsonResponse({}, 404);
    }),
  );
}

function renderWithQuery(ui: ReactNode) {
  // The app's own client: the default query function fetches the key's URL (§7).
  const client = createQueryClient();
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('signed-out state', () => {
  it('explains the dashboard and offers Log in and Create account', async () => {
    signIn(null);
    renderWithQuery(<Dashboard />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your investor dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByText(/Good (morning|afternoon|evening)/)).toBeNull();
  });
});

describe('dashboard for a new investor', () => {
  it('greets by first name, asks for verification, and shows zeros and empty states', async () => {
    signIn(omar);
    renderWithQuery(<Dashboard />);
    expect(await screen.findByRole('heading', { level: 1, name: /, Omar$/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Verify now/ }).getAttribute('href')).toBe('/kyc');
    expect(await screen.findByText("You don't own any property shares yet")).toBeTruthy();
    for (const label of ['Portfolio value', 'Amount invested', 'Total gain', 'Wallet balance']) {
      const term = screen.getByText(label);
      expect(term.nextElementSibling?.textContent).toMatch(/^AED\s0\.00$/);
    }
    expect(screen.getByText('No transactions yet')).toBeTruthy();
    expect(screen.getByText(/AED\s180,000\.00/, { selector: 'strong' })).toBeTruthy();
    // Nothing held: no charts to draw.
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows amounts in the chosen currency', async () => {
    $currency.set('USD');
    signIn(omar);
    renderWithQuery(<Dashboard />);
    await screen.findByText("You don't own any property shares yet");
    expect(screen.getByText('Portfolio value').nextElementSibling?.textContent).toBe('$0.00');
    expect(screen.getByText(/\(about \$49,046\.32\)/)).toBeTruthy();
  });

  it('says verified when kycStatus is approved', async () => {
    signIn({ ...omar, kycStatus: 'approved' });
    renderWithQuery(<Dashboard />);
    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Verify now/ })).toBeNull();
  });
});

describe('wallet', () => {
  it('shows a zero balance, explains deposits wait for verification, and lists history headers over an empty state', async () => {
    signIn(omar);
    renderWithQuery(<Wallet />);
    const balance = await screen.findByRole('heading', { name: 'Available balance' });
    await waitFor(() => expect(balance.nextElementSibling?.textContent).toMatch(/^AED\s0\.00$/));
    const deposit = screen.getByRole('button', { name: /Deposit/ }) as HTMLButtonElement;
    expect(deposit.disabled).toBe(true);
    expect(document.getElementById(deposit.getAttribute('aria-describedby')!)?.textContent).toBe('Deposits open once your identity is verified.');
    expect((screen.getByRole('button', { name: /Withdraw/ }) as HTMLButtonElement).disabled).toBe(true);
    const table = screen.getByRole('table', { name: /Wallet transactions/ });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([...HISTORY_COLUMNS]);
    expect(await within(table.closest('section')!).findByText('No transactions yet')).toBeTruthy();
    expect(screen.getByText(/range from 0\.5% to 2\.5%/)).toBeTruthy();
  });
});

describe('SIP setup', () => {
  it('draws an accessible chart with a table alternative, labelled illustrative', async () => {
    signIn(null);
    renderWithQuery(<SipSetup today="2026-01-10" />);
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/AED\s500\.00 a month for 5 years adds up to AED\s30,000\.00/);
    const table = screen.getByRole('table', { name: /Year-by-year/, hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(6);
    expect(screen.getAllByText(/Illustrative/).length).toBeGreaterThan(2);
  });

  it('sends a visitor to /signup, and asks a signed-in, unverified investor to verify before a plan is saved', async () => {
    signIn(null);
    const { unmount } = renderWithQuery(<SipSetup />);
    expect((await screen.findByRole('link', { name: /Create an account to start/ })).getAttribute('href')).toBe('/signup');
    unmount();

    signIn(omar);
    renderWithQuery(<SipSetup />);
    expect(await screen.findByText('Complete identity verification before starting a plan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Verify my identity/ }).getAttribute('href')).toBe('/kyc');
  });
});

describe('navigation', () => {
  it('marks the current screen with aria-current', () => {
    render(<AppNav pathname="/Property/ABC/" />);
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Properties']);
    cleanup();
    render(<AppNav pathname="/community/anything/deeper" />);
    expect(screen.getByRole('link', { name: 'Community' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens a community category from its path, and flags paths that name nothing', () => {
    expect(resolveCommunityPath('sip')).toEqual({ category: expect.objectContaining({ slug: 'sip' }), unknown: false });
    expect(resolveCommunityPath('anything/deeper')).toEqual({ category: null, unknown: true });
    expect(resolveCommunityPath('')).toEqual({ category: null, unknown: false });
  });
});
