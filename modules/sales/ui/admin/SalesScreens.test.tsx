// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@site/components/admin/ledger/test-utils';
import type { OrderDetailJson, QuotationJson, SalesSummaryJson } from '../../contract';
import SalesOrdersTab from './SalesOrdersTab';
import SalesScreen from './SalesScreen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary: SalesSummaryJson = {
  asOf: '2026-03-25',
  quotations: [
    { status: 'draft', count: 1, net: '660000' },
    { status: 'sent', count: 2, net: '3705000' },
    { status: 'accepted', count: 4, net: '5120000' },
    { status: 'declined', count: 1, net: '1190000' },
    { status: 'expired', count: 1, net: '1950000' },
  ],
  conversion: [
    { month: '2026-01', accepted: 0, decided: 0, rateBps: null },
    { month: '2026-02', accepted: 1, decided: 2, rateBps: 5000 },
    { month: '2026-03', accepted: 3, decided: 4, rateBps: 7500 },
  ],
  averageDaysToOrder: '6.3',
  ordersToDeliver: 3,
  toDeliverNet: '1742000',
  deliveredNotInvoiced: '574000',
  salesThisMonth: '1358000',
};

const quotation = (over: Partial<QuotationJson> = {}): QuotationJson => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  number: 'QT-2026-0002',
  customerId: 'c1',
  customerName: 'Palm Residences Owners LLC',
  priceListId: null,
  status: 'sent',
  date: '2026-03-16',
  validUntil: '2026-04-15',
  notes: '',
  net: '3705000',
  vat: '185250',
  total: '3890250',
  sentAt: '2026-03-16T08:00:00.000Z',
  decidedOn: null,
  orderId: null,
  orderNumber: null,
  createdAt: '2026-03-16T08:00:00.000Z',
  ...over,
});

const order: OrderDetailJson = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  number: 'SO-2026-0002',
  customerId: 'c1',
  customerName: 'Palm Residences Owners LLC',
  quotationId: null,
  quotationNumber: 'QT-2026-0005',
  status: 'partially_delivered',
  date: '2026-03-01',
  notes: '',
  net: '2547000',
  vat: '127350',
  total: '2674350',
  deliveredNet: '1074000',
  invoicedNet: '0',
  createdAt: '2026-03-01T08:00:00.000Z',
  lines: [
    { lineNo: 1, productId: 'p1', productCode: 'SVC-SHORTLET', productKind: 'service', description: 'Short-let management', quantity: '3', unitPrice: '399000', discount: '0', net: '1197000', taxCode: 'standard', vat: '59850', incomeAccount: '4300', delivered: '1', invoiced: '0', toDeliver: '2', toInvoice: '1', deliveredNet: '399000', invoicedNet: '0' },
    { lineNo: 2, productId: 'p2', productCode: 'STK-SOFA-3S', productKind: 'stock', description: 'Three-seat sofa', quantity: '2', unitPrice: '675000', discount: '0', net: '1350000', taxCode: 'standard', vat: '67500', incomeAccount: '4300', delivered: '1', invoiced: '0', toDeliver: '1', toInvoice: '1', deliveredNet: '675000', invoicedNet: '0' },
  ],
  deliveries: [{ id: 'd1', number: 'DN-2026-0003', date: '2026-03-05', from: 'WH-AQ-A1', net: '1074000', cost: '420000', note: '', lines: [] }],
  invoices: [],
};

