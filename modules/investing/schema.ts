import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { properties } from '../properties/schema';

/*
 * Investments (purchases of share units of a property, paid from the wallet) and the holdings they add up to.
 * Money in integer fils, shares in units (SHARE_SCALE = 10,000 per share). Σ holdings.units per property
 * always equals properties.shares_sold: both change in the same transaction (reconciliation checks it).
 */
export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The receipt number: MZI-000123. */
    receiptNo: bigserial('receipt_no', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    /** Price of one whole share at purchase, fils. */
    sharePrice: bigint('share_price', { mode: 'bigint' }).notNull(),
    /** What the investor asked to invest. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    feeBps: integer('fee_bps').notNull().default(0),
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(sql`0`),
    vat: bigint('vat', { mode: 'bigint' }).notNull().default(sql`0`),
    /** principal + fee + vat: what left the wallet. */
    total: bigint('total', { mode: 'bigint' }).notNull(),
    /** 'active' | 'cancelled'. */
    status: text('status').notNull().default('active'),
    walletBalanceAfter: bigint('wallet_balance_after', { mode: 'bigint' }).notNull(),
    journalReference: text('journal_reference'),
    /** The SIP instalment that bought it (modules/sip), when a plan did. */
    sipInstalmentId: uuid('sip_instalment_id'),
    refundJournalReference: text('refund_journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('investments_receipt_no_unique').on(t.receiptNo),
    index('investments_user_idx').on(t.userId, t.createdAt),
    index('investments_property_idx').on(t.propertyId, t.createdAt),
    index('investments_created_idx').on(t.createdAt),
    index('investments_sip_idx').on(t.sipInstalmentId).where(sql`${t.sipInstalmentId} is not null`),
    check('investments_status_check', sql`${t.status} in ('active', 'cancelled')`),
    check('investments_amounts', sql`${t.units} > 0 and ${t.principal} > 0 and ${t.fee} >= 0 and ${t.vat} >= 0 and ${t.total} = ${t.principal} + ${t.fee} + ${t.vat} and ${t.total} <= ${t.amount} + ${t.fee} + ${t.vat}`),
  ],
);

/** What each investor holds of each property, in units, with the principal paid for them. */
export const holdings = pgTable(
  'holdings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    /** Principal paid for the units held, fils. */
    cost: bigint('cost', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.propertyId] }),
    index('holdings_property_idx').on(t.propertyId),
    check('holdings_nonnegative', sql`${t.units} >= 0 and ${t.cost} >= 0`),
  ],
);

/**
 * Idempotency-Key records for money-moving POSTs: the first response is kept and answered again for a
 * repeat with the same key and body. Written in the same transaction as the purchase, so a failed purchase
 * leaves no key behind and can be retried.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Which operation: 'investments.create'. */
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
