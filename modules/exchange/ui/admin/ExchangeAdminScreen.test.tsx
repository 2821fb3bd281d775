// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, type Call } from '@site/components/admin/ledger/test-utils';
import type { AdminMarketJson, AdminOrderJson, ExitJson, FeeIncomeJson, PoolJson, SurveillanceJson } from '../../admin-contract';
import ExchangeAdminScreen from './ExchangeAdminScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const ORDER = '33333333-3333-4333-8333-333333333333';
const EXIT = '44444444-4444-4444-8444-444444444444';

const market = (patch: Partial<AdminMarketJson> = {}): AdminMarketJson => ({
  propertyId: P1,
  reference: 'MZ-P-001',
  title: 'Marina Gate',
  city: 'Dubai',
  image: null,
  referencePrice: '100000',
  lastPrice: '102500',
  change24hBps: 250,
  bestBid: '101000',
  bestAsk: '103000',
  volume24h: { units: '25000', value: '256250', trades: 3 },
  halted: false,
  bandBps: 2000,
  haltReason: null,
  openOrders: 4,
  bids: [
    { price: '101000', units: '10000', orders: 1 },
    { price: '100000', units: '30000', orders: 2 },
  ],
  asks: [{ price: '103000', units: '5000', orders: 1 }],
  ...patch,
});
const halted = market({ propertyId: P2, reference: 'MZ-P-002', title: 'Saadiyat Villas', halted: true, haltReason: 'Valuation under review', bids: [], asks: [], openOrders: 0, lastPrice: null, bestBid: null, bestAsk: null });

const order = (patch: Partial<AdminOrderJson> = {}): AdminOrderJson => ({
  id: ORDER,
  reference: 'ORD-000012',
  propertyId: P1,
  propertyTitle: 'Marina Gate',
  side: 'buy',
  units: '20000',
  filledUnits: '5000',
  remainingUnits: '15000',
  price: '101000',
  timeInForce: 'gtc',
  expiresOn: null,
  status: 'partially_filled',
  heldCash: '151500',
  createdAt: '2026-11-20T08:00:00.000Z',
  closedAt: null,
  cancelReason: null,
  userId: 'u1',
  investor: 'Aisha Khan (MZ-AISHA1)',
  ...patch,
});

const pool: PoolJson = {
  totalBudget: '1000000000',
  perPropertyBudget: '200000000',
  spent: '9800000',
  left: '990200000',
  holdings: [{ propertyId: P1, reference: 'MZ-P-001', title: 'Marina Gate', units: '1000000', cost: '9800000', value: '10000000' }],
  realisedPnl: '-12500',
  unrealisedPnl: '200000',
  discountBps: 200,
  updatedAt: '2026-11-24T06:00:00.000Z',
};
const fees: FeeIncomeJson = {
  earlyExit: '150000',
  performance: '4000',
  vat: '7700',
  byMonth: [
    { month: '2026-10', earlyExit: '100000', performance: '3000', vat: '5150' },
    { month: '2026-11', earlyExit: '50000', performance: '1000', vat: '2550' },
  ],
};
const alert: SurveillanceJson = {
  kind: 'same_parties',
  severity: 'high',
  propertyId: P1,
  title: 'Marina Gate',
  investors: ['Aisha Khan (MZ-AISHA1)', 'Omar Saleh (MZ-OMAR01)'],
  detail: '6 trades between the same two investors in 24 hours.',
  at: '2026-11-21T09:00:00.000Z',
};
const funded = { items: [{ id: P1, reference: 'MZ-P-001', title: 'Marina Gate', status: 'funded', valuation: '500000000', sharesSold: '50000000' }], total: 1 };
const exit: ExitJson = {
  id: EXIT,
  reference: 'EXIT-000001',
  propertyId: P1,
  title: 'Marina Gate',
  salePrice: '550000000',
  sellingCosts: '11000000',
  saleDate: '2026-11-01',
  netProceeds: '539000000',
  holders: 2,
  paid: '538900000',
  performanceFees: '95238',
  vat: '4762',
  status: 'settled',
  createdAt: '2026-11-25T10:00:00.000Z',
  items: [
    { userId: 'u1', investor: 'Aisha Khan (MZ-AISHA1)', units: '30000000', gross: '323400000', performanceFee: '57143', vat: '2857', net: '323340000' },
    { userId: 'u2', investor: 'Omar Saleh (MZ-OMAR01)', units: '20000000', gross: '215600000', performanceFee: '38095', vat: '1905', net: '215560000' },
  ],
};

