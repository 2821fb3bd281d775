import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { properties } from '../properties/schema';
import { exchangeTrades } from './schema';

/*
 * The liquidity pool's settings (one row) and property exits. The pool holds its units as an ordinary holding
 * of a system user (users row 'liquidity-pool@manzil.internal', no usable password), so Σ holdings = shares
 * sold stays true and the order book can treat it like any seller when it resells.
 */
export const exchangePool = pgTable(
  'exchange_pool',
  {
    /** Always 1: there is one pool. */
    id: integer('id').primaryKey().default(1),
    /** The system user that holds the pool's units. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * Before the budgets were settings (poolTotalBudget, poolPerPropertyBudget in modules/settings, migration 0046
     * carried them over): kept, no longer read or written. The row is still the lock that serialises pool purchases.
     */
    totalBudget: bigint('total_budget', { mode: 'bigint' }).notNull().default(sql`0`),
    perPropertyBudget: bigint('per_property_budget', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('exchange_pool_one_row', sql`${t.id} = 1`), check('exchange_pool_budgets', sql`${t.totalBudget} >= 0 and ${t.perPropertyBudget} >= 0`)],
);

/** The sale of a funded property, settled to every holder at once. One per property. */
export const exchangeExits = pgTable(
  'exchange_exits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** EXT-000123 */
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    salePrice: bigint('sale_price', { mode: 'bigint' }).notNull(),
    sellingCosts: bigint('selling_costs', { mode: 'bigint' }).notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    netProceeds: bigint('net_proceeds', { mode: 'bigint' }).notNull(),
    journalReference: text('journal_reference'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchange_exits_number_unique').on(t.number),
    uniqueIndex('exchange_exits_property_unique').on(t.propertyId),
    check('exchange_exits_amounts', sql`${t.salePrice} > 0 and ${t.sellingCosts} >= 0 and ${t.netProceeds} = ${t.salePrice} - ${t.sellingCosts} and ${t.netProceeds} > 0`),
  ],
);

/** What each holder got at an exit (the trade row carries the same figures and the journal reference). */
export const exchangeExitItems = pgTable(
  'exchange_exit_items',
  {
    exitId: uuid('exit_id')
      .notNull()
      .references(() => exchangeExits.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => exchangeTrades.id, { onDelete: 'restrict' }),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    cost: bigint('cost', { mode: 'bigint' }).notNull(),
    performanceFee: bigint('performance_fee', { mode: 'bigint' }).notNull(),
    vat: bigint('vat', { mode: 'bigint' }).notNull(),
    net: bigint('net', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.exitId, t.userId] }), index('exchange_exit_items_user_idx').on(t.userId)],
);
