import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '@modules/auth/schema';

/*
 * The platform fee: 0.5% a year of holdings at their latest valuation, accrued day by day and charged per
 * run up to a date, plus 5% VAT. Each investor's charges cover consecutive windows (from the day after their
 * previous charge's `through`), so a second run up to the same date finds nothing left to charge. Accruals
 * are summed in micro-fils (1/1,000,000 fil) and rounded half-even to the fil once per charge; the signed
 * remainder is carried into the next charge, so nothing is lost or charged twice over the years.
 */

export const platformFeeRuns = pgTable(
  'platform_fee_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Human number: FEE-000123. */
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    through: date('through', { mode: 'string' }).notNull(),
    /** 'admin' | 'scheduler' | 'seed'. */
    trigger: text('trigger').notNull().default('admin'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    investors: integer('investors').notNull().default(0),
    /** Σ fee, Σ VAT, Σ taken from wallets now, Σ left receivable (fils). */
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(sql`0`),
    vat: bigint('vat', { mode: 'bigint' }).notNull().default(sql`0`),
    collected: bigint('collected', { mode: 'bigint' }).notNull().default(sql`0`),
    receivable: bigint('receivable', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('platform_fee_runs_through').on(t.through)],
);

/** One investor's charge for one window [fromDate, through], with the calculation investors are shown. */
export const platformFeeCharges = pgTable(
  'platform_fee_charges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    runId: uuid('run_id')
      .notNull()
      .references(() => platformFeeRuns.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    through: date('through', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    /** Average daily value of the holdings over the window, fils (shown in the calculation). */
    averageValue: bigint('average_value', { mode: 'bigint' }).notNull(),
    /** Σ daily accruals over the window, micro-fils; carryIn is the previous charge's rounding remainder. */
    accruedMicro: bigint('accrued_micro', { mode: 'bigint' }).notNull(),
    carryInMicro: bigint('carry_in_micro', { mode: 'bigint' }).notNull().default(sql`0`),
    carryOutMicro: bigint('carry_out_micro', { mode: 'bigint' }).notNull().default(sql`0`),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    vat: bigint('vat', { mode: 'bigint' }).notNull(),
    /** Taken from the wallet when charged, fils. */
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    /** Still owed (a receivable), fils; goes down as later collections settle it. */
    outstanding: bigint('outstanding', { mode: 'bigint' }).notNull(),
    /** Per property: [{ propertyId, reference, title, days, averageValue, accruedMicro }]. */
    calculation: jsonb('calculation').$type<{ propertyId: string; reference: string; title: string; days: number; averageValue: string; accruedMicro: string }[]>().notNull(),
    journalReference: text('journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_fee_charges_user_through').on(t.userId, t.through),
    uniqueIndex('platform_fee_charges_user_from').on(t.userId, t.fromDate),
    index('platform_fee_charges_run').on(t.runId),
    index('platform_fee_charges_outstanding').on(t.userId).where(sql`${t.outstanding} > 0`),
    check('platform_fee_charges_amounts', sql`${t.fee} >= 0 and ${t.vat} >= 0 and ${t.paid} >= 0 and ${t.outstanding} >= 0 and ${t.paid} + ${t.outstanding} <= ${t.fee} + ${t.vat} and ${t.through} >= ${t.fromDate}`),
  ],
);

/** A later settlement of an outstanding charge: from the wallet at a later run, or netted from a distribution. */
export const platformFeeCollections = pgTable(
  'platform_fee_collections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => platformFeeCharges.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'wallet' | 'distribution'. */
    source: text('source').notNull(),
    /** The fee run or the distribution run that collected it. */
    sourceId: uuid('source_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    journalReference: text('journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('platform_fee_collections_charge').on(t.chargeId), check('platform_fee_collections_amount', sql`${t.amount} > 0`)],
);
