import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { OrderDetailJson, QuotationJson } from './contract';
import { salesWorld } from './test-helpers';

/** Values no field of these routes accepts, whatever its type. */
const ALWAYS_BAD: unknown[] = [null, true, {}, [], { a: { b: { c: {} } } }, -1, 1.5, 1e300, 1e21, '9'.repeat(40), 'a\u0000b'];
const TEXT_BAD: unknown[] = [null, true, {}, [], 1.5, 42, 'x'.repeat(1001), 'a\u0000b'];
const BAD_IDS = ['x', "'%20or%201=1", '0'.repeat(100), '%00', 'a%00b', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', '%F0%9F%98%80'];
let deep: unknown = 1;
for (let i = 0; i < 200; i++) deep = { d: deep };
const BAD_BODIES: unknown[] = [null, [], 'text', 42, deep, [1, [2, [3]]]];
const today = todayInDubai();

describeEachDb('sales routes: fuzz', (kind) => {
  let w: Awaited<ReturnType<typeof salesWorld>>;
  beforeAll(async () => {
    w = await salesWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  let tried = 0;
  const expect4xx = async (method: string, path: string, body?: unknown, client?: TestClient) => {
    tried += 1;
    const res = await (client ?? w.admin).request(method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
  };
  const snapshot = async () =>
    (
      await q<Record<string, string>>(
        w.db,
        sql`select (select count(*) from sales_products)::text as products, (select count(*) from sales_price_lists)::text as lists, (select count(*) from sales_quotations)::text as quotes,
                   (select string_agg(status, ',' order by id) from sales_quotations) as qstatus, (select count(*) from sales_orders)::text as orders, (select string_agg(status, ',' order by id) from sales_orders) as ostatus,
                   (select count(*) from sales_deliveries)::text as deliveries, (select count(*) from invoices)::text as invoices, (select count(*) from ledger_journal_entries)::text as entries`,
      )
    )[0];

  it('answers every malformed request with a 4xx and changes nothing', async () => {
    const line = { productId: w.service.id, quantity: 1 };
    const quote = await w.ok<QuotationJson>('POST', '/api/admin/sales/quotations', { customerId: w.customer.id, validUntil: addDays(today, 10), lines: [line] }, 201);
    const order = await w.ok<OrderDetailJson>('POST', '/api/admin/sales/orders', { customerId: w.customer.id, lines: [line, { productId: w.sofa.id, quantity: 2 }] }, 201);
    const before = await snapshot();

    const price = [...ALWAYS_BAD, '', ' ', '1e3', '-5', '99999999999999999999', 1e16, 100_000_000_001];
    const qty = [...ALWAYS_BAD.filter((v) => v !== 1.5), 0, '0', '', '1.2345', '-1', '1e3', 10_000_001];
    const date = [...ALWAYS_BAD, '', '2026-02-30', '26-01-01', "' or 1=1", '1999-12-31'];
    const id = [...ALWAYS_BAD, '', 'x', 'x'.repeat(65), '00000000-0000-0000-0000-000000000000'];
    const lines = [...ALWAYS_BAD.filter((v) => !Array.isArray(v)), [], Array(101).fill(line), [{ ...line, quantity: 0 }], [{ ...line, unitPrice: -1 }], [{ ...line, taxCode: 'import' }], [{ ...line, discount: 999_999_999 }], [{ ...line, productId: '00000000-0000-4000-8000-000000000000' }], [{ ...line, description: 'a\u0000b' }]];
    const bodies: [string, string, Record<string, unknown>, Record<string, unknown[]>][] = [
      ['POST', '/api/admin/sales/products', { code: 'NEW-1', name: 'New service', kind: 'service', defaultPrice: 1 }, { code: [...TEXT_BAD, '', 'svc-pm', '-x'], name: [...TEXT_BAD, '', 'x'], kind: [...ALWAYS_BAD, 'good'], defaultPrice: price, incomeAccount: [...TEXT_BAD, '4110', '1110', '99'], taxCode: [...ALWAYS_BAD, 'import'], itemId: id.filter((v) => v !== null), unit: [...ALWAYS_BAD, 'parsec'] }],
      ['PATCH', `/api/admin/sales/products/${w.service.id}`, { name: 'Renamed' }, { name: [...TEXT_BAD.filter((v) => v !== null), ''], defaultPrice: price, incomeAccount: ['4110', '1110', 'abcd'], active: [...ALWAYS_BAD.filter((v) => v !== true)] }],
      ['POST', '/api/admin/sales/price-lists', { name: 'List', validFrom: today }, { name: [...TEXT_BAD, ''], validFrom: date, validTo: [...date.filter((v) => v !== null), addDays(today, -1)], currency: [...ALWAYS_BAD, 'USD'], prices: [...ALWAYS_BAD.filter((v) => !Array.isArray(v)), [{ productId: w.service.id, unitPrice: -1 }], [{ productId: w.service.id, unitPrice: 1 }, { productId: w.service.id, unitPrice: 2 }], [{ productId: '00000000-0000-4000-8000-000000000000', unitPrice: 1 }]] }],
      ['POST', '/api/admin/sales/quotations', { customerId: w.customer.id, validUntil: addDays(today, 10), lines: [line] }, { customerId: id, validUntil: [...date, addDays(today, -1)], date: date.filter((v) => v !== null), priceListId: id.filter((v) => v !== null), notes: [...TEXT_BAD.filter((v) => v !== null)], lines }],
      ['POST', '/api/admin/sales/orders', { customerId: w.customer.id, lines: [line] }, { customerId: id, date: date.filter((v) => v !== null), lines, confirm: ['yes', 1, {}] }],
      ['POST', `/api/admin/sales/orders/${order.id}/deliveries`, { from: 'WH-AQ', lines: [{ lineNo: 2, quantity: 1 }] }, { from: [...TEXT_BAD, '', 'NOWHERE', "' or 1=1"], date: date.filter((v) => v !== null), lines: [...ALWAYS_BAD.filter((v) => !Array.isArray(v)), [], [{ lineNo: 9, quantity: 1 }], [{ lineNo: 1, quantity: 2 }], [{ lineNo: 1, quantity: qty[0] }], [{ lineNo: 1, quantity: 1 }, { lineNo: 1, quantity: 1 }], [{ lineNo: 2, quantity: 100 }], [{ lineNo: 0, quantity: 1 }]] }],
      ['POST', `/api/admin/sales/orders/${order.id}/invoice`, {}, { date: date.filter((v) => v !== null), dueDate: [...date.filter((v) => v !== null)] }],
      ['POST', `/api/admin/sales/quotations/${quote.id}/accept`, { date: addDays(today, 30) }, { date: date.filter((v) => v !== null) }],
    ];
    for (const [method, path, valid, fields] of bodies) {
      if (method === 'POST' && path.endsWith('/accept')) await expect4xx(method, path, valid);
      for (const [field, values] of Object.entries(fields)) for (const v of values) await expect4xx(method, path, { ...valid, [field]: v });
      if (!path.endsWith('/invoice')) for (const b of BAD_BODIES) await expect4xx(method, path, b);
    }
    for (const v of qty) await expect4xx('POST', `/api/admin/sales/orders/${order.id}/deliveries`, { from: 'WH-AQ', lines: [{ lineNo: 1, quantity: v }] });
    for (const bad of BAD_IDS) {
      for (const p of ['products', 'price-lists', 'quotations', 'orders']) await expect4xx('GET', `/api/admin/sales/${p}/${bad}`);
      for (const action of ['send', 'accept', 'decline', 'expire']) await expect4xx('POST', `/api/admin/sales/quotations/${bad}/${action}`, {});
      for (const action of ['confirm', 'cancel', 'deliveries', 'invoice']) await expect4xx('POST', `/api/admin/sales/orders/${bad}/${action}`, {});
      await expect4xx('GET', `/api/admin/sales/quotations/${bad}/pdf`);
      await expect4xx('PUT', `/api/admin/sales/price-lists/${bad}/prices`, { prices: [] });
    }
    const queries: [string, string[]][] = [
      ['/api/admin/sales/quotations', ['limit=0', 'limit=abc', 'offset=-1', 'sort=evil', 'status=bogus', 'customerId=x', `q=${'x'.repeat(201)}`]],
      ['/api/admin/sales/orders', ['status=shipped', 'sort=-evil', 'limit=201']],
      ['/api/admin/sales/orders/export', ['status=bogus', 'sort=drop']],
      ['/api/admin/sales/products', ['kind=goods', 'active=maybe']],
      ['/api/admin/sales/price-lists', ['sort=x']],
    ];
    for (const [path, list] of queries) for (const qs of list) await expect4xx('GET', `${path}?${qs}`);
    for (const qs of ["q=' or 1=1", 'q=%25', 'q=_']) expect((await w.admin.request('GET', `/api/admin/sales/orders?${qs}`)).status, qs).toBe(200);

    // Visitors never reach these routes; a mutation without the CSRF header is refused.
    const visitor = new TestClient(w.app);
    for (const [method, path] of [['GET', '/api/admin/sales/summary'], ['POST', '/api/admin/sales/orders'], ['POST', `/api/admin/sales/orders/${order.id}/deliveries`]] as const) await expect4xx(method, path, method === 'POST' ? {} : undefined, visitor);
    expect((await w.admin.request('POST', `/api/admin/sales/orders/${order.id}/cancel`, {}, { csrf: false })).status).toBe(403);

    expect(tried).toBeGreaterThan(300);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});
