import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { OrderDetailJson, PriceListDetailJson, QuotationDetailJson, QuotationJson, SalesSummaryJson } from './contract';
import { balanceOf, entryLines, salesWorld } from './test-helpers';

const today = todayInDubai();

describeEachDb('sales API', (kind) => {
  let w: Awaited<ReturnType<typeof salesWorld>>;
  let list: PriceListDetailJson;

  beforeAll(async () => {
    w = await salesWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('catalogue: products with codes unique, stock products need an item, price lists carry prices', async () => {
    const dup = await w.admin.json('POST', '/api/admin/sales/products', { code: 'svc-pm', name: 'Again', kind: 'service', defaultPrice: 1 });
    expect([dup.status, dup.body.error]).toEqual([409, 'sales_product_code_taken']);
    const noItem = await w.admin.json('POST', '/api/admin/sales/products', { code: 'STK-X', name: 'No item', kind: 'stock', defaultPrice: 1 });
    expect(noItem.status).toBe(400);
    const fee = await w.admin.json('POST', '/api/admin/sales/products', { code: 'SVC-FEE', name: 'Fee income', kind: 'service', defaultPrice: 1, incomeAccount: '4110' });
    expect([fee.status, fee.body.error]).toEqual([422, 'sales_line_invalid']);
    list = await w.ok<PriceListDetailJson>('POST', '/api/admin/sales/price-lists', { name: 'Standard', validFrom: addDays(today, -30), prices: [{ productId: w.service.id, unitPrice: 300_000 }] }, 201);
    expect(list.prices).toEqual([{ productId: w.service.id, code: 'SVC-PM', name: 'Property management', unitPrice: '300000' }]);
    const products = await w.ok<{ items: unknown[]; total: number }>('GET', '/api/admin/sales/products?kind=stock');
    expect(products.total).toBe(1);
    const csv = await (await w.admin.get('/api/admin/sales/products/export?q=manage')).text();
    expect(csv.split('\r\n')[1]).toContain('SVC-PM');
  });

  it('quote → order → two partial deliveries → invoice: numbers, stock at FIFO cost to 5510, the invoice from receivables, everything reconciles', async () => {
    const quote = await w.ok<QuotationDetailJson>(
      'POST',
      '/api/admin/sales/quotations',
      {
        customerId: w.customer.id,
        priceListId: list.id,
        validUntil: addDays(today, 30),
        lines: [
          { productId: w.service.id, quantity: '2.5' },
          { productId: w.sofa.id, quantity: 5, unitPrice: 650_000, discount: 50_000 },
        ],
      },
      201,
    );
    expect(quote.number).toBe(`QT-${today.slice(0, 4)}-0001`);
    expect(quote.status).toBe('draft');
    // 2.5 × 3,000.00 from the price list = 7,500.00; 5 × 6,500.00 − 500.00 = 32,000.00; VAT 5 %.
    expect(quote.lines.map((l) => [l.unitPrice, l.net, l.vat])).toEqual([
      ['300000', '750000', '37500'],
      ['650000', '3200000', '160000'],
    ]);
    expect([quote.net, quote.vat, quote.total]).toEqual(['3950000', '197500', '4147500']);

    const pdf = await w.admin.get(`/api/admin/sales/quotations/${quote.id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const sent = await w.ok<QuotationDetailJson>('POST', `/api/admin/sales/quotations/${quote.id}/send`, {});
    expect(sent.status).toBe('sent');
    const [mail] = await q<{ to: string; subject: string }>(w.db, sql`select "to", subject from email_outbox where kind = 'quotation' order by created_at desc limit 1`);
    expect(mail).toEqual({ to: 'owners@palm.test', subject: expect.stringContaining(quote.number) });

    const order = await w.ok<OrderDetailJson>('POST', `/api/admin/sales/quotations/${quote.id}/accept`, {}, 201);
    expect(order).toMatchObject({ number: `SO-${today.slice(0, 4)}-0001`, status: 'confirmed', quotationNumber: quote.number, net: '3950000' });
    const again = await w.admin.json('POST', `/api/admin/sales/quotations/${quote.id}/accept`, {});
    expect([again.status, again.body.error]).toEqual([409, 'sales_invalid_state']);

    const before1810 = await balanceOf(w.db, '1810');
    // Delivery 1: 1 month of service and 3 sofas from WH-AQ (FIFO: 3 × 4,000.00 = 12,000.00), with an Idempotency-Key.
    const d1Body = { from: 'WH-AQ', lines: [{ lineNo: 1, quantity: 1 }, { lineNo: 2, quantity: 3 }] };
    const d1 = await w.ok<{ deliveryId: string; number: string; cost: string; net: string; status: string }>('POST', `/api/admin/sales/orders/${order.id}/deliveries`, d1Body, 201, { 'idempotency-key': `dn-${order.id}-1` });
    expect(d1).toMatchObject({ number: `DN-${today.slice(0, 4)}-0001`, cost: '1200000', status: 'partially_delivered' });
    const replay = await w.admin.request('POST', `/api/admin/sales/orders/${order.id}/deliveries`, d1Body, { headers: { 'idempotency-key': `dn-${order.id}-1` } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    const over = await w.admin.json('POST', `/api/admin/sales/orders/${order.id}/deliveries`, { from: 'WH-AQ', lines: [{ lineNo: 2, quantity: 3 }] });
    expect([over.status, over.body.error]).toEqual([422, 'sales_over_delivery']);
    expect(over.body.message).toContain('2 left');
    const noStore = await w.admin.json('POST', `/api/admin/sales/orders/${order.id}/deliveries`, { lines: [{ lineNo: 2, quantity: 1 }] });
    expect([noStore.status, noStore.body.error]).toEqual([422, 'sales_line_invalid']);
    const [move1] = await q<{ id: string }>(w.db, sql`select stock_move_id as id from sales_delivery_lines where delivery_id = ${d1.deliveryId} and stock_move_id is not null`);
    expect(await entryLines(w.db, 'inventory.move', move1!.id)).toEqual([
      ['5510', '1200000', '0'],
      ['1810', '0', '1200000'],
    ]);

    // Delivery 2: the rest (1.5 months, 2 sofas: 1 left at 4,000.00 and 1 at 4,500.00).
    const d2 = await w.ok<{ cost: string; status: string }>('POST', `/api/admin/sales/orders/${order.id}/deliveries`, { from: 'WH-AQ' }, 201, { 'idempotency-key': `dn-${order.id}-2` });
    expect(d2).toMatchObject({ cost: '850000', status: 'delivered' });
    expect(before1810 - (await balanceOf(w.db, '1810'))).toBe(2_050_000n);
    expect(await balanceOf(w.db, '5510')).toBe(2_050_000n);
    const cancel = await w.admin.json('POST', `/api/admin/sales/orders/${order.id}/cancel`, {});
    expect([cancel.status, cancel.body.error]).toEqual([409, 'sales_invalid_state']);

    const inv = await w.ok<{ invoiceId: string; number: string; net: string; vat: string; total: string; status: string }>('POST', `/api/admin/sales/orders/${order.id}/invoice`, {}, 201, { 'idempotency-key': `inv-${order.id}` });
    expect(inv).toMatchObject({ number: `INV-${today.slice(0, 4)}-0001`, net: '3950000', vat: '197500', total: '4147500', status: 'invoiced' });
    const replayInv = await w.admin.request('POST', `/api/admin/sales/orders/${order.id}/invoice`, {}, { headers: { 'idempotency-key': `inv-${order.id}` } });
    expect(replayInv.status).toBe(200);
    const nothing = await w.admin.json('POST', `/api/admin/sales/orders/${order.id}/invoice`, {});
    expect([nothing.status, nothing.body.error]).toEqual([422, 'sales_nothing_to_invoice']);
    expect(await entryLines(w.db, 'receivables.invoice', inv.invoiceId)).toEqual(
      expect.arrayContaining([
        ['1330', '4147500', '0'],
        ['4300', '0', '750000'],
        ['4300', '0', '3200000'],
        ['2410', '0', '37500'],
        ['2410', '0', '160000'],
      ]),
    );
    const invoice = await w.ok<{ status: string; reference: string; lines: { quantity: string; net: string }[] }>('GET', `/api/admin/invoices/${inv.invoiceId}`);
    expect(invoice).toMatchObject({ status: 'issued', reference: order.number });
    expect(invoice.lines.map((l) => [l.quantity, l.net])).toEqual([
      ['2.5', '750000'],
      ['5', '3200000'],
    ]);

    const detail = await w.ok<OrderDetailJson>('GET', `/api/admin/sales/orders/${order.id}`);
    expect(detail.lines.map((l) => [l.quantity, l.delivered, l.invoiced, l.deliveredNet, l.invoicedNet])).toEqual([
      ['2.5', '2.5', '2.5', '750000', '750000'],
      ['5', '5', '5', '3200000', '3200000'],
    ]);
    expect(detail.deliveries.map((d) => d.number)).toEqual([`DN-${today.slice(0, 4)}-0001`, `DN-${today.slice(0, 4)}-0002`]);
    expect(detail.invoices).toEqual([expect.objectContaining({ number: inv.number, total: '4147500' })]);

    // The books agree: valuation = 1810, aging total = 1330.
    const valuation = await w.ok<{ total: string }>('GET', '/api/admin/inventory/valuation');
    expect(BigInt(valuation.total)).toBe(await balanceOf(w.db, '1810'));
    expect(valuation.total).toBe(String(4n * 400_000n + 6n * 450_000n - 2_050_000n));
    const aging = await w.ok<{ totals: { total: string } }>('GET', '/api/admin/receivables/aging');
    expect(BigInt(aging.totals.total)).toBe(await balanceOf(w.db, '1330'));
    expect(aging.totals.total).toBe('4147500');
  });

  it('partial invoicing, direct orders, cancel, decline, expiry and the summary', async () => {
    const order = await w.ok<OrderDetailJson>('POST', '/api/admin/sales/orders', { customerId: w.customer.id, lines: [{ productId: w.service.id, quantity: 3, discount: 1 }] }, 201);
    expect(order).toMatchObject({ status: 'confirmed', net: '1049999' });
    await w.ok('POST', `/api/admin/sales/orders/${order.id}/deliveries`, { lines: [{ lineNo: 1, quantity: 1 }] }, 201);
    const first = await w.ok<{ net: string; status: string }>('POST', `/api/admin/sales/orders/${order.id}/invoice`, {}, 201);
    expect(first).toMatchObject({ net: '350000', status: 'partially_invoiced' });
    await w.ok('POST', `/api/admin/sales/orders/${order.id}/deliveries`, {}, 201);
    const second = await w.ok<{ net: string; status: string }>('POST', `/api/admin/sales/orders/${order.id}/invoice`, {}, 201);
    expect(second).toMatchObject({ net: '699999', status: 'invoiced' });

    const draft = await w.ok<OrderDetailJson>('POST', '/api/admin/sales/orders', { customerId: w.customer.id, confirm: false, lines: [{ productId: w.service.id, quantity: 1 }] }, 201);
    expect(draft.status).toBe('draft');
    const undelivered = await w.admin.json('POST', `/api/admin/sales/orders/${draft.id}/deliveries`, {});
    expect(undelivered.status).toBe(409);
    expect((await w.ok<OrderDetailJson>('POST', `/api/admin/sales/orders/${draft.id}/confirm`, {})).status).toBe('confirmed');
    expect((await w.ok<OrderDetailJson>('POST', `/api/admin/sales/orders/${draft.id}/cancel`, {})).status).toBe('cancelled');

    const line = [{ productId: w.service.id, quantity: 1 }];
    const declined = await w.ok<QuotationJson>('POST', '/api/admin/sales/quotations', { customerId: w.customer.id, validUntil: addDays(today, 10), lines: line }, 201);
    expect((await w.ok<QuotationJson>('POST', `/api/admin/sales/quotations/${declined.id}/decline`, {})).status).toBe('declined');
    const old = await w.ok<QuotationJson>('POST', '/api/admin/sales/quotations', { customerId: w.customer.id, date: addDays(today, -20), validUntil: addDays(today, -5), lines: line }, 201);
    const late = await w.admin.json('POST', `/api/admin/sales/quotations/${old.id}/accept`, {});
    expect([late.status, late.body.error]).toEqual([422, 'sales_quotation_expired']);
    expect((await w.ok<QuotationJson>('POST', `/api/admin/sales/quotations/${old.id}/expire`, {})).status).toBe('expired');
    const open = await w.ok<QuotationJson>('POST', '/api/admin/sales/quotations', { customerId: w.customer.id, validUntil: addDays(today, 10), lines: line }, 201);
    const early = await w.admin.json('POST', `/api/admin/sales/quotations/${open.id}/expire`, {});
    expect(early.status).toBe(422);

    const list = await w.ok<{ items: QuotationJson[]; total: number }>('GET', '/api/admin/sales/quotations?status=declined');
    expect(list.items.map((x) => x.id)).toEqual([declined.id]);
    const csv = await (await w.admin.get('/api/admin/sales/orders/export?status=cancelled')).text();
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);

    const s = await w.ok<SalesSummaryJson>('GET', '/api/admin/sales/summary');
    const by = Object.fromEntries(s.quotations.map((x) => [x.status, x.count]));
    expect(by).toEqual({ draft: 1, sent: 0, accepted: 1, declined: 1, expired: 1 });
    const month = s.conversion.at(-1)!;
    expect([month.accepted, month.decided, month.rateBps]).toEqual([1, 3, 3333]);
    expect(s.averageDaysToOrder).toBe('0.0');
    expect(s.ordersToDeliver).toBe(0);
    expect(s.deliveredNotInvoiced).toBe('0');
    expect(s.salesThisMonth).toBe(String(3_950_000 + 1_049_999));
  });
});
