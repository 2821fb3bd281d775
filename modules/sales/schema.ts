import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { inventoryItems, inventoryLocations, stockMoves } from '../inventory/schema';
import { customers, invoices } from '../receivables/schema';

/*
 * Sales: the catalogue (services and stock items), price lists, quotations, sales orders, deliveries and the
 * invoices raised from them. Quantities are thousandths of a unit (bigint), amounts fils. The money is in the
 * ledger through other modules: a delivery of a stock item is an inventory issue (Dr 5510 / Cr 1810) and an
 * invoice is a receivables invoice (Dr 1330 / Cr income / Cr VAT); these rows are the documents and the running
 * quantities (ordered ≥ delivered ≥ invoiced per line) kept in the same transaction.
 */

const money = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const createdBy = () => uuid('created_by').references(() => users.id, { onDelete: 'set null' });

/** The last number used in a series ('QT-2026', 'SO-2026', 'DN-2026'); locked FOR UPDATE, so numbers have no gaps. */
export const salesNumberSeries = pgTable('sales_number_series', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** What Manzil sells: a service, or a stock item of the inventory (issued from a store on delivery). */
export const salesProducts = pgTable(
  'sales_products',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 'service' | 'stock'. */
    kind: text('kind').notNull(),
    unit: text('unit').notNull().default('each'),
    defaultPrice: money('default_price'),
    incomeAccount: text('income_account').notNull().default('4300'),
    taxCode: text('tax_code').notNull().default('standard'),
    itemId: uuid('item_id').references(() => inventoryItems.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    createdBy: createdBy(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('sales_products_code_unique').on(sql`lower(${t.code})`),
    check('sales_products_kind', sql`${t.kind} in ('service', 'stock')`),
    check('sales_products_item', sql`(${t.kind} = 'stock') = (${t.itemId} is not null)`),
    check('sales_products_price', sql`${t.defaultPrice} >= 0`),
  ],
);

export const salesPriceLists = pgTable(
  'sales_price_lists',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('AED'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdBy: createdBy(),
    createdAt: created(),
  },
  (t) => [check('sales_price_lists_currency', sql`${t.currency} = 'AED'`), check('sales_price_lists_dates', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`)],
);

export const salesPrices = pgTable(
  'sales_prices',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => salesPriceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => salesProducts.id, { onDelete: 'cascade' }),
    unitPrice: money('unit_price'),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.productId] }), check('sales_prices_non_negative', sql`${t.unitPrice} >= 0`)],
);

/** A quotation: draft → sent → accepted (an order) / declined / expired. */
export const salesQuotations = pgTable(
  'sales_quotations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    priceListId: uuid('price_list_id').references(() => salesPriceLists.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    date: date('date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    net: money('net'),
    vat: money('vat'),
    total: money('total'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedOn: date('decided_on', { mode: 'string' }),
    orderId: uuid('order_id'),
    createdBy: createdBy(),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_quotations_number_unique').on(t.number),
    index('sales_quotations_status_idx').on(t.status, t.date),
    check('sales_quotations_status', sql`${t.status} in ('draft', 'sent', 'accepted', 'declined', 'expired')`),
    check('sales_quotations_dates', sql`${t.validUntil} >= ${t.date}`),
  ],
);

const lineColumns = () => ({
  lineNo: integer('line_no').notNull(),
  productId: uuid('product_id')
    .notNull()
    .references(() => salesProducts.id, { onDelete: 'restrict' }),
  description: text('description').notNull(),
  quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
  unitPrice: money('unit_price'),
  discount: money('discount'),
  net: money('net'),
  taxCode: text('tax_code').notNull(),
  vat: money('vat'),
});

export const salesQuotationLines = pgTable(
  'sales_quotation_lines',
  {
    quotationId: uuid('quotation_id')
      .notNull()
      .references(() => salesQuotations.id, { onDelete: 'cascade' }),
    ...lineColumns(),
  },
  (t) => [primaryKey({ columns: [t.quotationId, t.lineNo] }), check('sales_quotation_lines_quantity', sql`${t.quantity} > 0`)],
);

/** A sales order: draft → confirmed → partially_delivered → delivered → partially_invoiced → invoiced, or cancelled. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    quotationId: uuid('quotation_id').references(() => salesQuotations.id, { onDelete: 'restrict' }),
    priceListId: uuid('price_list_id').references(() => salesPriceLists.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    net: money('net'),
    vat: money('vat'),
    total: money('total'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: createdBy(),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_orders_number_unique').on(t.number),
    uniqueIndex('sales_orders_quotation_unique').on(t.quotationId),
    index('sales_orders_status_idx').on(t.status, t.date),
    check('sales_orders_status', sql`${t.status} in ('draft', 'confirmed', 'partially_delivered', 'delivered', 'partially_invoiced', 'invoiced', 'cancelled')`),
  ],
);

export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    ...lineColumns(),
    incomeAccount: text('income_account').notNull().default('4300'),
    deliveredQty: money('delivered_qty'),
    invoicedQty: money('invoiced_qty'),
    /** The net (ex VAT, fils) of what has been delivered and of what has been invoiced: netOf(line, quantity). */
    deliveredNet: money('delivered_net'),
    invoicedNet: money('invoiced_net'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    check('sales_order_lines_quantities', sql`${t.quantity} > 0 and ${t.deliveredQty} <= ${t.quantity} and ${t.invoicedQty} <= ${t.deliveredQty} and ${t.invoicedQty} >= 0`),
  ],
);

/** A delivery note: stock issued from a store, or services completed, on a date. */
export const salesDeliveries = pgTable(
  'sales_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    fromLocationId: uuid('from_location_id').references(() => inventoryLocations.id, { onDelete: 'restrict' }),
    /** Net (ex VAT) of what was delivered, and the cost of the stock issued (the inventory issue's value). */
    net: money('net'),
    cost: money('cost'),
    note: text('note').notNull().default(''),
    createdBy: createdBy(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('sales_deliveries_number_unique').on(t.number), index('sales_deliveries_order_idx').on(t.orderId)],
);

export const salesDeliveryLines = pgTable(
  'sales_delivery_lines',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => salesDeliveries.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    net: money('net'),
    cost: money('cost'),
    stockMoveId: uuid('stock_move_id').references(() => stockMoves.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.lineNo] }), check('sales_delivery_lines_quantity', sql`${t.quantity} > 0`)],
);

/** The receivables invoices raised from an order (each for what was delivered and not yet invoiced). */
export const salesOrderInvoices = pgTable(
  'sales_order_invoices',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    net: money('net'),
    vat: money('vat'),
    total: money('total'),
    createdAt: created(),
  },
  (t) => [index('sales_order_invoices_order_idx').on(t.orderId), index('sales_order_invoices_date_idx').on(t.date)],
);
