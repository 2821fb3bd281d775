// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $currency } from '@site/lib/stores/currency';
import type { PoolSaleJson } from '../contract';
import { ExchangePage } from './ExchangePage';
import { Holdings } from './Holdings';
import { MyOrders } from './MyOrders';
import { book, type Call, holding, market, marketRoutes, openOrder, renderWithQuery, Reply, stubApi } from './test-api';

const poolSale = (units: string): PoolSaleJson => ({
  id: null,
  propertyId: 'p1',
  units,
  price: '98000',
  gross: ((BigInt(units) * 98_000n) / 10_000n).toString(),
  earlyExitFee: '1470',
  performanceFee: '0',
  vat: '74',
  net: ((BigInt(units) * 98_000n) / 10_000n - 1544n).toString(),
  discountBps: 200,
  budgetLeft: '5000000',
  journalReference: null,
  at: '2026-03-03T09:00:00Z',
});

beforeEach(() => $currency.set('AED'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('exchange screen', () => {
  it('tells a visitor what the exchange is and offers a sign-in, without asking for market data', async () => {
    const calls = stubApi({}, null);
    renderWithQuery(<ExchangePage />);
    expect((await screen.findByRole('link', { name: /Log in to trade/ })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('heading', { name: 'How the exchange works' })).toBeTruthy();
    // The fees are the settings in force (GET /api/settings/public), not copies.
    expect(await screen.findByText('2%')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/settings/public')).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/api/exchange'))).toBe(false);
  });

  it('lists the market with its prices, a halted badge and what I hold, and shows the chosen book with depth and its band', async () => {
    stubApi(
      marketRoutes({
        'GET /api/exchange/markets': { items: [market, { ...market, propertyId: 'p2', reference: 'MZ-P2', title: 'Saadiyat Beach villa', halted: true, heldUnits: '0', reservedUnits: '0', lastPrice: null, change24hBps: null }] },
      }),
    );
    renderWithQuery(<ExchangePage />);
    const list = await screen.findByRole('table', { name: 'Properties open for trading' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toMatch(/Marina Gate two-bedroom.*AED\s1,010\.00.*\+1\.25%.*AED\s990\.00.*AED\s1,020\.00.*AED\s3,030\.00.*3 shares.*5.*2 in orders/);
    expect(within(rows[1]!).getByText('Halted')).toBeTruthy();
    const bids = await screen.findByRole('table', { name: /^Bids \(buyers\)/ });
    expect(within(bids).getAllByRole('row').slice(1).map((r) => r.textContent!.replace(/\s/g, ' '))).toEqual(['AED 990.0011', 'AED 980.0032']);
    expect(screen.getByText(/Orders are taken from AED\s800\.00 to AED\s1,200\.00 a share: within 20% of the latest valuation\./)).toBeTruthy();
    expect(screen.getByRole('img', { name: /1 trade, last at AED\s1,010\.00 a share.*latest valuation AED\s1,000\.00 a share/ })).toBeTruthy();
  });

  it('shows a halted book and refuses to open the ticket', async () => {
    stubApi(marketRoutes({ 'GET /api/exchange/markets': { items: [{ ...market, halted: true }] }, 'GET /api/exchange/properties/p1/book': { ...book, halted: true } }));
    renderWithQuery(<ExchangePage />);
    expect(await screen.findByText(/Trading in Marina Gate two-bedroom is halted for now\./)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Trading is halted' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('my holdings', () => {
  it('shows units held, reserved in open orders and free, with what the free units would fetch; Sell fills in the ticket', async () => {
    stubApi(marketRoutes());
    renderWithQuery(<ExchangePage />);
    const table = await screen.findByRole('table', { name: /My holdings/ });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent!.replace(/\s/g, ' '));
    expect(cells.slice(0, 5)).toEqual(['5', '2', '3', 'AED 2,950.00', 'AED 2,900.00']);
    fireEvent.click(within(table).getByRole('button', { name: 'Sell shares of Marina Gate two-bedroom' }));
    const ticket = screen.getByRole('heading', { name: 'Place an order' }).closest('section')!;
    expect((within(ticket).getByRole('radio', { name: 'Sell' }) as HTMLInputElement).checked).toBe(true);
    expect((within(ticket).getByLabelText('Shares') as HTMLInputElement).value).toBe('3');
    expect((within(ticket).getByLabelText('Price per share (AED)') as HTMLInputElement).value).toBe('990');
  });

  it('never says an investor with shares has none: an empty list speaks of shares to show, not of owning none', async () => {
    stubApi(marketRoutes({ 'GET /api/exchange/holdings': { items: [] } }));
    renderWithQuery(<Holdings markets={[]} onSell={() => {}} />);
    expect(await screen.findByText('No shares to show here yet')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/don't own any shares|do not own any shares|have no shares/i);
  });

  it('sells to the pool only after a confirmation showing the 2% discount, fees and net; the pool budget message is shown', async () => {
    const calls = stubApi(
      marketRoutes({
        'POST /api/exchange/pool/quote': (c: Call) => {
          const units = (c.body as { units: string }).units;
          return BigInt(units) > 20_000n ? new Reply(422, { error: 'pool_budget_exhausted', message: 'The liquidity pool can take at most AED 2,000.00 of this property right now.' }) : poolSale(units);
        },
        'POST /api/exchange/pool/sell': (c: Call) => ({ ...poolSale((c.body as { units: string }).units), id: 'ps1' }),
      }),
    );
    renderWithQuery(<Holdings markets={[market]} onSell={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Sell to the pool\W+Marina Gate two-bedroom$/ }));
    const dialog = screen.getByRole('dialog', { name: /Sell Marina Gate two-bedroom to the liquidity pool\?/ });
    // All 3 free shares: more than the pool's budget.
    expect(await within(dialog).findByText('The liquidity pool can take at most AED 2,000.00 of this property right now.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Sell to the pool' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(dialog).getByLabelText('Shares to sell'), { target: { value: '2' } });
    const discount = await within(dialog).findByText('Liquidity pool discount (2%)');
    // 2 shares at the AED 1,000.00 valuation less 2%: AED 2,000.00 − AED 1,960.00 = AED 40.00.
    expect(discount.closest('div')!.textContent).toMatch(/−AED\s40\.00/);
    expect(within(dialog).getByText('Gross proceeds for 2 shares').closest('div')!.textContent).toMatch(/AED\s1,960\.00/);
    expect(within(dialog).getByText('Early exit fee').closest('div')!.textContent).toMatch(/−AED\s14\.70/);
    expect(within(dialog).getByText('Net proceeds to your wallet').closest('div')!.textContent).toMatch(/AED\s1,944\.56/);
    expect(calls.some((c) => c.path === '/api/exchange/pool/sell')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sell to the pool' }));
    expect(await screen.findByText(/2 shares of Marina Gate two-bedroom sold to the liquidity pool\. AED\s1,944\.56 is in your wallet\./)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/exchange/pool/sell')?.body).toEqual({ propertyId: 'p1', units: '20000' });
  });
});

describe('my open orders', () => {
  it('cancels an order with DELETE only after a confirmation', async () => {
    const calls = stubApi(marketRoutes({ 'DELETE /api/exchange/orders/o1': { ...openOrder, status: 'cancelled' } }));
    renderWithQuery(<MyOrders />);
    const table = await screen.findByRole('table', { name: 'My open orders' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toMatch(/ORD-000001.*Marina Gate two-bedroom.*Sell.*0 of 2.*AED\s1,100\.00.*Until cancelled.*Open/);
    fireEvent.click(within(table).getByRole('button', { name: 'Cancel order ORD-000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog.textContent).toContain('frees the shares to sell again');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/exchange/orders/o1']);
  });

  it('keeps the dialog open with the API message when the order has already closed', async () => {
    stubApi(marketRoutes({ 'DELETE /api/exchange/orders/o1': new Reply(409, { error: 'order_closed', message: 'That order is no longer open.' }) }));
    renderWithQuery(<MyOrders />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order ORD-000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('That order is no longer open.')).toBeTruthy();
  });
});


describe('holdings not open for trading', () => {
  it('lists tradable holdings first and offers no sale of the others', async () => {
    stubApi(marketRoutes({ 'GET /api/exchange/holdings': { items: [{ ...holding, propertyId: 'p3', title: 'Downtown Views one-bedroom', reference: 'MZ-P3', tradable: false, bestBid: null, bidNet: null, poolNet: null }, holding] } }));
    renderWithQuery(<Holdings markets={[market]} onSell={() => {}} />);
    const table = await screen.findByRole('table', { name: /My holdings/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Marina Gate two-bedroomMZ-P1', 'Downtown Views one-bedroomMZ-P3 · not open for trading']);
    expect((within(rows[1]!).getByRole('button', { name: /^Sell shares of/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(rows[1]!).getByRole('button', { name: /^Sell to the pool/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(rows[1]!).queryByText('No bids')).toBeNull();
  });
});
