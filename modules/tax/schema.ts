import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** The operator's VAT registration: one row (id 'default'). */
export const taxSettings = pgTable('tax_settings', {
  id: text('id').primaryKey().default('default'),
  trn: text('trn').notNull(),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull().default(''),
  filingFrequency: text('filing_frequency').notNull(),
  firstPeriodStart: date('first_period_start', { mode: 'string' }).notNull(),
  defaultEmirate: text('default_emirate').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One tax line of a posted document (invoice, credit note, bill, debit note, a manual adjustment, a return's
 * settlement), written by recordTaxLines in the document's own transaction next to its journal entry. The
 * VAT 201 drill-down reads these; its totals read tax_totals.
 */
export const taxLines = pgTable(
  'tax_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    date: date('date', { mode: 'string' }).notNull(),
    documentType: text('document_type').notNull(),
    documentId: text('document_id').notNull(),
    /** What a person reads: INV-2026-0001, BILL-0004… */
    documentNumber: text('document_number').notNull(),
    counterparty: text('counterparty').notNull().default(''),
    entryId: uuid('entry_id'),
    direction: text('direction').notNull(),
    box: text('box').notNull(),
    taxCode: text('tax_code'),
    emirate: text('emirate'),
    taxable: bigint('taxable', { mode: 'bigint' }).notNull(),
    vat: bigint('vat', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tax_lines_box_date_idx').on(t.box, t.date),
    index('tax_lines_document_idx').on(t.documentType, t.documentId),
    check('tax_lines_direction_check', sql`${t.direction} in ('output', 'input')`),
  ],
);

/** Tax line totals per day and box, kept in the same statement as the lines: the return reads these, not the lines. */
export const taxTotals = pgTable(
  'tax_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    box: text('box').notNull(),
    direction: text('direction').notNull(),
    taxable: bigint('taxable', { mode: 'bigint' }).notNull().default(sql`0`),
    vat: bigint('vat', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The part of `vat` from manual adjustments on boxes 1a–1g and 9: the return's "Adjustment" column. */
    adjustment: bigint('adjustment', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.day, t.box, t.direction] })],
);

/** A VAT return period: open until filed; filing stores the figures and locks the period's tax lines. */
export const vatReturns = pgTable(
  'vat_returns',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** 2026-Q1 or 2026-03. */
    period: text('period').notNull().unique(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('filed'),
    /** The boxes as filed (amounts as strings of fils). */
    figures: jsonb('figures').notNull(),
    settlementEntryId: uuid('settlement_entry_id'),
    filedBy: uuid('filed_by').references(() => users.id, { onDelete: 'restrict' }),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    reference: text('reference').notNull().default(''),
    /** The payment to (or refund from) the FTA: its date, the bank account and its journal entry. */
    paidOn: date('paid_on', { mode: 'string' }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'restrict' }),
    bankAccountId: uuid('bank_account_id'),
    paymentEntryId: uuid('payment_entry_id'),
  },
  (t) => [index('vat_returns_range_idx').on(t.startDate, t.endDate), check('vat_returns_status_check', sql`${t.status} in ('filed', 'paid')`)],
);
