// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@modules/auth/contract';
import type { CheckoutQuote, InvestmentJson } from '@modules/investing/contract';
import { convertMinor, formatMoney } from '@modules/platform/contract';
import { createQueryClient } from '@site/lib/query';
import { $currency } from '@site/lib/stores/currency';
import { Checkout } from '../CheckoutScreen';
import { AttemptKeys, fixFor, readCheckoutParams, timeLeft } from './model';
import { DEFAULT_PAYMENT_METHODS, DEFAULT_PUBLIC_SETTINGS } from '@site/components/app/settings-fixtures';

const PID = '5f21e803-19d0-4d87-b616-0d885e36e4a0';
const user = (kycStatus: string): CurrentUser => ({ id: 'u1', firstName: 'Anika', lastName: 'Varma', email: 'a@x.ae', role: 'investor', mfaEnabled: false, kycStatus, unicode: 'MZ-ANIKA1' });
const property = {
  id: PID,
  reference: 'MZ-DXB-009',
  slug: 'creek-harbour-one-bedroom',
  title: 'Creek Harbour one-bedroom',
  summary: '',
  community: 'Dubai Creek Harbour',
  city: 'Dubai',
  propertyType: 'apartment',
  status: 'funding',
  sharePrice: '10000',
  totalShares: '200000000',
  sharesSold: '0',
  fundedBps: 0,
  fundedPercent: 0,
  fundingTarget: '200000000',
  valuation: '200000000',
  annualRent: '13000000',
  serviceCharges: '1500000',
  maintenanceCosts: '400000',
  managementFeeBps: 500,
  occupancyBps: 9500,
  grossYieldBps: 650,
  netYieldBps: 498,
  cover: null,
};
const retail = { classification: 'retail' as const, window: 'rolling-12-months' as const, annualLimit: '18000000', used: '0', remaining: '18000000' };
const quote = (amount: string, blockers: CheckoutQuote['blockers'] = []) =>
  ({ amount, walletAvailable: '99475', retailLimit: retail, blockers, canInvest: blockers.length === 0 }) as unknown as CheckoutQuote;
const receipt: InvestmentJson = {
  id: 'inv-1',
  receiptNumber: 'MZI-000042',
  status: 'active',
  property: { id: PID, reference: 'MZ-DXB-009', slug: 'creek-harbour-one-bedroom', title: 'Creek Harbour one-bedroom', city: 'Dubai', community: 'Dubai Creek Harbour', status: 'funding' },
  units: '20000',
  shares: '2',
  sharePrice: '10000',
  amount: '20000',
  principal: '20000',
  fee: '0',
  vat: '0',
  total: '20000',
  createdAt: new Date().toISOString(),
  cancellableUntil: new Date(Date.now() + 48 * 3_600_000).toISOString(),
  cancellable: true,
  cancelledAt: null,
  refund: null,
  journalReference: 'JE-000100',
  walletBalanceAfter: '79475',
};

type Call = { method: string; url: URL; body: any; headers: Headers };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(opts: { kyc?: string; blockers?: CheckoutQuote['blockers']; invest?: () => Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init?.headers) });
      if (url.pathname === '/api/settings/public') return json(DEFAULT_PUBLIC_SETTINGS);
      if (url.pathname === '/api/wallet/payment-methods') return json({ items: DEFAULT_PAYMENT_METHODS, payments: { mode: 'sandbox', publishableKey: null, label: null } });
      if (url.pathname === '/api/auth/me') return json(user(opts.kyc ?? 'approved'));
      if (url.pathname === `/api/properties/${PID}`) return json(property);
      if (url.pathname === '/api/investments/quote') return json(quote(url.searchParams.get('amount')!, opts.blockers));
      if (method === 'POST' && url.pathname === '/api/investments') return opts.invest ? opts.invest() : json(receipt, 201);
      if (method === 'POST' && url.pathname === '/api/investments/inv-1/cancel')
        return json({ ...receipt, status: 'cancelled', cancellable: false, cancelledAt: new Date().toISOString(), refund: '20000' });
      return json({ message: 'Not found', error: 'not_found' }, 404);
    }),
  );
  return calls;
}

function renderCheckout(search: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Checkout search={search} />
    </QueryClientProvider>,
  );
}

const inr = (fils: bigint) => formatMoney(convertMinor(fils, 'AED', 'INR'), 'INR');

