/** Items: create, change, read, list (one list contract) and export. The valuation method is fixed once an item has moves. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { getSupplier } from '@modules/purchasing';
import {
  categoryLabels,
  inventoryErrorCodes as codes,
  inventoryMessages as msg,
  isUuid,
  quantityString,
  unitLabels,
  valuationLabels,
  type CreateItemInput,
  type ItemJson,
  type itemsListQuery,
  type UpdateItemInput,
} from './contract';
import { unitCostOf } from './costing';
import { instant, rows } from './shared';

export type ItemsListQuery = z.output<typeof itemsListQuery>;

type Row = {
  id: string;
  sku: string;
  name: string;
  category: ItemJson['category'];
  unit: ItemJson['unit'];
  barcode: string | null;
  reorder_level: string;
  reorder_quantity: string;
  valuation_method: ItemJson['valuationMethod'];
  default_supplier_id: string | null;
  on_hand: string;
  value: string;
  has_moves: boolean;
  created_at: string | Date;
};

export const ITEM_SELECT = sql`select i.id, i.sku, i.name, i.category, i.unit, i.barcode, i.reorder_level::text, i.reorder_quantity::text, i.valuation_method, i.default_supplier_id,
  coalesce(c.quantity, 0)::text as on_hand, coalesce(c.value, 0)::text as value, exists (select 1 from stock_moves m where m.item_id = i.id) as has_moves, i.created_at
  from inventory_items i left join inventory_item_costs c on c.item_id = i.id`;

export function itemJson(r: Row): ItemJson {
  const unit = unitCostOf(BigInt(r.on_hand), BigInt(r.value));
  return {
    id: r.id,
    sku: r.sku,
    name: r.name,
    category: r.category,
    unit: r.unit,
    barcode: r.barcode,
    reorderLevel: quantityString(r.reorder_level),
    reorderQuantity: quantityString(r.reorder_quantity),
    valuationMethod: r.valuation_method,
    defaultSupplierId: r.default_supplier_id,
    onHand: quantityString(r.on_hand),
    value: r.value,
    unitCost: unit === null ? null : unit.toString(),
    hasMoves: !!r.has_moves,
    createdAt: instant(r.created_at),
  };
}
export type ItemRow = Row;

export async function getItem(db: Db, id: string): Promise<ItemJson> {
  if (!isUuid(id)) throw notFound(msg.itemNotFound, codes.itemNotFound);
  const [row] = await rows<Row>(db, sql`${ITEM_SELECT} where i.id = ${id}`);
  if (!row) throw notFound(msg.itemNotFound, codes.itemNotFound);
  return itemJson(row);
}

async function assertSkuFree(db: Db, sku: string, except: string | null) {
  const [dup] = await rows<{ id: string }>(db, sql`select id from inventory_items where lower(sku) = lower(${sku})${except ? sql` and id <> ${except}` : sql``}`);
  if (dup) throw new AppError(409, codes.duplicateSku, msg.duplicateSku(sku));
}

export async function createItem(db: Db, userId: string | null, input: CreateItemInput): Promise<ItemJson> {
  if (input.defaultSupplierId) await getSupplier(db, input.defaultSupplierId);
  const id = await db.transaction(async (tx) => {
    await assertSkuFree(tx, input.sku, null);
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into inventory_items (sku, name, category, unit, barcode, reorder_level, reorder_quantity, valuation_method, default_supplier_id, created_by)
          values (${input.sku}, ${input.name}, ${input.category}, ${input.unit}, ${input.barcode || null}, ${input.reorderLevel}, ${input.reorderQuantity}, ${input.valuationMethod},
                  ${input.defaultSupplierId ?? null}, ${userId}) returning id`,
    );
    await tx.execute(sql`insert into inventory_item_costs (item_id) values (${row!.id})`);
    await recordAudit(tx, {
      actorId: userId,
      action: 'inventory.item.create',
      entityType: 'inventory_item',
      entityId: row!.id,
      summary: `Item ${input.sku} ${input.name} created (${categoryLabels[input.category]}, ${valuationLabels[input.valuationMethod]})`,
    });
    return row!.id;
  });
  return getItem(db, id);
}

export async function updateItem(db: Db, userId: string, id: string, input: UpdateItemInput): Promise<ItemJson> {
  if (input.defaultSupplierId) await getSupplier(db, input.defaultSupplierId);
  await db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(msg.itemNotFound, codes.itemNotFound);
    const [current] = await rows<{ id: string; sku: string; valuation_method: string }>(tx, sql`select id, sku, valuation_method from inventory_items where id = ${id} for update`);
    if (!current) throw notFound(msg.itemNotFound, codes.itemNotFound);
    if (input.sku !== undefined) await assertSkuFree(tx, input.sku, id);
    if (input.valuationMethod !== undefined && input.valuationMethod !== current.valuation_method) {
      const [moved] = await rows<{ id: string }>(tx, sql`select id from stock_moves where item_id = ${id} limit 1`);
      if (moved) throw new AppError(409, codes.methodFixed, msg.methodFixed);
    }
    const set: SQL[] = [];
    if (input.name !== undefined) set.push(sql`name = ${input.name}`);
    if (input.sku !== undefined) set.push(sql`sku = ${input.sku}`);
    if (input.category !== undefined) set.push(sql`category = ${input.category}`);
    if (input.unit !== undefined) set.push(sql`unit = ${input.unit}`);
    if (input.barcode !== undefined) set.push(sql`barcode = ${input.barcode || null}`);
    if (input.reorderLevel !== undefined) set.push(sql`reorder_level = ${input.reorderLevel}`);
    if (input.reorderQuantity !== undefined) set.push(sql`reorder_quantity = ${input.reorderQuantity}`);
    if (input.valuationMethod !== undefined) set.push(sql`valuation_method = ${input.valuationMethod}`);
    if (input.defaultSupplierId !== undefined) set.push(sql`default_supplier_id = ${input.defaultSupplierId}`);
    set.push(sql`updated_at = now()`);
    await tx.execute(sql`update inventory_items set ${sql.join(set, sql`, `)} where id = ${id}`);
    await recordAudit(tx, {
      actorId: userId,
      action: 'inventory.item.update',
      entityType: 'inventory_item',
      entityId: id,
      summary: `Item ${input.sku ?? current.sku} changed: ${Object.keys(input).join(', ')}`,
      details: { fields: Object.keys(input) },
    });
  });
  return getItem(db, id);
}

function where(query: Partial<ItemsListQuery>): SQL {
  return (
    allOf(
      searchWhere(query.q, [sql`i.sku`, sql`i.name`, sql`i.barcode`]),
      query.category && sql`i.category = ${query.category}`,
      query.valuationMethod && sql`i.valuation_method = ${query.valuationMethod}`,
    ) ?? sql`true`
  );
}
const SORT = { name: sql`i.name`, sku: sql`i.sku`, createdAt: sql`i.created_at`, onHand: sql`coalesce(c.quantity, 0)`, value: sql`coalesce(c.value, 0)` };
const page = (db: Db, query: ItemsListQuery, limit: number, offset: number) =>
  rows<Row>(db, sql`${ITEM_SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`i.id`)} limit ${limit} offset ${offset}`);

export async function listItems(db: Db, query: ItemsListQuery): Promise<{ items: ItemJson[]; total: number }> {
  const [items, [t]] = await Promise.all([
    page(db, query, query.limit, query.offset),
    rows<{ n: number }>(db, sql`select count(*)::int as n from inventory_items i left join inventory_item_costs c on c.item_id = i.id where ${where(query)}`),
  ]);
  return { items: items.map(itemJson), total: Number(t?.n ?? 0) };
}

export const ITEMS_CSV_HEADER = ['SKU', 'Name', 'Category', 'Unit', 'Barcode', 'Valuation', 'On hand', 'Value (fils)', 'Reorder level', 'Reorder quantity'] as const;
export async function* itemCsvRows(db: Db, query: ItemsListQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = itemJson(r);
    yield [j.sku, j.name, categoryLabels[j.category], unitLabels[j.unit], j.barcode, valuationLabels[j.valuationMethod], j.onHand, j.value, j.reorderLevel, j.reorderQuantity];
  }
}
