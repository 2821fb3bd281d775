// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $currency } from '@site/lib/stores/currency';
import type { QuoteJson } from '../contract';
import { ExchangePage } from './ExchangePage';
import { readShares } from './format';
import { type Call, marketRoutes, renderWithQuery, Reply, stubApi } from './test-api';

/** The server's quote for the ticket's body: a seller's fees, or a buyer's total. */
const quoteFor = (c: Call): QuoteJson => {
  const b = c.body as { side: 'buy' | 'sell'; units: string; price: string };
  const gross = ((BigInt(b.units) * BigInt(b.price)) / 10_000n).toString();
  return {
    side: b.side,
    units: b.units,
    price: b.price,
    gross,
    earlyExitFee: b.side === 'sell' ? '1234' : '0',
    performanceFee: b.side === 'sell' ? '56' : '0',
    vat: b.side === 'sell' ? '65' : '0',
    net: b.side === 'sell' ? (BigInt(gross) - 1355n).toString() : gross,
    totalCost: gross,
    immediateUnits: '10000',
    immediateAveragePrice: '99000',
    problems: [],
  };
};

const ticket = () => screen.getByRole('heading', { name: 'Place an order' }).closest('section')!;

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('share input', () => {
  it('turns shares into units without floats, refusing more than 4 decimals', () => {
    expect(readShares('2.5')).toEqual({ ok: true, value: 25_000n });
    expect(readShares('1,000.0001')).toEqual({ ok: true, value: 10_000_001n });
    expect(readShares('0.00001').ok).toBe(false);
    expect(readShares('0').ok).toBe(false);
    expect(readShares('abc').ok).toBe(false);
  });
});

describe('order ticket', () => {
  it('converts shares to units and a USD price to fils of AED per share, shows each fee of the quote, and places the order with an Idempotency-Key', async () => {
    $currency.set('USD');
    const calls = stubApi(
      marketRoutes({
        'POST /api/exchange/quote': quoteFor,
        'POST /api/exchange/orders': (c: Call) => ({ ...quoteFor(c), id: 'o9', reference: 'ORD-000009', side: 'sell', units: '25000', filledUnits: '10000', remainingUnits: '15000', status: 'partially_filled', fills: [] }),
      }),
    );
    renderWithQuery(<ExchangePage initialProperty="p1" />);
    await screen.findByRole('button', { name: 'Marina Gate two-bedroom', pressed: true });
    const t = ticket();
    fireEvent.click(within(t).getByRole('radio', { name: 'Sell' }));
    expect(within(t).getByText(/You hold 5 shares of this property, 2 of them in open sell orders, so 3 are free to sell\./)).toBeTruthy();
    fireEvent.change(within(t).getByLabelText('Shares'), { target: { value: '2.5' } });
    fireEvent.change(within(t).getByLabelText('Price per share (USD)'), { target: { value: '300' } });
    // USD 300.00 at 3.67 AED to the dollar: AED 1,101.00 a share = 110100 fils.
    expect(within(t).getByText(/That is AED 1,101\.00 a share/)).toBeTruthy();

    await waitFor(() => expect(calls.filter((c) => c.path === '/api/exchange/quote').at(-1)?.body).toEqual({ propertyId: 'p1', side: 'sell', units: '25000', price: '110100', timeInForce: 'gtc' }));
    const fees = await within(t).findByText('Early exit fee');
    const figures = fees.closest('dl')!;
    const row = (label: string) => within(figures).getByText(label).closest('div')!.textContent;
    // Fees in fils of AED, shown in dollars: 1234 fils = $3.36, 56 fils = $0.15, 65 fils = $0.18.
    expect(row('Early exit fee')).toMatch(/−\$3\.36/);
    expect(row('Performance fee')).toMatch(/−\$0\.15/);
    expect(row('VAT on fees')).toMatch(/−\$0\.18/);
    expect(row('Gross proceeds')).toMatch(/\$750\.00/);
    expect(row('Net proceeds to your wallet')).toMatch(/\$746\.31/);
    expect(within(t).getByText(/1 of 2\.5 shares would fill now at an average of \$269\.75 a share; the other 1\.5 wait on the book\./)).toBeTruthy();

    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/exchange/orders')).toBe(false);
    fireEvent.click(within(t).getByRole('button', { name: 'Review sell order' }));
    const dialog = screen.getByRole('dialog', { name: 'Place this sell order?' });
    expect(dialog.textContent).toMatch(/Sell 2\.5 shares of Marina Gate two-bedroom at \$300\.00 a share \(AED 1,101\.00\), good till cancelled\./);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place sell order' }));
    expect(await within(t).findByText('Order ORD-000009 placed: 1 share sold at once; 1.5 shares wait on the book.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/exchange/orders')!;
    expect(post.body).toEqual({ propertyId: 'p1', side: 'sell', units: '25000', price: '110100', timeInForce: 'gtc' });
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends a good-till-date order with its date, a new key per confirm, and shows the API refusal next to the ticket', async () => {
    const band = 'The price must be within the band around the latest valuation: from AED 800.00 to AED 1,200.00 a share.';
    const calls = stubApi(marketRoutes({ 'POST /api/exchange/quote': quoteFor, 'POST /api/exchange/orders': new Reply(422, { error: 'price_out_of_band', message: band }) }));
    renderWithQuery(<ExchangePage initialProperty="p1" />);
    await screen.findByRole('button', { name: 'Marina Gate two-bedroom', pressed: true });
    const t = ticket();
    // A buy defaults to the best ask.
    expect((within(t).getByLabelText('Price per share (AED)') as HTMLInputElement).value).toBe('1020');
    fireEvent.change(within(t).getByLabelText('Shares'), { target: { value: '3' } });
    fireEvent.change(within(t).getByLabelText('Price per share (AED)'), { target: { value: '1,500' } });
    fireEvent.click(within(t).getByRole('radio', { name: 'Good till a date' }));
    fireEvent.change(within(t).getByLabelText('Expires at the end of'), { target: { value: '2099-01-01' } });
    fireEvent.click(within(t).getByRole('button', { name: 'Review buy order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(t).getByText(/Choose a date from/)).toBeTruthy();

    const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(within(t).getByLabelText('Expires at the end of'), { target: { value: inMonth } });
    expect(await within(t).findByText('Total cost')).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      fireEvent.click(within(t).getByRole('button', { name: 'Review buy order' }));
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Place this buy order?' })).getByRole('button', { name: 'Place buy order' }));
      await waitFor(() => expect(within(t).getByRole('alert').textContent).toContain(band));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/exchange/orders');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toEqual({ propertyId: 'p1', side: 'buy', units: '30000', price: '150000', timeInForce: 'gtd', expiresOn: inMonth });
    expect(posts[0]!.headers['Idempotency-Key']).not.toBe(posts[1]!.headers['Idempotency-Key']);
  });
});
