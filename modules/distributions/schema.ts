import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '@modules/auth/schema';
import { properties } from '@modules/properties/schema';

/*
 * Rental distributions. The money itself is in the ledger: rent and each property cost is a journal entry on
 * the property's dimension (source 'distributions.record'); a run pays a property-period's distributable
 * income to its record-date holders in one entry (source 'distributions.run'). These tables hold the
 * documents that point at those entries and what the ledger cannot: occupancy, the reserve policy, who
 * approved what, and each holder's line.
 */

/** One recorded rent receipt or property cost: the document behind one journal entry. */
export const propertyLedgerRecords = pgTable(
  'property_ledger_records',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' the amount belongs to. */
    period: text('period').notNull(),
    /** The accounting date (inside the period). */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** 'rent' | 'service_charges' | 'maintenance' | 'management' | 'insurance' | 'vacancy' (contract.ts RECORD_KINDS). */
    kind: text('kind').notNull(),
    /** Fils, > 0 (a rent refund or cost credit is a reversal of the entry, not a negative record). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    description: text('description').notNull(),
    journalReference: text('journal_reference').notNull(),
    /** Set when the record was reversed (its entry reversed in the ledger). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('property_ledger_records_property_period').on(t.propertyId, t.period),
    check('property_ledger_records_amount', sql`${t.amount} > 0`),
    check('property_ledger_records_period', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** Per property and month: occupancy (not a ledger figure) and a note investors can read. */
export const propertyMonths = pgTable(
  'property_months',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    period: text('period').notNull(),
    /** Occupancy in basis points of the month (10,000 = let for the whole month). */
    occupancyBps: integer('occupancy_bps').notNull(),
    note: text('note').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.period] }), check('property_months_occupancy', sql`${t.occupancyBps} between 0 and 10000`)],
);

/** The reserve percentage kept back from each property's net income (absent: DEFAULT_RESERVE_BPS). */
export const propertyReservePolicies = pgTable(
  'property_reserve_policies',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'restrict' }),
    reserveBps: integer('reserve_bps').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('property_reserve_policies_bps', sql`${t.reserveBps} between 0 and 5000`)],
);

/** One distribution per property and period (a cancelled draft frees the period for a new one). */
export const distributionRuns = pgTable(
  'distribution_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Human number: DIST-000123. */
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    period: text('period').notNull(),
    /** Holders at the end of this day (Dubai) are paid: the period's last day, or today when the period is current. */
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    /** What is paid to holders, fils: Σ lines.amount. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What the books said was distributable for the period when the run was created (rent − costs − reserve), fils. */
    distributable: bigint('distributable', { mode: 'bigint' }).notNull(),
    /** The reserve kept back for the period, moved to 2210 when the run is paid, fils. */
    reserve: bigint('reserve', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Units held at the record date (Σ lines.units). */
    units: bigint('units', { mode: 'bigint' }).notNull(),
    /** 'draft' | 'approved' | 'paid' | 'cancelled'. */
    status: text('status').notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    journalReference: text('journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distribution_runs_property_period').on(t.propertyId, t.period).where(sql`${t.status} <> 'cancelled'`),
    index('distribution_runs_status').on(t.status),
    check('distribution_runs_amounts', sql`${t.amount} > 0 and ${t.units} > 0 and ${t.reserve} >= 0`),
    check('distribution_runs_status_check', sql`${t.status} in ('draft', 'approved', 'paid', 'cancelled')`),
  ],
);

/** One holder's share of a run: units at the record date, the amount (largest remainder), what was netted and reinvested. */
export const distributionLines = pgTable(
  'distribution_lines',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => distributionRuns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Unpaid platform fees (with VAT) settled out of this payment, fils. */
    feeNetted: bigint('fee_netted', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Of what reached the wallet, the part reinvested automatically, fils. */
    reinvested: bigint('reinvested', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.userId] }),
    index('distribution_lines_user').on(t.userId),
    check('distribution_lines_amounts', sql`${t.units} > 0 and ${t.amount} >= 0 and ${t.feeNetted} >= 0 and ${t.feeNetted} <= ${t.amount} and ${t.reinvested} >= 0`),
  ],
);

/** An investor's choice for distributions: keep in the wallet, reinvest through their plan's allocation, or into the same property. */
export const distributionPreferences = pgTable(
  'distribution_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'wallet' | 'sip' | 'same_property'. */
    reinvest: text('reinvest').notNull().default('wallet'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('distribution_preferences_reinvest', sql`${t.reinvest} in ('wallet', 'sip', 'same_property')`)],
);
