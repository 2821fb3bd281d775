import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { properties } from '../properties/schema';

/*
 * The exchange: one market row per property (halt and price band; its row lock serialises matching on that
 * property), the orders, and the trades they made. Prices are fils per whole share; units are share units
 * (SHARE_SCALE per share). A sell order's remaining units are reserved against the seller's holding (Σ open
 * sell remainders ≤ holdings.units); a buy order's remaining cost is held in the wallet (wallets.held).
 */
export const exchangeMarkets = pgTable('exchange_markets', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  halted: boolean('halted').notNull().default(false),
  haltReason: text('halt_reason'),
  /**
   * The band around the latest valuation per share that an order's price must fall within, basis points; null:
   * the platform's band in force (the exchangeBandBps setting).
   */
  bandBps: integer('band_bps'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const exchangeOrders = pgTable(
  'exchange_orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** ORD-000123 */
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    side: text('side').notNull(),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    filledUnits: bigint('filled_units', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Limit price, fils per whole share. */
    price: bigint('price', { mode: 'bigint' }).notNull(),
    timeInForce: text('time_in_force').notNull().default('gtc'),
    /** Good-till-date: open to the end of this Dubai day. */
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status').notNull().default('open'),
    /** A buy order's cash held in the wallet for its remaining units (fils). */
    heldCash: bigint('held_cash', { mode: 'bigint' }).notNull().default(sql`0`),
    cancelReason: text('cancel_reason'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exchange_orders_number_unique').on(t.number),
    // The book: open orders of a property by side, best price first, then time.
    index('exchange_orders_book_idx').on(t.propertyId, t.side, t.price, t.number).where(sql`${t.status} in ('open', 'partially_filled')`),
    index('exchange_orders_user_idx').on(t.userId, t.createdAt),
    index('exchange_orders_created_idx').on(t.createdAt),
    check('exchange_orders_side_check', sql`${t.side} in ('buy', 'sell')`),
    check('exchange_orders_status_check', sql`${t.status} in ('open', 'partially_filled', 'filled', 'cancelled', 'expired')`),
    check('exchange_orders_tif_check', sql`${t.timeInForce} in ('gtc', 'gtd')`),
    check('exchange_orders_amounts', sql`${t.units} > 0 and ${t.price} > 0 and ${t.filledUnits} >= 0 and ${t.filledUnits} <= ${t.units} and ${t.heldCash} >= 0`),
  ],
);

export const exchangeTrades = pgTable(
  'exchange_trades',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** TRD-000123 */
    number: bigserial('number', { mode: 'bigint' }).notNull(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    buyOrderId: uuid('buy_order_id').references(() => exchangeOrders.id, { onDelete: 'restrict' }),
    sellOrderId: uuid('sell_order_id').references(() => exchangeOrders.id, { onDelete: 'restrict' }),
    /** Null for a property exit (the buyer is outside Manzil). */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'order' (two orders matched), 'pool' (an investor sold to the liquidity pool), 'exit' (the property was sold). */
    venue: text('venue').notNull().default('order'),
    units: bigint('units', { mode: 'bigint' }).notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    /** The seller's FIFO cost of the units sold, and the fees out of the gross. */
    cost: bigint('cost', { mode: 'bigint' }).notNull(),
    earlyExitFee: bigint('early_exit_fee', { mode: 'bigint' }).notNull().default(sql`0`),
    performanceFee: bigint('performance_fee', { mode: 'bigint' }).notNull().default(sql`0`),
    vat: bigint('vat', { mode: 'bigint' }).notNull().default(sql`0`),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    journalReference: text('journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('exchange_trades_number_unique').on(t.number),
    index('exchange_trades_property_idx').on(t.propertyId, t.createdAt),
    index('exchange_trades_buyer_idx').on(t.buyerId, t.propertyId),
    index('exchange_trades_seller_idx').on(t.sellerId, t.propertyId),
    index('exchange_trades_created_idx').on(t.createdAt),
    check('exchange_trades_venue_check', sql`${t.venue} in ('order', 'pool', 'exit')`),
    check(
      'exchange_trades_amounts',
      sql`${t.units} > 0 and ${t.price} >= 0 and ${t.gross} >= 0 and ${t.cost} >= 0 and ${t.earlyExitFee} >= 0 and ${t.performanceFee} >= 0 and ${t.vat} >= 0 and ${t.net} = ${t.gross} - ${t.earlyExitFee} - ${t.performanceFee} - ${t.vat}`,
    ),
  ],
);
