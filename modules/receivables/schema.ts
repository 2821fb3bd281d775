import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '@modules/auth/schema';
import { bankAccounts } from '@modules/banking/schema';

/*
 * Customers, invoices, credit notes and payments received. The money is in the ledger: an issued invoice is
 * one entry (source 'receivables.invoice'), a credit note one ('receivables.credit_note'), a payment one
 * ('receivables.payment'), a credit applied one ('receivables.credit'). These rows are the documents and the
 * running figures the aging reads without scanning the ledger: each invoice keeps its open amount (in its own
 * currency and in AED) and each customer its unallocated credit, maintained in the same transaction as the
 * entry that moves them.
 */

/** Someone Manzil invoices: a tenant, a buyer or a client of its services. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** 'tenant' | 'buyer' | 'service_client'. */
    kind: text('kind').notNull().default('service_client'),
    /** 15-digit TRN of a VAT-registered customer, else null. */
    trn: text('trn'),
    addressLine1: text('address_line1').notNull().default(''),
    city: text('city').notNull().default(''),
    emirate: text('emirate'),
    country: text('country').notNull().default('AE'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** Fils of AED; null: no limit. */
    creditLimit: bigint('credit_limit', { mode: 'bigint' }),
    currency: text('currency').notNull().default('AED'),
    /** Payments received and not yet allocated to an invoice (fils of AED): the customer's part of 2340. */
    creditBalance: bigint('credit_balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_name_idx').on(t.name),
    check('customers_kind_check', sql`${t.kind} in ('tenant', 'buyer', 'service_client')`),
    check('customers_credit_check', sql`${t.creditBalance} >= 0`),
    check('customers_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);

/** The last number used in a series ('INV-2026', 'CN-2026'); locked FOR UPDATE by the issue, so numbers have no gaps. */
export const receivableNumberSeries = pgTable('receivable_number_series', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** A sales invoice: draft (editable) → issued → partially_paid → paid (or credited in full). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** INV-2026-0001, given at issue; null for a draft. */
    number: text('number'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** 'draft' | 'issued' | 'partially_paid' | 'paid' | 'credited'. */
    status: text('status').notNull().default('draft'),
    date: date('date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('AED'),
    /** AED per 1 unit of the currency on the invoice date ('1' for AED). */
    rate: text('rate').notNull().default('1'),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** Totals in the invoice currency's minor units. */
    net: bigint('net', { mode: 'bigint' }).notNull().default(sql`0`),
    vat: bigint('vat', { mode: 'bigint' }).notNull().default(sql`0`),
    total: bigint('total', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The total in fils as debited to 1330 at issue. */
    totalAed: bigint('total_aed', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Paid (payments and credit applied) and credited (credit notes), in the invoice currency. */
    paidAmount: bigint('paid_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    creditedAmount: bigint('credited_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    /** What is still owed, in the invoice currency and in fils as it stands on 1330. */
    openAmount: bigint('open_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    openAed: bigint('open_aed', { mode: 'bigint' }).notNull().default(sql`0`),
    recurringId: uuid('recurring_id'),
    entryId: uuid('entry_id'),
    journalReference: text('journal_reference'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Payment reminders: the last level sent (0 none) and when. */
    dunningLevel: integer('dunning_level').notNull().default(0),
    dunningAt: timestamp('dunning_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_customer_idx').on(t.customerId, t.date),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    // The aging reads only what is still open: this index holds those invoices (a draft's open amount is 0), not the
    // paid history, with every column the aging needs, so it is read without visiting the table.
    index('invoices_open_idx').on(t.customerId, t.dueDate, t.date, t.openAed).where(sql`${t.openAed} > 0`),
    check('invoices_status_check', sql`${t.status} in ('draft', 'issued', 'partially_paid', 'paid', 'credited')`),
    check('invoices_open_check', sql`${t.openAmount} >= 0 and ${t.openAed} >= 0`),
    check('invoices_dates_check', sql`${t.dueDate} >= ${t.date}`),
  ],
);

/** One line of an invoice. Amounts in the invoice currency's minor units, the AED figures as posted. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    /** Decimal string, up to 3 places. */
    quantity: text('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'bigint' }).notNull(),
    discount: bigint('discount', { mode: 'bigint' }).notNull().default(sql`0`),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    taxCode: text('tax_code').notNull(),
    vat: bigint('vat', { mode: 'bigint' }).notNull(),
    netAed: bigint('net_aed', { mode: 'bigint' }).notNull(),
    vatAed: bigint('vat_aed', { mode: 'bigint' }).notNull(),
    incomeAccount: text('income_account').notNull(),
    costCenter: text('cost_center'),
    property: text('property'),
    emirate: text('emirate').notNull(),
    /** Net and VAT already credited by credit notes, in the invoice currency. */
    creditedNet: bigint('credited_net', { mode: 'bigint' }).notNull().default(sql`0`),
    creditedVat: bigint('credited_vat', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.lineNo] })],
);

/** A credit note against an issued invoice: the reverse of some of its lines. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** CN-2026-0001. */
    number: text('number').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    vat: bigint('vat', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    totalAed: bigint('total_aed', { mode: 'bigint' }).notNull(),
    /** The lines credited: { lineNo, net, vat, netAed, vatAed } per invoice line. */
    lines: jsonb('lines').notNull(),
    entryId: uuid('entry_id'),
    journalReference: text('journal_reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('credit_notes_number_unique').on(t.number), index('credit_notes_invoice_idx').on(t.invoiceId)],
);

/** Money received from a customer into a bank account. What is not allocated to invoices becomes credit (2340). */
export const customerPayments = pgTable(
  'customer_payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Fils of AED received. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The part left as the customer's credit. */
    unallocated: bigint('unallocated', { mode: 'bigint' }).notNull().default(sql`0`),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull().default(''),
    /** A bank statement line that settled it (reconciliation), if any. */
    statementLineId: text('statement_line_id'),
    entryId: uuid('entry_id'),
    journalReference: text('journal_reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_payments_customer_idx').on(t.customerId, t.date), check('customer_payments_amount_check', sql`${t.amount} > 0`)],
);

/**
 * What reduced an invoice's open amount, dated: a payment's allocation, a credit applied, or a credit note.
 * The aging as at a past date adds back the allocations dated after it (index on date).
 */
export const receivableAllocations = pgTable(
  'receivable_allocations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** 'payment' | 'credit' | 'credit_note'. */
    kind: text('kind').notNull(),
    paymentId: uuid('payment_id').references(() => customerPayments.id, { onDelete: 'restrict' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Settled, in the invoice currency. */
    amountDoc: bigint('amount_doc', { mode: 'bigint' }).notNull(),
    /** Taken off 1330 (fils as booked). */
    amountAed: bigint('amount_aed', { mode: 'bigint' }).notNull(),
    /** Fils received for it (a payment or credit applied; a credit note: the same as amountAed). receivedAed − amountAed went to 4930. */
    receivedAed: bigint('received_aed', { mode: 'bigint' }).notNull(),
    entryId: uuid('entry_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receivable_allocations_date_idx').on(t.date, t.invoiceId),
    index('receivable_allocations_invoice_idx').on(t.invoiceId),
    check('receivable_allocations_kind_check', sql`${t.kind} in ('payment', 'credit', 'credit_note')`),
  ],
);

/** A recurring invoice: issued on its day each month from start to end while active. */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull().default('AED'),
    /** The invoice lines as entered (the draft input's lines). */
    lines: jsonb('lines').notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    nextRun: date('next_run', { mode: 'string' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('recurring_invoices_day_check', sql`${t.dayOfMonth} between 1 and 28`)],
);

/** One invoice per template and month: the run is idempotent. */
export const recurringInvoiceRuns = pgTable(
  'recurring_invoice_runs',
  {
    recurringId: uuid('recurring_id')
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM'. */
    period: text('period').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recurringId, t.period] })],
);
