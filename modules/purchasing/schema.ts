import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { bankAccounts } from '../banking/schema';

/*
 * Suppliers, purchasing and payables. Money is in the ledger: a receipt posts Dr expense / Cr 2330, a bill
 * Dr 2330 (+ price variance) or Dr expense, Dr 1410 / Cr 2310, a debit note the mirror, a payment Dr 2310 /
 * Cr bank. These tables hold the documents that point at those entries. Amounts are fils; quantities are
 * thousandths of a unit (QTY_SCALE).
 */

const money = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Per kind of document and year, the last number given (PO-2026-0001): the row is locked FOR UPDATE. */
export const purchasingCounters = pgTable(
  'purchasing_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    trn: text('trn'),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default('AE'),
    emirate: text('emirate'),
    bankName: text('bank_name').notNull().default(''),
    iban: text('iban'),
    accountName: text('account_name').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    category: text('category').notNull().default('other'),
    expenseAccountCode: text('expense_account_code').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suppliers_name_idx').on(t.name), check('suppliers_terms', sql`${t.paymentTermsDays} between 0 and 365`)],
);

export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('submitted'),
    costCenter: text('cost_center'),
    property: text('property'),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    neededBy: date('needed_by', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    estimateNet: money('estimate_net'),
    estimateVat: money('estimate_vat'),
    estimateTotal: money('estimate_total'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('purchase_requests_number_unique').on(t.number), index('purchase_requests_status_idx').on(t.status, t.createdAt)],
);

export const purchaseRequestLines = pgTable(
  'purchase_request_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    requestId: uuid('request_id')
      .notNull()
      .references(() => purchaseRequests.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    unitCode: text('unit_code').notNull().default('C62'),
    estimatedUnitPrice: money('estimated_unit_price'),
    taxCode: text('tax_code').notNull(),
    net: money('net'),
    vat: money('vat'),
    /** A stock item (modules/inventory) this line buys; carried to the order. */
    stockItemId: uuid('stock_item_id'),
  },
  (t) => [uniqueIndex('purchase_request_lines_no').on(t.requestId, t.lineNo)],
);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    status: text('status').notNull().default('draft'),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    requestId: uuid('request_id').references(() => purchaseRequests.id, { onDelete: 'restrict' }),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    expectedDate: date('expected_date', { mode: 'string' }),
    costCenter: text('cost_center'),
    property: text('property'),
    deliveryAddress: text('delivery_address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    net: money('net'),
    vat: money('vat'),
    total: money('total'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_unique').on(t.number),
    uniqueIndex('purchase_orders_request_unique').on(t.requestId).where(sql`${t.requestId} is not null and ${t.status} <> 'cancelled'`),
    index('purchase_orders_supplier_idx').on(t.supplierId, t.status),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    unitCode: text('unit_code').notNull().default('C62'),
    unitPrice: money('unit_price'),
    taxCode: text('tax_code').notNull(),
    net: money('net'),
    vat: money('vat'),
    expenseAccountCode: text('expense_account_code').notNull(),
    /** A stock item (modules/inventory): its receipts go into the store (Dr 1810) through the stock receiver. */
    stockItemId: uuid('stock_item_id'),
    /** Σ receipts, thousandths. */
    received: money('received'),
    /** Σ received value at the order price (what 2330 was credited), fils. */
    receivedValue: money('received_value'),
    /** Σ posted bill quantities, thousandths. */
    billed: money('billed'),
    /** Σ 2330 cleared by posted bills, fils. */
    clearedValue: money('cleared_value'),
  },
  (t) => [uniqueIndex('purchase_order_lines_no').on(t.orderId, t.lineNo), check('purchase_order_lines_qty', sql`${t.quantity} > 0`)],
);

export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    value: money('value'),
    journalReference: text('journal_reference').notNull(),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('goods_receipts_number_unique').on(t.number), index('goods_receipts_order_idx').on(t.orderId)],
);

export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'restrict' }),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    value: money('value'),
  },
  (t) => [primaryKey({ columns: [t.receiptId, t.orderLineId] })],
);

/** A supplier bill. `open_amount` = total − paid − debited, kept by the payment and debit-note code so aging is one GROUP BY. */
export const supplierBills = pgTable(
  'supplier_bills',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    supplierBillNumber: text('supplier_bill_number').notNull(),
    status: text('status').notNull(),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    net: money('net'),
    vat: money('vat'),
    total: money('total'),
    paid: money('paid'),
    debited: money('debited'),
    openAmount: money('open_amount'),
    costCenter: text('cost_center'),
    property: text('property'),
    emirate: text('emirate').notNull(),
    notes: text('notes').notNull().default(''),
    mismatches: jsonb('mismatches').notNull().default(sql`'[]'::jsonb`),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    journalReference: text('journal_reference'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('supplier_bills_number_unique').on(t.number),
    // A supplier's own bill number once (a rejected bill frees it for the corrected one).
    uniqueIndex('supplier_bills_supplier_number_unique').on(t.supplierId, sql`lower(${t.supplierBillNumber})`).where(sql`${t.status} <> 'rejected'`),
    index('supplier_bills_open_idx').on(t.supplierId, t.dueDate).where(sql`${t.openAmount} > 0`),
    index('supplier_bills_order_idx').on(t.orderId),
    check('supplier_bills_open', sql`${t.openAmount} >= 0 and ${t.openAmount} = ${t.total} - ${t.paid} - ${t.debited} or ${t.status} in ('held', 'rejected')`),
  ],
);

export const supplierBillLines = pgTable(
  'supplier_bill_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    billId: uuid('bill_id')
      .notNull()
      .references(() => supplierBills.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    orderLineId: uuid('order_line_id').references(() => purchaseOrderLines.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    unitPrice: money('unit_price'),
    net: money('net'),
    taxCode: text('tax_code').notNull(),
    vat: money('vat'),
    expenseAccountCode: text('expense_account_code').notNull(),
    costCenter: text('cost_center'),
    property: text('property'),
    /** 2330 cleared when posted (order lines), fils. */
    clearedValue: money('cleared_value'),
    /** Net credited by debit notes. */
    debited: money('debited'),
  },
  (t) => [uniqueIndex('supplier_bill_lines_no').on(t.billId, t.lineNo)],
);

export const supplierDebitNotes = pgTable(
  'supplier_debit_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => supplierBills.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    supplierReference: text('supplier_reference').notNull().default(''),
    net: money('net'),
    vat: money('vat'),
    total: money('total'),
    lines: jsonb('lines').notNull(),
    journalReference: text('journal_reference').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('supplier_debit_notes_number_unique').on(t.number), index('supplier_debit_notes_bill_date').on(t.billId, t.date)],
);

export const supplierPaymentBatches = pgTable(
  'supplier_payment_batches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    count: integer('count').notNull(),
    total: money('total'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('supplier_payment_batches_number_unique').on(t.number)],
);

export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: text('number').notNull(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => supplierBills.id, { onDelete: 'restrict' }),
    batchId: uuid('batch_id').references(() => supplierPaymentBatches.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount'),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    /** The bank statement line it settled, when recorded by the reconciliation. */
    statementLineId: text('statement_line_id'),
    journalReference: text('journal_reference').notNull(),
    journalEntryId: uuid('journal_entry_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('supplier_payments_number_unique').on(t.number),
    index('supplier_payments_bill_date').on(t.billId, t.date),
    index('supplier_payments_batch_idx').on(t.batchId),
    check('supplier_payments_amount', sql`${t.amount} > 0`),
  ],
);
