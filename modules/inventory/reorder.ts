/**
 * Turn reorder suggestions into purchase requests through purchasing's createRequest: one request per default
 * supplier (items without one share a request), each line the item's reorder quantity at its last receipt cost.
 * Every item is checked before any request is made, so a refusal leaves nothing half-created.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { createRequest, type CreateRequestInput } from '@modules/purchasing';
import { inventoryErrorCodes as codes, inventoryMessages as msg, quantityString, type ReorderRequestsJson, type Unit } from './contract';
import { rows } from './shared';
import { stockReceiver } from './stock-receiver';

const UNIT_CODE: Record<Unit, CreateRequestInput['lines'][number]['unitCode']> = { each: 'C62', set: 'SET', m: 'MTR', m2: 'MTK', litre: 'LTR', box: 'C62' };

export async function createReorderRequests(db: Db, userId: string, itemIds: string[]): Promise<ReorderRequestsJson> {
  const ids = [...new Set(itemIds)];
  const items = await rows<{ id: string; sku: string; name: string; unit: Unit; reorder_quantity: string; default_supplier_id: string | null; last_unit_cost: string | null; value: string; quantity: string }>(
    db,
    sql`select i.id, i.sku, i.name, i.unit, i.reorder_quantity::text, i.default_supplier_id, c.last_unit_cost::text, coalesce(c.value, 0)::text as value, coalesce(c.quantity, 0)::text as quantity
        from inventory_items i left join inventory_item_costs c on c.item_id = i.id where i.id in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
  );
  if (items.length !== ids.length) throw notFound(msg.itemNotFound, codes.itemNotFound);
  const groups = new Map<string, typeof items>();
  for (const item of items) {
    if (!item.last_unit_cost || item.last_unit_cost === '0') throw new AppError(422, codes.noCost, msg.noCost(item.sku));
    const key = item.default_supplier_id ?? '';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const requests: ReorderRequestsJson['requests'] = [];
  for (const [supplierId, group] of groups) {
    const request = await createRequest(db, userId, {
      title: `Restock ${group.length === 1 ? `${group[0]!.sku} ${group[0]!.name}` : `${group.length} items below their reorder level`}`.slice(0, 200),
      supplierId: supplierId || null,
      notes: `Raised from the inventory reorder list: ${group.map((i) => `${i.sku} (${quantityString(i.quantity)} in store)`).join(', ')}.`.slice(0, 1000),
      lines: group.map((i) => ({
        description: `${i.sku} ${i.name}`.slice(0, 300),
        quantity: BigInt(i.reorder_quantity) > 0n ? BigInt(i.reorder_quantity) : 1000n,
        unitCode: UNIT_CODE[i.unit],
        estimatedUnitPrice: BigInt(i.last_unit_cost!),
        taxCode: 'standard',
        stockItemId: i.id,
      })),
    }, stockReceiver);
    requests.push({ id: request.id, number: request.number, itemIds: group.map((i) => i.id) });
  }
  return { requests };
}
