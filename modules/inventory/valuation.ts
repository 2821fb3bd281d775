/**
 * Valuation as at a date and the reorder list. The valuation reads the running store balance per item
 * (inventory_item_costs) and subtracts the store effect of the moves dated after `asOf` (index on date), so it
 * costs one row per item plus the later moves — never a scan of the whole history. Its total is the balance
 * of ledger account 1810 at that date, because every move posts its store effect to 1810 on its own date.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { todayInDubai } from '@modules/platform/dates';
import { ITEM_CATEGORIES, quantityString, type ItemCategory, type ReorderJson, type ValuationJson, type ValuationMethod } from './contract';
import { ITEM_SELECT, itemJson, type ItemRow } from './items';
import { rows } from './shared';

export async function valuationAsOf(db: Db, asOf: string = todayInDubai()): Promise<ValuationJson> {
  const list = await rows<{ id: string; sku: string; name: string; category: ItemCategory; valuation_method: ValuationMethod; quantity: string; value: string }>(
    db,
    sql`select i.id, i.sku, i.name, i.category, i.valuation_method, (c.quantity - coalesce(later.q, 0))::text as quantity, (c.value - coalesce(later.v, 0))::text as value
        from inventory_item_costs c join inventory_items i on i.id = c.item_id
        left join (select item_id, sum(store_qty) as q, sum(store_value) as v from stock_moves where date > ${asOf} group by item_id) later on later.item_id = c.item_id
        order by i.sku`,
  );
  let total = 0n;
  const byCategory = new Map<ItemCategory, bigint>(ITEM_CATEGORIES.map((c) => [c, 0n]));
  const items = list
    .filter((r) => r.quantity !== '0' || r.value !== '0')
    .map((r) => {
      const value = BigInt(r.value);
      total += value;
      byCategory.set(r.category, byCategory.get(r.category)! + value);
      return { itemId: r.id, sku: r.sku, name: r.name, category: r.category, valuationMethod: r.valuation_method, quantity: quantityString(r.quantity), value: r.value };
    });
  return { asOf, items, total: total.toString(), byCategory: [...byCategory].map(([category, value]) => ({ category, value: value.toString() })) };
}

/** Items set up for reordering (a reorder quantity) whose store stock is at or below their reorder level. */
export async function reorderSuggestions(db: Db): Promise<ReorderJson> {
  const list = await rows<ItemRow>(db, sql`${ITEM_SELECT} where i.reorder_quantity > 0 and coalesce(c.quantity, 0) <= i.reorder_level order by i.sku`);
  const items = list.map((r) => ({ ...itemJson(r), shortfall: quantityString(BigInt(r.reorder_level) - BigInt(r.on_hand)) }));
  return { items, total: items.length };
}
