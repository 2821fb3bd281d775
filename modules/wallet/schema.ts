import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/*
 * Wallets: one per investor, money in integer fils of AED.
 *
 *   balance  everything in the wallet (= the investor's client-money sub-account 2100-* in the ledger)
 *   held     part of the balance reserved for pending withdrawals; available = balance − held
 *
 * The database refuses a negative balance or hold, and a hold larger than the balance, so no race can
 * overdraw a wallet even if a service forgot a check. Every change of balance writes a wallet_transactions
 * row with the balance right after it (the running balance), under the wallet's row lock.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    held: bigint('held', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_nonnegative', sql`${t.balance} >= 0`),
    check('wallets_held_range', sql`${t.held} >= 0 and ${t.held} <= ${t.balance}`),
    index('wallets_balance_idx').on(t.balance),
  ],
);

/** Every movement of a wallet's balance, with the balance after it. Append-only. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Orders movements of one wallet exactly (assigned under the wallet's row lock). */
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'deposit' | 'charge' | 'withdrawal' | 'investment' | 'refund' | 'adjustment' | 'trade' (exchange) | 'sale' (pool sale, property exit) | 'distribution' (rent paid out) | 'fee' (platform fee). */
    kind: text('kind').notNull(),
    /** Signed fils: + into the wallet, − out of it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    description: text('description').notNull(),
    /** 'deposit' | 'withdrawal' | 'investment' | 'adjustment'. */
    refType: text('ref_type'),
    refId: uuid('ref_id'),
    journalEntryId: uuid('journal_entry_id'),
    journalReference: text('journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('wallet_transactions_seq_unique').on(t.seq),
    index('wallet_transactions_user_seq_idx').on(t.userId, t.seq),
    index('wallet_transactions_user_created_idx').on(t.userId, t.createdAt),
    index('wallet_transactions_ref_idx').on(t.refType, t.refId),
    check('wallet_transactions_kind_check', sql`${t.kind} in ('deposit', 'charge', 'withdrawal', 'investment', 'refund', 'adjustment', 'trade', 'sale', 'distribution', 'fee')`),
    check('wallet_transactions_amount_nonzero', sql`${t.amount} <> 0`),
    check('wallet_transactions_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Deposits through a payment method: priced at request, credited when the provider confirms. */
export const walletDeposits = pgTable(
  'wallet_deposits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What the investor pays, fils. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    method: text('method').notNull(),
    chargeBps: integer('charge_bps').notNull(),
    charge: bigint('charge', { mode: 'bigint' }).notNull(),
    vat: bigint('vat', { mode: 'bigint' }).notNull(),
    /** amount − charge − vat: what the wallet receives. */
    net: bigint('net', { mode: 'bigint' }).notNull(),
    /** 'pending' | 'confirmed' | 'failed'. */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    journalReference: text('journal_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_deposits_provider_ref_unique').on(t.provider, t.providerRef),
    index('wallet_deposits_user_idx').on(t.userId, t.createdAt),
    index('wallet_deposits_pending_idx').on(t.status).where(sql`${t.status} = 'pending'`),
    check('wallet_deposits_status_check', sql`${t.status} in ('pending', 'confirmed', 'failed')`),
    check('wallet_deposits_amounts', sql`${t.amount} > 0 and ${t.charge} >= 0 and ${t.vat} >= 0 and ${t.net} > 0 and ${t.net} + ${t.charge} + ${t.vat} = ${t.amount}`),
    check('wallet_deposits_charge_bps', sql`${t.chargeBps} between 0 and 1000`),
  ],
);

/** Withdrawals to a bank account: held at request, paid after an administrator approves. */
export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    iban: text('iban').notNull(),
    accountName: text('account_name').notNull(),
    /**
     * 'pending' → ('awaiting_second_approval' above the four-eyes threshold) → 'processing' (debited, payout
     * queued) → 'paid'; or 'rejected' | 'cancelled' before payment; or 'failed' when the payout finally
     * failed and the debit was reversed.
     */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    /** The first of two administrators (above the four-eyes threshold). */
    firstApprovedBy: uuid('first_approved_by').references(() => users.id, { onDelete: 'set null' }),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    journalReference: text('journal_reference'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_withdrawals_user_idx').on(t.userId, t.createdAt),
    index('wallet_withdrawals_status_idx').on(t.status, t.createdAt),
    uniqueIndex('wallet_withdrawals_provider_ref_unique').on(t.provider, t.providerRef),
    check('wallet_withdrawals_status_check', sql`${t.status} in ('pending', 'awaiting_second_approval', 'processing', 'paid', 'rejected', 'cancelled', 'failed')`),
    check('wallet_withdrawals_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Manual adjustments by an administrator, with the reason (also journaled and audited). */
export const walletAdjustments = pgTable(
  'wallet_adjustments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Signed fils. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    journalReference: text('journal_reference').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The second administrator, for an adjustment above the four-eyes threshold (null below it). */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_adjustments_user_idx').on(t.userId, t.createdAt), check('wallet_adjustments_amount_nonzero', sql`${t.amount} <> 0`)],
);

/**
 * Adjustments above the four-eyes threshold wait here for a second administrator: the first asks, another
 * approves (the adjustment is then made) or rejects. Nobody decides their own request.
 */
export const walletAdjustmentRequests = pgTable(
  'wallet_adjustment_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Signed fils. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** 'pending' | 'approved' | 'rejected'. */
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decisionNote: text('decision_note'),
    adjustmentId: uuid('adjustment_id').references(() => walletAdjustments.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_adjustment_requests_status_idx').on(t.status, t.createdAt),
    index('wallet_adjustment_requests_user_idx').on(t.userId, t.createdAt),
    check('wallet_adjustment_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('wallet_adjustment_requests_amount_nonzero', sql`${t.amount} <> 0`),
    check('wallet_adjustment_requests_other_admin', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy} or ${t.status} = 'rejected'`),
  ],
);

/**
 * The payout outbox: one row per approved withdrawal, written in the approval's transaction. A worker
 * claims due rows (FOR UPDATE SKIP LOCKED), calls the provider after commit with the withdrawal id as the
 * idempotency key, retries with backoff, and finally reverses the withdrawal when it keeps failing.
 */
export const walletPayouts = pgTable(
  'wallet_payouts',
  {
    withdrawalId: uuid('withdrawal_id')
      .primaryKey()
      .references(() => walletWithdrawals.id, { onDelete: 'restrict' }),
    /** 'queued' | 'sending' (claimed, lease until next_attempt_at) | 'sent' | 'failed'. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_payouts_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    check('wallet_payouts_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/** Provider webhook events already applied (a redelivered event is answered without acting twice). */
export const paymentEvents = pgTable('payment_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('payment_events_unique').on(t.provider, t.eventId)]);
