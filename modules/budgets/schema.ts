import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { ledgerAccounts, ledgerCostCenters } from '../ledger/schema';

/*
 * Budgets: one named budget per fiscal year ('FY2026'), and its cells — an amount in fils for one
 * income or expense account, one cost center (or none: company-wide) and one month. Amounts carry the
 * account's natural sign (income as money in, expenses as money out), like the profit and loss.
 * A cell of zero is not stored, so the table holds only what was budgeted.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('budgets_fiscal_year_unique').on(t.fiscalYear),
    uniqueIndex('budgets_name_unique').on(t.name),
    check('budgets_fiscal_year_check', sql`${t.fiscalYear} between 2000 and 2100`),
  ],
);

export const budgetLines = pgTable(
  'budget_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Null: a company-wide amount not assigned to a cost center. */
    costCenterId: uuid('cost_center_id').references(() => ledgerCostCenters.id, { onDelete: 'restrict' }),
    /** The first day of the month the amount is for. */
    month: date('month', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('budget_lines_cell_unique').on(t.budgetId, t.accountId, t.costCenterId, t.month).nullsNotDistinct(),
    index('budget_lines_month_idx').on(t.month),
    index('budget_lines_cost_center_idx').on(t.costCenterId),
    check('budget_lines_month_first_day', sql`extract(day from ${t.month}) = 1`),
    check('budget_lines_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
