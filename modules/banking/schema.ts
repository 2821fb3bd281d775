import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** The operator's bank accounts, each posting to one cash-and-bank ledger account. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    bankName: text('bank_name').notNull().default(''),
    iban: text('iban').notNull(),
    kind: text('kind').notNull().default('operating'),
    currency: text('currency').notNull().default('AED'),
    ledgerAccountCode: text('ledger_account_code').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_accounts_iban_unique').on(t.iban)],
);