beforeEach(() => {
  $currency.set('INR');
  window.history.replaceState(null, '', '/checkout');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('checkout address and attempts', () => {
  it('reads /checkout?property={id}&amount={fils}, a receipt, or nothing', () => {
    expect(readCheckoutParams('?property=abc&amount=25000')).toEqual({ kind: 'order', propertyId: 'abc', amountFils: 25000n });
    expect(readCheckoutParams('?property=abc&amount=12.5')).toEqual({ kind: 'order', propertyId: 'abc', amountFils: 20000n });
    expect(readCheckoutParams('?receipt=inv-1')).toEqual({ kind: 'receipt', investmentId: 'inv-1' });
    expect(readCheckoutParams('')).toEqual({ kind: 'empty' });
  });

  it('keeps one Idempotency-Key per attempt: the same order reuses it, a new order or a refusal gets a new one', () => {
    let n = 0;
    const keys = new AttemptKeys(() => `k${++n}`);
    expect(keys.keyFor('p', 20000n)).toBe('k1');
    expect(keys.keyFor('p', 20000n)).toBe('k1');
    expect(keys.keyFor('p', 30000n)).toBe('k2');
    keys.reset();
    expect(keys.keyFor('p', 30000n)).toBe('k3');
  });

  it('offers the way to fix each refusal', () => {
    expect(fixFor('kyc_required')?.href).toBe('/kyc');
    expect(fixFor('insufficient_funds')?.href).toBe('/wallet?action=deposit');
    expect(fixFor('property_not_open')?.href).toBe('/properties');
    expect(fixFor('below_minimum')).toBeNull();
    expect(timeLeft(new Date(Date.now() + 90 * 60_000 + 30_000).toISOString())).toBe('1 h 30 min');
    expect(timeLeft(new Date(Date.now() - 1000).toISOString())).toBeNull();
  });
});

describe('checkout', () => {
  it('quotes AED 200 in INR, invests with an Idempotency-Key, shows the receipt and cancels it for a full refund', async () => {
    const calls = serve();
    renderCheckout(`?property=${PID}&amount=20000`);
    expect(await screen.findByRole('heading', { name: 'Creek Harbour one-bedroom' })).toBeTruthy();
    expect((screen.getByLabelText('Amount to invest (INR)') as HTMLInputElement).value).toBe('4550.41');
    expect(screen.getByText(new RegExp(`^Minimum ${inr(20000n).replace(/[.$]/g, '\\$&')} \\(AED\\s200\\.00\\)`))).toBeTruthy();
    const order = screen.getByRole('region', { name: 'Your investment' });
    expect(within(order).getByText('Shares you get').closest('div')?.textContent).toContain('2.0000');
    const confirm = await screen.findByRole('button', { name: `Confirm and invest ${inr(20000n)}` });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(confirm));

    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/investments')!;
    expect(post.body).toEqual({ propertyId: PID, amount: '20000' });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    const receiptRegion = await screen.findByRole('region', { name: 'Investment confirmed' });
    expect(within(receiptRegion).getByText('MZI-000042')).toBeTruthy();
    expect(within(receiptRegion).getAllByText('2.0000').length).toBeGreaterThan(0);
    expect(window.location.search).toBe('?receipt=inv-1');

    fireEvent.click(within(receiptRegion).getByRole('button', { name: 'Cancel investment' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel and refund' })));
    expect(await screen.findByRole('heading', { name: 'Investment cancelled' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`${inr(20000n).replace(/[.$]/g, '\\$&')} was refunded in full`))).toBeTruthy();
  });

  it('does not let an unverified investor confirm, and links to verification', async () => {
    serve({ kyc: 'in_progress' });
    renderCheckout(`?property=${PID}&amount=20000`);
    await screen.findByRole('heading', { name: 'Creek Harbour one-bedroom' });
    expect(screen.getByText('Complete identity verification before investing.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Verify your identity/ }).getAttribute('href')).toBe('/kyc');
    expect((screen.getByRole('button', { name: /Confirm and invest/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's checks (here: not enough in the wallet) with a link to add money", async () => {
    serve({ blockers: [{ code: 'insufficient_funds', message: 'Your wallet has AED 50.00 available and this investment needs AED 200.00. Add money to your wallet first.' }] });
    renderCheckout(`?property=${PID}&amount=20000`);
    expect(await screen.findByText(/Your wallet has AED 50\.00 available/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Add money to your wallet/ }).getAttribute('href')).toBe('/wallet?action=deposit');
    expect((screen.getByRole('button', { name: /Confirm and invest/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the minimum in the chosen currency before asking the server', async () => {
    serve();
    renderCheckout(`?property=${PID}&amount=20000`);
    const input = await screen.findByLabelText('Amount to invest (INR)');
    fireEvent.change(input, { target: { value: '4550' } });
    // Not while typing: once the field is left.
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/The minimum is ₹4,550\.41 \(AED\s200\.00\)\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Confirm/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains a refusal from the purchase itself and says nothing was taken', async () => {
    const calls = serve({
      invest: () => json({ message: 'As a retail investor you can invest AED 100.00 more in the next 12 months. Enter a smaller amount.', error: 'retail_limit_exceeded' }, 422),
    });
    renderCheckout(`?property=${PID}&amount=20000`);
    const confirm = await screen.findByRole('button', { name: `Confirm and invest ${inr(20000n)}` });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await act(async () => fireEvent.click(confirm));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/AED 100\.00 more in the next 12 months.*Nothing was taken from your wallet/);
    expect(within(alert).getByRole('link', { name: /See your retail limit/ })).toBeTruthy();
    const first = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('Idempotency-Key'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: `Confirm and invest ${inr(20000n)}` })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const second = calls.filter((c) => c.method === 'POST').map((c) => c.headers.get('Idempotency-Key'));
    expect(second[1]).not.toBe(first[0]);
  });
});
