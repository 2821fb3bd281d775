/**
 * Purchasing's stock receiver (modules/purchasing/stock-port.ts): a purchase order line that buys a stock item
 * is received into the main store as an inventory receipt against the order — Dr 1810 / Cr 2330 at exactly the
 * value purchasing credited, so the supplier bill clears 2330 to the fil and the valuation still equals 1810.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import type { StockReceiver } from '@modules/purchasing';
import { unitCostOf } from './costing';
import { recordMove } from './record-move';
import { rows } from './shared';

/** Where goods bought on an order arrive: the main store (seeded as WH-AQ), else the first warehouse. */
async function receivingLocation(tx: Db): Promise<string> {
  const [row] = await rows<{ id: string }>(tx, sql`select id from inventory_locations where kind = 'warehouse' order by (code = 'WH-AQ') desc, created_at limit 1`);
  if (row) return row.id;
  await tx.execute(sql`insert into inventory_locations (code, name, kind) values ('WH-AQ', 'Main store, Al Quoz', 'warehouse') on conflict do nothing`);
  const [made] = await rows<{ id: string }>(tx, sql`select id from inventory_locations where code = 'WH-AQ'`);
  return made!.id;
}

export const stockReceiver: StockReceiver = {
  async existing(tx, ids) {
    if (ids.length === 0) return new Set();
    const found = await rows<{ id: string }>(tx, sql`select id::text from inventory_items where id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)})`);
    return new Set(found.map((r) => r.id));
  },
  async receive(tx, r) {
    const to = await receivingLocation(tx);
    const move = await recordMove(
      tx,
      r.userId,
      {
        itemId: r.itemId,
        type: 'receipt',
        quantity: r.quantity,
        unitCost: unitCostOf(r.quantity, r.value),
        to,
        date: r.date,
        note: r.note.slice(0, 500),
        purchaseOrderId: r.purchaseOrderId,
        purchaseOrderLineId: r.purchaseOrderLineId,
      },
      { exactValue: r.value },
    );
    return { journalReference: move.journalReference };
  },
};
