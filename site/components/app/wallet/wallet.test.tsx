// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@modules/auth/contract';
import type { DepositJson } from '@modules/wallet/contract';
import { createQueryClient } from '@site/lib/query';
import { $currency } from '@site/lib/stores/currency';
import { initialPanel, Wallet } from '../WalletScreen';
import { DEFAULT_PAYMENT_METHODS, DEFAULT_PUBLIC_SETTINGS } from '@site/components/app/settings-fixtures';

const verified: CurrentUser = { id: 'u1', firstName: 'Anika', lastName: 'Varma', email: 'a@x.ae', role: 'investor', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-ANIKA1' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const summary = (available: string) => ({
  currency: 'AED',
  balance: available,
  held: '0',
  available,
  pendingDeposits: '0',
  pendingWithdrawals: '0',
  limits: { minDeposit: '1000', minWithdrawal: '1000', maxAmount: '1000000000' },
  updatedAt: null,
});
const deposit = (status: DepositJson['status']): DepositJson => ({
  id: 'dep-1',
  status,
  amount: '100000',
  method: 'credit-card',
  methodName: 'Credit card',
  chargeBps: 250,
  charge: '2500',
  vat: '125',
  net: '97375',
  providerRef: 'sbx_dep_123',
  provider: 'sandbox',
  createdAt: new Date().toISOString(),
  confirmedAt: status === 'confirmed' ? new Date().toISOString() : null,
});

type Call = { method: string; path: string; body: any };
function serve(opts: { available?: string; confirmAfter?: number } = {}) {
  const calls: Call[] = [];
  let polls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/settings/public') return json(DEFAULT_PUBLIC_SETTINGS);
      if (url.pathname === '/api/wallet/payment-methods') return json({ items: DEFAULT_PAYMENT_METHODS, payments: { mode: 'sandbox', publishableKey: null, label: null } });
      if (url.pathname === '/api/auth/me') return json(verified);
      if (url.pathname === '/api/wallet') return json(summary(opts.available ?? '0'));
      if (url.pathname === '/api/wallet/transactions') return json({ items: [], total: 0, limit: 20, offset: 0, openingBalance: '0', closingBalance: '0' });
      if (url.pathname === '/api/wallet/withdrawals' && method === 'GET') return json({ items: [] });
      if (url.pathname === '/api/wallet/deposits' && method === 'POST') return json(deposit('pending'), 201);
      if (url.pathname === '/api/wallet/deposits/dep-1') return json(deposit(++polls >= (opts.confirmAfter ?? 1) ? 'confirmed' : 'pending'));
      if (url.pathname === '/api/wallet/withdrawals' && method === 'POST')
        return json({ id: 'w1', status: 'pending', amount: '30000', ibanMasked: 'AE07 •••• 3456', accountName: 'Anika Varma', reason: null, createdAt: new Date().toISOString(), decidedAt: null, paidAt: null }, 201);
      return json({ message: 'Not found', error: 'not_found' }, 404);
    }),
  );
  return calls;
}

function renderWallet() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Wallet />
    </QueryClientProvider>,
  );
}

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('deposit', () => {
  it('shows the charge and its VAT before confirming, then follows the deposit until it is received', async () => {
    const calls = serve({ confirmAfter: 2 });
    renderWallet();
    const open = await screen.findByRole('button', { name: 'Deposit' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const panel = screen.getByRole('region', { name: 'Add money' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Add money' }));
    fireEvent.click(await within(panel).findByRole('radio', { name: /Credit card/ }));
    fireEvent.change(within(panel).getByLabelText('Amount to pay (AED)'), { target: { value: '1,000' } });
    // 2.5% of AED 1,000 is AED 25.00, VAT on it AED 1.25: AED 973.75 reaches the wallet.
    const row = (label: RegExp) => within(panel).getByText(label).closest('div')!.textContent;
    expect(row(/^Transaction charge \(Credit card, 2\.5%\)/)).toMatch(/AED\s25\.00/);
    expect(row(/^VAT on the charge/)).toMatch(/AED\s1\.25/);
    expect(row(/^Added to your wallet/)).toMatch(/AED\s973\.75/);

    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: /^Confirm and pay AED\s1,000\.00$/ })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: '100000', method: 'credit-card' });
    const status = within(panel).getByRole('status');
    expect(status.textContent).toMatch(/Waiting for Credit card to confirm your payment/);
    await waitFor(() => expect(status.textContent).toMatch(/Received: AED\s973\.75 added to your wallet/), { timeout: 4000 });
  });

  it('says the minimum in the chosen currency and refuses less', async () => {
    $currency.set('USD');
    serve();
    renderWallet();
    const open = await screen.findByRole('button', { name: 'Deposit' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const amount = screen.getByLabelText('Amount to pay (USD)');
    expect(screen.getByText(/^Minimum \$2\.73\./)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.blur(amount);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/The minimum is \$2\.73 \(AED\s10\.00\)/)).toBeTruthy();
  });

  it('opens from /wallet?action=deposit', () => {
    expect(initialPanel('?action=deposit')).toBe('deposit');
    expect(initialPanel('?action=withdraw')).toBe('withdraw');
    expect(initialPanel('?action=nothing')).toBeNull();
  });
});

describe('withdraw', () => {
  it('checks the IBAN (mod-97) before sending, then asks for the withdrawal', async () => {
    const calls = serve({ available: '50000' });
    renderWallet();
    const open = await screen.findByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    fireEvent.change(screen.getByLabelText('Amount (AED)'), { target: { value: '300' } });
    const iban = screen.getByLabelText('IBAN');
    fireEvent.change(iban, { target: { value: 'AE07 0331 2345 6789 0123 457' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/its check digits do not match/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(iban, { target: { value: 'ae07 0331 2345 6789 0123 456' } });
    expect(screen.getByText('Checked: AE07 0331 2345 6789 0123 456')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: '30000', iban: 'AE070331234567890123456' });
    expect(await screen.findByText(/Withdrawal requested: AED\s300\.00/)).toBeTruthy();
  });

  it('refuses more than is available', async () => {
    serve({ available: '50000' });
    renderWallet();
    const open = await screen.findByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const amount = screen.getByLabelText('Amount (AED)');
    fireEvent.change(amount, { target: { value: '600' } });
    fireEvent.blur(amount);
    expect(screen.getByText(/You have AED\s500\.00 available to withdraw/)).toBeTruthy();
  });
});
