import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/*
 * Inventory: items, locations (warehouses, bins, properties, maintenance jobs) and stock moves. Quantities are
 * thousandths of a unit (bigint), values are fils. Stock in store (warehouse and bin locations) is ledger
 * account 1810; stock at a property is capitalised fit-out (1720) and stock issued to a job is expensed (5120).
 * `inventory_item_costs` is the running store balance per item (quantity, value) kept in each move's transaction,
 * so the valuation report reads one row per item; `stock_moves.store_qty` / `store_value` are each move's signed
 * effect on it, so a past valuation subtracts the moves dated after it (index on date).
 */

const money = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default('spare_part'),
    unit: text('unit').notNull().default('each'),
    barcode: text('barcode'),
    reorderLevel: money('reorder_level'),
    reorderQuantity: money('reorder_quantity'),
    valuationMethod: text('valuation_method').notNull(),
    defaultSupplierId: uuid('default_supplier_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_items_sku_unique').on(sql`lower(${t.sku})`),
    index('inventory_items_name_idx').on(t.name),
    check('inventory_items_method', sql`${t.valuationMethod} in ('fifo', 'average')`),
    check('inventory_items_reorder', sql`${t.reorderLevel} >= 0 and ${t.reorderQuantity} >= 0`),
  ],
);

/** The running store balance of an item: quantity and value in warehouses and bins (= its share of 1810). */
export const inventoryItemCosts = pgTable(
  'inventory_item_costs',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    quantity: money('quantity'),
    value: money('value'),
    /** The last receipt's unit cost (fils per unit): the estimate for a reorder request. */
    lastUnitCost: bigint('last_unit_cost', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('inventory_item_costs_non_negative', sql`${t.quantity} >= 0 and ${t.value} >= 0`)],
);

export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => inventoryLocations.id, { onDelete: 'restrict' }),
    /** The property a property location stands for, or a maintenance job is for (its reference). */
    property: text('property'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('inventory_locations_code_unique').on(sql`lower(${t.code})`),
    uniqueIndex('inventory_locations_property_unique').on(t.property).where(sql`${t.kind} = 'property'`),
    check('inventory_locations_kind', sql`${t.kind} in ('warehouse', 'bin', 'property', 'maintenance_job')`),
  ],
);

/** Quantity (and, outside the store, the value placed there) per item and location. */
export const inventoryStock = pgTable(
  'inventory_stock',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    quantity: money('quantity'),
    value: money('value'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.locationId] }), index('inventory_stock_location_idx').on(t.locationId), check('inventory_stock_non_negative', sql`${t.quantity} >= 0`)],
);

export const stockMoves = pgTable(
  'stock_moves',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    unitCost: bigint('unit_cost', { mode: 'bigint' }),
    value: money('value'),
    fromLocationId: uuid('from_location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    toLocationId: uuid('to_location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    /** Signed effect on the store balance (inventory_item_costs): quantity in thousandths, value in fils. */
    storeQty: bigint('store_qty', { mode: 'bigint' }).notNull().default(sql`0`),
    storeValue: bigint('store_value', { mode: 'bigint' }).notNull().default(sql`0`),
    purchaseOrderId: uuid('purchase_order_id'),
    purchaseOrderLineId: uuid('purchase_order_line_id'),
    paidFromBankAccountId: uuid('paid_from_bank_account_id'),
    note: text('note').notNull().default(''),
    journalReference: text('journal_reference').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('stock_moves_seq_unique').on(t.seq),
    index('stock_moves_date_idx').on(t.date, t.itemId),
    index('stock_moves_item_idx').on(t.itemId, t.seq),
    check('stock_moves_type', sql`${t.type} in ('receipt', 'issue', 'transfer', 'adjustment')`),
    check('stock_moves_quantity', sql`${t.quantity} <> 0`),
  ],
);

/** FIFO layers: what is left of each receipt (or positive adjustment) of a FIFO item, consumed oldest first. */
export const stockLayers = pgTable(
  'stock_layers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    moveId: uuid('move_id')
      .notNull()
      .references(() => stockMoves.id, { onDelete: 'restrict' }),
    /** The move's seq: layers are consumed in this order. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    unitCost: money('unit_cost'),
    remainingQty: money('remaining_qty'),
    remainingValue: money('remaining_value'),
    createdAt: created(),
  },
  (t) => [index('stock_layers_open_idx').on(t.itemId, t.seq).where(sql`${t.remainingQty} > 0`), check('stock_layers_non_negative', sql`${t.remainingQty} >= 0 and ${t.remainingValue} >= 0`)],
);
