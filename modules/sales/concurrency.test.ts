import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInDubai, addDays } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { OrderDetailJson, QuotationJson } from './contract';
import { salesWorld } from './test-helpers';

const today = todayInDubai();

/** Concurrency is proven on a real PostgreSQL (PGlite runs one statement at a time). */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('sales under concurrency [postgres]', () => {
  let w: Awaited<ReturnType<typeof salesWorld>>;
  beforeAll(async () => {
    w = await salesWorld('postgres');
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('twenty quotations created at once take QT numbers 1..20 with no gap and no duplicate', async () => {
    const body = { customerId: w.customer.id, validUntil: addDays(today, 10), lines: [{ productId: w.service.id, quantity: 1 }] };
    const results = await Promise.all(Array.from({ length: 20 }, () => w.admin.json<QuotationJson>('POST', '/api/admin/sales/quotations', body)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.body.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `QT-${today.slice(0, 4)}-${String(i + 1).padStart(4, '0')}`));
  });

  it('parallel deliveries never deliver more than was ordered, nor issue more stock; parallel invoices bill once', async () => {
    const order = await w.ok<OrderDetailJson>('POST', '/api/admin/sales/orders', { customerId: w.customer.id, lines: [{ productId: w.sofa.id, quantity: 3 }] }, 201);
    const tries = await Promise.all(Array.from({ length: 8 }, () => w.admin.json('POST', `/api/admin/sales/orders/${order.id}/deliveries`, { from: 'WH-AQ', lines: [{ lineNo: 1, quantity: 1 }] })));
    const statuses = tries.map((t) => t.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 422)).toBe(true);
    const [issued] = await q<{ n: string }>(w.db, sql`select coalesce(sum(quantity), 0)::text as n from stock_moves where type = 'issue' and note like ${`%${order.number}%`}`);
    expect(issued!.n).toBe('3000');
    const numbers = await q<{ number: string }>(w.db, sql`select number from sales_deliveries order by number`);
    expect(numbers.map((n) => n.number)).toEqual([1, 2, 3].map((i) => `DN-${today.slice(0, 4)}-000${i}`));
    const invoices = await Promise.all(Array.from({ length: 4 }, () => w.admin.json('POST', `/api/admin/sales/orders/${order.id}/invoice`, {})));
    expect(invoices.filter((r) => r.status === 201)).toHaveLength(1);
    const detail = await w.ok<OrderDetailJson>('GET', `/api/admin/sales/orders/${order.id}`);
    expect(detail.status).toBe('invoiced');
    expect(detail.invoices).toHaveLength(1);
  });
});
