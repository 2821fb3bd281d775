import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { seedInventory } from '@modules/inventory';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { seedReceivables } from '@modules/receivables';
import { seedTax } from '@modules/tax';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { seedSales } from './seed';
import { salesSummary } from './summary';
import { balanceOf } from './test-helpers';

describeEachDb('sales demo data', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    await seedTax(database.db);
    await seedReceivables(database.db);
    await seedInventory(database.db);
  }, 180_000);
  afterAll(() => database?.close());

  it('shows a real pipeline: quotations in every status, orders from confirmed to invoiced; the books still agree', async () => {
    expect(await seedSales(database.db)).toEqual({ seeded: true });
    expect(await seedSales(database.db)).toEqual({ seeded: false });
    const statuses = await q<{ status: string }>(database.db, sql`select distinct status from sales_quotations order by status`);
    expect(statuses.map((s) => s.status)).toEqual(['accepted', 'declined', 'draft', 'expired', 'sent']);
    const orders = await q<{ status: string }>(database.db, sql`select status from sales_orders order by status`);
    expect(orders.map((o) => o.status)).toEqual(['confirmed', 'confirmed', 'delivered', 'invoiced', 'partially_delivered']);
    const s = await salesSummary(database.db);
    expect(s.ordersToDeliver).toBe(3);
    expect(BigInt(s.deliveredNotInvoiced)).toBeGreaterThan(0n);
    const [valuation] = await q<{ v: string }>(database.db, sql`select coalesce(sum(value), 0)::text as v from inventory_item_costs`);
    expect(BigInt(valuation!.v)).toBe(await balanceOf(database.db, '1810'));
    expect(await balanceOf(database.db, '5510')).toBeGreaterThan(0n);
  });
});
