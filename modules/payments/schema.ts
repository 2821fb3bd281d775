import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/**
 * Who a provider pays out to, per investor: for Stripe, the Connect account that holds the investor's
 * verified bank account (created at their first payout to that IBAN). One row per (provider, user, IBAN).
 */
export const paymentPayees = pgTable(
  'payment_payees',
  {
    provider: text('provider').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The bank account (IBAN, electronic format) the payee pays into: a new IBAN is a new payee. */
    iban: text('iban').notNull(),
    payeeRef: text('payee_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.userId, t.iban] })],
);
