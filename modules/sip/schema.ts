import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '@modules/auth/schema';
import { properties } from '@modules/properties/schema';

/*
 * Systematic investment plans. A plan collects a monthly amount (integer fils of AED) from the wallet on
 * its day and invests it; each month's collection is one instalment row, unique per (plan, month): that
 * key is what makes a collection happen exactly once, whichever server or run claims it first.
 */
export const sipPlans = pgTable(
  'sip_plans',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Human number: SIP-000123. */
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'active' | 'paused' | 'cancelled'. */
    status: text('status').notNull().default('active'),
    /** 'automated' | 'manual'. */
    mode: text('mode').notNull(),
    /** The monthly amount before step-ups, fils. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    dayOfMonth: smallint('day_of_month').notNull(),
    /** First day of the first month collected. */
    startMonth: date('start_month', { mode: 'string' }).notNull(),
    /** Yearly step-up, basis points of the amount (1,000 = +10% each year). */
    stepUpBps: integer('step_up_bps').notNull().default(0),
    /** Manual plans: [{ propertyId, bps }] adding up to 10,000. */
    allocations: jsonb('allocations').$type<{ propertyId: string; bps: number }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Automated plans: the cities and property types to favour (empty: any). */
    preferences: jsonb('preferences').$type<{ cities: string[]; propertyTypes: string[] }>().notNull().default(sql`'{"cities":[],"propertyTypes":[]}'::jsonb`),
    /** The currency the investor entered the amount in. */
    currency: text('currency').notNull().default('AED'),
    /** Why the plan is paused: 'investor', 'retail_limit'. */
    pauseReason: text('pause_reason'),
    /** A payment-provider mandate that tops the wallet up before a collection it would not cover. */
    mandateProvider: text('mandate_provider'),
    mandateRef: text('mandate_ref'),
    mandateLabel: text('mandate_label'),
    mandateCreatedAt: timestamp('mandate_created_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sip_plans_number_unique').on(t.number),
    index('sip_plans_user_idx').on(t.userId, t.createdAt),
    index('sip_plans_due_idx').on(t.dayOfMonth, t.id).where(sql`${t.status} = 'active'`),
    check('sip_plans_status_check', sql`${t.status} in ('active', 'paused', 'cancelled')`),
    check('sip_plans_mode_check', sql`${t.mode} in ('automated', 'manual')`),
    check('sip_plans_amount_min', sql`${t.amount} >= 20000`),
    check('sip_plans_day_range', sql`${t.dayOfMonth} between 1 and 28`),
    check('sip_plans_step_up_range', sql`${t.stepUpBps} between 0 and 5000`),
  ],
);

/** One run of collections for a date: started by the scheduler or by an admin. */
export const sipRuns = pgTable(
  'sip_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    runDate: date('run_date', { mode: 'string' }).notNull(),
    /** 'schedule' | 'admin'. */
    trigger: text('trigger').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    plans: integer('plans').notNull().default(0),
    collected: integer('collected').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    retrying: integer('retrying').notNull().default(0),
    amountCollected: bigint('amount_collected', { mode: 'bigint' }).notNull().default(sql`0`),
    amountInvested: bigint('amount_invested', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sip_runs_number_unique').on(t.number),
    index('sip_runs_date_idx').on(t.runDate, t.createdAt),
    check('sip_runs_trigger_check', sql`${t.trigger} in ('schedule', 'admin')`),
  ],
);

export const sipInstalments = pgTable(
  'sip_instalments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    planId: uuid('plan_id')
      .notNull()
      .references(() => sipPlans.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** First day of the month this instalment belongs to. */
    month: date('month', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** 'collected' | 'skipped' | 'retrying' | 'failed'. */
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    invested: bigint('invested', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Below one unit of a share: stays in the wallet. */
    unspent: bigint('unspent', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Taken from the mandate before the collection. */
    toppedUp: bigint('topped_up', { mode: 'bigint' }).notNull().default(sql`0`),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptOn: date('next_attempt_on', { mode: 'string' }),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    purchases: jsonb('purchases').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    explanation: jsonb('explanation').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    runId: uuid('run_id').references(() => sipRuns.id, { onDelete: 'set null' }),
    journalReference: text('journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sip_instalments_plan_month_unique').on(t.planId, t.month),
    index('sip_instalments_run_idx').on(t.runId),
    index('sip_instalments_user_idx').on(t.userId, t.month),
    index('sip_instalments_retry_idx').on(t.nextAttemptOn).where(sql`${t.status} = 'retrying'`),
    check('sip_instalments_status_check', sql`${t.status} in ('collected', 'skipped', 'retrying', 'failed')`),
    check('sip_instalments_amounts', sql`${t.amount} > 0 and ${t.invested} >= 0 and ${t.unspent} >= 0 and ${t.invested} + ${t.unspent} <= ${t.amount}`),
  ],
);

/** Properties an admin has taken out of automated allocation (manual plans naming them are not affected). */
export const sipPropertySettings = pgTable('sip_property_settings', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  paused: boolean('paused').notNull().default(false),
  reason: text('reason'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reminders sent, one per instalment-to-be (plan, month): never twice. */
export const sipReminders = pgTable(
  'sip_reminders',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => sipPlans.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sip_reminders_plan_month_unique').on(t.planId, t.month)],
);

/** How far the scheduler has run: every date up to last_date is done (today is run again on each tick). */
export const sipScheduler = pgTable('sip_scheduler', {
  key: text('key').primaryKey(),
  lastDate: date('last_date', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