describe('/admin/sales', () => {
  it('shows the figures, the pipeline with a table for screen readers, conversion by month and the quotations with their actions', async () => {
    const calls = mockFetch({
      'GET /api/admin/sales/summary': () => json(summary),
      'GET /api/admin/sales/quotations': () => json({ items: [quotation(), quotation({ id: 'q2', number: 'QT-2026-0001', status: 'accepted', orderId: order.id, orderNumber: order.number })], total: 2 }),
      'POST /api/admin/sales/quotations/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/decline': () => json(quotation({ status: 'declined' })),
    });
    renderWithApp(<SalesScreen />, '/admin/sales');
    expect(await screen.findByText('AED 13,580.00')).toBeTruthy();
    expect(screen.getByText('AED 5,740.00')).toBeTruthy();
    expect(screen.getByText('6.3 days')).toBeTruthy();
    expect(screen.getByText('66.7%')).toBeTruthy();
    const pipeline = screen.getByRole('table', { name: /Quotations by status/ });
    expect(within(pipeline).getByRole('row', { name: /Sent 2 AED 37,050.00/ })).toBeTruthy();
    const conversion = screen.getByRole('table', { name: /Conversion by month/ });
    expect(within(conversion).getByRole('row', { name: /March 2026 3 4 75.0%/ })).toBeTruthy();
    const row = (await screen.findAllByText('QT-2026-0002')).find((e) => e.closest('tr'))!.closest('tr')!;
    expect(row.textContent).toContain('38,902.50');
    expect(within(row).getByRole('link', { name: /PDF of QT-2026-0002/ }).getAttribute('href')).toBe('/api/admin/sales/quotations/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/pdf');
    const accepted = screen.getAllByText('QT-2026-0001').find((e) => e.closest('tr'))!.closest('tr')!;
    expect(within(accepted).getByRole('link', { name: order.number }).getAttribute('href')).toBe(`/admin/sales/orders?order=${order.id}`);
    fireEvent.click(within(row).getByRole('button', { name: /Decline QT-2026-0002/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/decline'))).toBe(true));
  });

  it('says so when the figures fail and when there are no quotations', async () => {
    mockFetch({
      'GET /api/admin/sales/summary': () => json({ message: 'Server error', error: 'internal' }, 500),
      'GET /api/admin/sales/quotations': () => json({ items: [], total: 0 }),
    });
    renderWithApp(<SalesScreen />, '/admin/sales');
    expect(await screen.findByText('The pipeline did not load')).toBeTruthy();
    expect(await screen.findByText('No quotations yet')).toBeTruthy();
  });
});

describe('/admin/sales/orders', () => {
  it('lists orders, opens one, refuses an over-delivery on the client, records a partial delivery with an Idempotency-Key and invoices', async () => {
    const calls = mockFetch({
      'GET /api/admin/sales/orders': () => json({ items: [order], total: 1 }),
      [`GET /api/admin/sales/orders/${order.id}`]: () => json(order),
      'GET /api/admin/inventory/locations': () => json({ items: [{ id: 'l1', code: 'WH-AQ-A1', name: 'Bin A1', kind: 'bin' }], total: 1 }),
      [`POST /api/admin/sales/orders/${order.id}/deliveries`]: () => json({ deliveryId: 'd2', number: 'DN-2026-0009', net: '399000', cost: '0', orderId: order.id, status: 'partially_delivered' }, 201),
      [`POST /api/admin/sales/orders/${order.id}/invoice`]: () => json({ invoiceId: 'i1', number: 'INV-2026-0042', net: '1074000', vat: '53700', total: '1127700', orderId: order.id, status: 'partially_invoiced' }, 201),
    });
    renderWithApp(<SalesOrdersTab />, '/admin/sales/orders');
    const row = (await screen.findByText('Palm Residences Owners LLC')).closest('tr')!;
    expect(row.textContent).toContain('Partially delivered');
    fireEvent.click(within(row).getByRole('button', { name: /SO-2026-0002/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sales order SO-2026-0002' });
    expect(await within(dialog).findByText('DN-2026-0003')).toBeTruthy();
    const first = await within(dialog).findByLabelText('Deliver now, line 1');
    fireEvent.change(first, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record delivery' }));
    expect(await within(dialog).findByText('At most 2 is left to deliver.')).toBeTruthy();
    fireEvent.change(first, { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Deliver now, line 2'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record delivery' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ lines: [{ lineNo: 1, quantity: '1' }] }));
    expect(calls.find((c) => c.method === 'POST')?.headers['idempotency-key']).toBeTruthy();
    expect(await within(dialog).findByText('Delivery DN-2026-0009 recorded.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invoice what is delivered' }));
    expect(await within(dialog).findByText('Invoice INV-2026-0042 issued.')).toBeTruthy();
  });
});