function api(overrides: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockFetch({
    'GET /api/admin/exchange/markets': () => json({ items: [market(), halted] }),
    'GET /api/admin/exchange/orders': () => json({ items: [order(), order({ id: 'o2', reference: 'ORD-000011', side: 'sell', status: 'filled', filledUnits: '20000', remainingUnits: '0', heldCash: '0' })], total: 2 }),
    'GET /api/admin/exchange/trades': () => json({ items: [], total: 0 }),
    'GET /api/admin/exchange/pool': () => json(pool),
    'GET /api/admin/exchange/fees': () => json(fees),
    'GET /api/admin/exchange/surveillance': () => json({ items: [] }),
    'GET /api/admin/properties': () => json(funded),
    ...overrides,
  });
}

const marketsTable = () => screen.findByRole('region', { name: 'Markets open for trading' });

describe('/admin/exchange', () => {
  it('lists the markets with prices, volume, band and halted state, and opens a live book with depth', async () => {
    api();
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const table = await marketsTable();
    const row = within(table).getByText('Marina Gate').closest('tr')!;
    expect(row.textContent).toContain('1,025.00');
    expect(row.textContent).toContain('Best bid 1,010.00');
    expect(row.textContent).toContain('best ask 1,030.00');
    expect(row.textContent).toContain('2.5 shares · 3 trades');
    expect(row.textContent).toContain('±20%');
    expect(within(row).getByText('Trading')).toBeTruthy();
    const haltedRow = within(table).getByText('Saadiyat Villas').closest('tr')!;
    expect(within(haltedRow).getByText('Halted')).toBeTruthy();
    expect(within(haltedRow).getByText('Valuation under review')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Book of Marina Gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order book: Marina Gate' });
    const bids = within(dialog).getByRole('table', { name: /Bids for Marina Gate/ });
    const rows = within(bids).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // The second level's depth is both levels together: 1 + 3 shares.
    expect(rows[2]!.textContent).toContain('AED 1,000.00');
    expect(rows[2]!.textContent).toContain('4');
    expect(within(dialog).getByRole('table', { name: /Asks for Marina Gate/ })).toBeTruthy();
    expect(dialog.textContent).toContain('spread AED 20.00');
  });

  it('halts a market only with a reason, by PUT, and resumes a halted one', async () => {
    const calls = api({
      [`PUT /api/admin/exchange/markets/${P1}`]: (c) => json(market({ halted: true, haltReason: (c.body as { reason: string }).reason })),
      [`PUT /api/admin/exchange/markets/${P2}`]: () => json({ ...halted, halted: false, haltReason: null }),
    });
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const table = await marketsTable();
    fireEvent.click(within(table).getByRole('button', { name: 'Halt trading in Marina Gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Halt trading in Marina Gate' });
    expect(dialog.textContent).toContain('4 open orders stay in the book');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Halt trading' }));
    expect(await within(dialog).findByText('Say why trading is halted (at least 3 characters).')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Developer insolvency news' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Halt trading' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: expect.objectContaining({ pathname: `/api/admin/exchange/markets/${P1}` }), body: { halted: true, reason: 'Developer insolvency news' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Resume trading in Saadiyat Villas' }));
    const resume = await screen.findByRole('dialog', { name: 'Resume trading in Saadiyat Villas' });
    expect(resume.textContent).toContain('Halted because: Valuation under review');
    fireEvent.change(within(resume).getByLabelText(/Reason/), { target: { value: 'Valuation confirmed' } });
    fireEvent.click(within(resume).getByRole('button', { name: 'Resume trading' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ halted: false, reason: 'Valuation confirmed' }));
  });

  it('edits the band in percent and sends basis points, refusing a band out of range', async () => {
    const calls = api({ [`PUT /api/admin/exchange/markets/${P1}`]: () => json(market({ bandBps: 1250 })) });
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    fireEvent.click(within(await marketsTable()).getByRole('button', { name: 'Band of Marina Gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Price band of Marina Gate' });
    const field = within(dialog).getByLabelText(/Band/) as HTMLInputElement;
    expect(field.value).toBe('20');
    fireEvent.change(field, { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save band' }));
    expect(await within(dialog).findByText(/Enter the band as a percentage from 1 to 100/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(field, { target: { value: '12.5' } });
    expect(dialog.textContent).toContain('Orders from 87.5% to 112.5%');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save band' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ bandBps: 1250 }));
  });

  it('lists orders with filters and CSV, and cancels an open order only with a reason, by DELETE with it', async () => {
    const calls = api({ [`DELETE /api/admin/exchange/orders/${ORDER}`]: (c) => json(order({ status: 'cancelled', cancelReason: (c.body as { reason: string }).reason })) });
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const orders = await screen.findByRole('region', { name: /^Exchange orders/ });
    const first = (await within(orders).findByText('ORD-000012', { selector: 'span.font-mono' })).closest('tr')!;
    expect(first.textContent).toContain('Aisha Khan (MZ-AISHA1)');
    expect(first.textContent).toContain('Partly filled');
    expect(first.textContent).toContain('0.5 filled');
    expect(screen.getAllByRole('link', { name: /Export CSV/ }).map((a) => a.getAttribute('href'))).toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/admin\/exchange\/orders\/export/), expect.stringMatching(/^\/api\/admin\/exchange\/trades\/export/)]));
    // Only open orders can be cancelled.
    expect(within(orders).getAllByRole('button', { name: /Cancel order/ })).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/admin/exchange/orders').at(-1)!.url.searchParams.get('status')).toBe('open'));

    fireEvent.click(within(orders).getByRole('button', { name: 'Cancel order ORD-000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order ORD-000012' });
    expect(dialog.textContent).toContain("the AED 1,515.00 held for it returns to the investor's wallet");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('Say why the order is cancelled (at most 300 characters).')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Fat-finger price, investor asked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ url: expect.objectContaining({ pathname: `/api/admin/exchange/orders/${ORDER}` }), body: { reason: 'Fat-finger price, investor asked' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the pool's position and holdings, and saves the budget in fils", async () => {
    const calls = api({ 'PUT /api/admin/exchange/pool': (c) => json({ ...pool, ...(c.body as object) }) });
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const position = await screen.findByLabelText("The pool's position");
    expect(await screen.findByText(/at the latest valuation less the 2% discount/)).toBeTruthy();
    await within(position).findByText('AED 10,000,000.00');
    expect(position.textContent).toContain('AED (125.00)');
    expect(position.textContent).toContain('a loss of AED 125.00');
    const holdings = screen.getByRole('region', { name: 'What the liquidity pool holds' });
    const row = within(holdings).getByText('Marina Gate').closest('tr')!;
    expect(row.textContent).toContain('100');
    expect(row.textContent).toContain('98,000.00');
    expect(row.textContent).toContain('2,000.00');

    fireEvent.click(screen.getByRole('button', { name: 'Edit budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liquidity pool budget' });
    const total = within(dialog).getByLabelText(/Total budget/) as HTMLInputElement;
    const per = within(dialog).getByLabelText(/Budget per property/) as HTMLInputElement;
    expect(total.value).toBe('10000000');
    fireEvent.change(total, { target: { value: '5,000,000' } });
    fireEvent.change(per, { target: { value: '6000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    expect(await within(dialog).findByText('The budget per property cannot be more than the total budget.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(per, { target: { value: '1,250,000.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ totalBudget: '500000000', perPropertyBudget: '125000050' }));
  });

  it("offers the pool's shares on the exchange as a sell order, checking the shares it holds", async () => {
    const calls = api({
      'POST /api/admin/exchange/pool/orders': (c) => json({ id: 'o9', reference: 'ORD-000009', units: (c.body as { units: string }).units, price: (c.body as { price: string }).price, fills: [] }, 201),
    });
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const holdings = await screen.findByRole('region', { name: 'What the liquidity pool holds' });
    fireEvent.click(await within(holdings).findByRole('button', { name: /Offer on the exchange/ }));
    const dialog = await screen.findByRole('dialog', { name: "Offer the pool's shares of Marina Gate" });
    fireEvent.change(within(dialog).getByLabelText(/^Shares/), { target: { value: '101' } });
    fireEvent.change(within(dialog).getByLabelText(/Price per share/), { target: { value: '1,050' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place the sell order' }));
    expect(await within(dialog).findByText('The pool holds 100 shares of this property.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Shares/), { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place the sell order' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ propertyId: P1, units: '25000', price: '105000' }));
  });

  it('shows fee income by kind with a monthly chart and its table', async () => {
    api();
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const chart = await screen.findByRole('img', { name: /Fee income by month/ });
    expect(chart.getAttribute('aria-label')).toContain('October 2026: AED 1,081.50 (early exit AED 1,000.00, performance AED 30.00, VAT AED 51.50)');
    expect(screen.getByText('AED 1,500.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: /Fee income by month, in AED/ });
    expect(within(table).getByRole('rowheader', { name: 'November 2026' }).closest('tr')!.textContent).toContain('535.50');
  });

  it('explains what surveillance watches when nothing is flagged, and lists alerts when there are', async () => {
    let items: SurveillanceJson[] = [];
    api({ 'GET /api/admin/exchange/surveillance': () => json({ items }) });
    const first = renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    expect(await screen.findByText('Nothing to look into')).toBeTruthy();
    expect(screen.getAllByText(/open orders worth over AED 100,000 priced more than 15% from the latest valuation, an investor cancelling 5 or more orders within an hour/).length).toBeGreaterThan(0);
    first.unmount();

    items = [alert, { ...alert, kind: 'rapid_cancels', severity: 'medium', investors: ['Omar Saleh (MZ-OMAR01)'], detail: '12 orders placed and cancelled within 5 minutes.' }];
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const table = await screen.findByRole('region', { name: 'Surveillance alerts' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Trades between the same people');
    expect(rows[1]!.textContent).toContain('High');
    expect(rows[1]!.textContent).toContain('Omar Saleh (MZ-OMAR01)');
    expect(rows[2]!.textContent).toContain('Rapid orders and cancels');
  });

  it('records a property exit: validates, confirms pro rata payment, posts fils, and shows every holder', async () => {
    const calls = api({ 'POST /api/admin/exchange/exits': () => json(exit, 201), [`GET /api/admin/exchange/exits/${EXIT}`]: () => json(exit) });
    const { location } = renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const form = await screen.findByRole('form', { name: 'Record a property sale' });
    await within(form).findByRole('option', { name: 'Marina Gate (MZ-P-001)' });
    fireEvent.change(within(form).getByLabelText('Sale date (required)'), { target: { value: '2999-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Review the exit' }));
    expect(within(form).getByText('Choose the funded property that was sold.')).toBeTruthy();
    expect(within(form).getByText('Enter the sale price in AED, more than 0, like 4,500,000.')).toBeTruthy();
    expect(within(form).getByText('Enter the sale date, today or earlier.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(within(form).getByLabelText('Property (funded)'), { target: { value: P1 } });
    fireEvent.change(within(form).getByLabelText('Sale price (AED) (required)'), { target: { value: '5,500,000' } });
    fireEvent.change(within(form).getByLabelText('Selling costs (AED) (required)'), { target: { value: '110000' } });
    fireEvent.change(within(form).getByLabelText('Sale date (required)'), { target: { value: '2026-11-01' } });
    expect(form.textContent).toContain('Net proceeds to share: AED 5,390,000.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Review the exit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle the sale of Marina Gate' });
    expect(dialog.textContent).toContain('AED 5,390,000.00 is paid to every holder on that date (the liquidity pool included) pro rata to the units they hold');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay the holders' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ propertyId: P1, salePrice: '550000000', sellingCosts: '11000000', saleDate: '2026-11-01' }));

    const holders = await screen.findByRole('region', { name: 'Holders paid for Marina Gate' });
    expect(location.history?.at(-1)).toBe(`/admin/exchange?exit=${EXIT}`);
    const rows = within(holders).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Aisha Khan (MZ-AISHA1)');
    expect(rows[1]!.textContent).toContain('3,234,000.00');
    expect(rows[1]!.textContent).toContain('571.43');
    expect(rows[1]!.textContent).toContain('28.57');
    expect(rows[1]!.textContent).toContain('3,233,400.00');
    expect(screen.getByText('Sale of Marina Gate settled')).toBeTruthy();
    expect(screen.getByText(/Exit EXIT-000001: sold on 1 Nov 2026/)).toBeTruthy();
  });

  it('shows the API message when a market fails to load, with a retry', async () => {
    api({ 'GET /api/admin/exchange/markets': () => json({ message: 'The exchange is not available right now.', error: 'unavailable' }, 503) });
    renderWithApp(<ExchangeAdminScreen />, '/admin/exchange');
    const alertBox = await screen.findByText("Couldn't load the markets");
    expect(alertBox.closest('[role="alert"]')!.textContent).toContain('The exchange is not available right now.');
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
