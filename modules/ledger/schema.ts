import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/*
 * The books. Amounts are bigint minor units of the base currency (fils of AED). The database guards
 * what matters (see the ledger_guards migration): a posted entry balances and has at least two lines
 * (deferred constraint trigger), posted entries and their lines never change (except marking an
 * entry reversed), nothing posts into a closed period, and ledger_balances is written only by the
 * posting trigger.
 */

export const ledgerAccountType = pgEnum('ledger_account_type', ['asset', 'liability', 'equity', 'income', 'expense']);
/** Where a balance-sheet account's movement lands in the cash-flow statement (indirect method). */
export const ledgerCashFlow = pgEnum('ledger_cash_flow', ['cash', 'operating', 'investing', 'financing']);
export const ledgerEntryStatus = pgEnum('ledger_entry_status', ['draft', 'posted']);
export const ledgerEntryKind = pgEnum('ledger_entry_kind', ['standard', 'reversal', 'closing']);
export const ledgerPeriodKind = pgEnum('ledger_period_kind', ['month', 'year']);

/** The chart of accounts: a tree of group accounts (headings) and posting accounts (leaves). */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Never changes once created: reports, exports and other modules refer to it. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: ledgerAccountType('type').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => ledgerAccounts.id, { onDelete: 'restrict' }),
    isGroup: boolean('is_group').notNull().default(false),
    /** Balance-sheet accounts only; income and expense flow through net income. */
    cashFlow: ledgerCashFlow('cash_flow'),
    description: text('description').notNull().default(''),
    /** What a sub-account was opened for under its group (an investor's user id, a property id). */
    ref: text('ref'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_unique').on(t.code),
    uniqueIndex('ledger_accounts_parent_ref_unique').on(t.parentId, t.ref),
    index('ledger_accounts_parent_idx').on(t.parentId),
    check('ledger_accounts_cash_flow_bs_only', sql`(${t.type} in ('income', 'expense')) = (${t.cashFlow} is null)`),
  ],
);

/** Cost centers: a tree by property, department or project. Every journal line may carry one. */
export const ledgerCostCenters = pgTable(
  'ledger_cost_centers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('department'),
    parentId: uuid('parent_id').references((): AnyPgColumn => ledgerCostCenters.id, { onDelete: 'restrict' }),
    /** For a property cost center: the property it stands for. */
    property: text('property'),
    description: text('description').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_cost_centers_code_unique').on(t.code),
    check('ledger_cost_centers_kind_check', sql`${t.kind} in ('property', 'department', 'project')`),
  ],
);

/** A journal entry: draft while being prepared, then posted (and from then on immutable). */
export const ledgerJournalEntries = pgTable(
  'ledger_journal_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Human reference, shown as JE-000042. */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    date: date('date', { mode: 'string' }).notNull(),
    memo: text('memo').notNull().default(''),
    status: ledgerEntryStatus('status').notNull().default('draft'),
    kind: ledgerEntryKind('kind').notNull().default('standard'),
    /** What caused it: the module and that module's id for the business event. Unique: posting is idempotent. */
    sourceModule: text('source_module').notNull(),
    sourceId: text('source_id').notNull(),
    /** SHA-256 of the entry's content, so a repeat with the same source but other content is caught. */
    fingerprint: text('fingerprint').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    postedBy: uuid('posted_by').references(() => users.id, { onDelete: 'restrict' }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    reversesId: uuid('reverses_id').references((): AnyPgColumn => ledgerJournalEntries.id, { onDelete: 'restrict' }),
    reversedById: uuid('reversed_by_id').references((): AnyPgColumn => ledgerJournalEntries.id, { onDelete: 'restrict' }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_journal_entries_source_unique').on(t.sourceModule, t.sourceId),
    // `number` is an identity column (GENERATED ALWAYS): unique by construction, no index to maintain.
    uniqueIndex('ledger_journal_entries_reverses_unique').on(t.reversesId).where(sql`${t.reversesId} is not null`),
    // No index on status: posting flips it, and leaving it unindexed keeps that update HOT (in place).
    index('ledger_journal_entries_date_idx').on(t.date, t.number),
  ],
);

/**
 * One line of an entry: exactly one of debit and credit is positive, in fils. A line in another
 * currency keeps its original amount and rate (AED per unit, exact decimal); debit/credit hold the
 * AED amount fixed at posting with half-even rounding. `date` repeats the entry's date for the
 * general ledger's index.
 */
export const ledgerJournalLines = pgTable(
  'ledger_journal_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // entry_id and account_id are foreign keys kept by triggers (migration 0008_ledger_line_keys), checked
    // once per statement for a whole batch instead of once per line: a line needs an existing entry and
    // account, an account with lines can't be deleted, deleting a draft deletes its lines.
    entryId: uuid('entry_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    accountId: uuid('account_id').notNull(),
    debit: bigint('debit', { mode: 'bigint' }).notNull().default(sql`0`),
    credit: bigint('credit', { mode: 'bigint' }).notNull().default(sql`0`),
    currency: text('currency').notNull().default('AED'),
    originalAmount: bigint('original_amount', { mode: 'bigint' }),
    rate: numeric('rate', { precision: 30, scale: 12 }),
    costCenterId: uuid('cost_center_id').references(() => ledgerCostCenters.id, { onDelete: 'restrict' }),
    property: text('property'),
    memo: text('memo'),
  },
  (t) => [
    index('ledger_journal_lines_entry_idx').on(t.entryId, t.lineNo),
    index('ledger_journal_lines_account_date_idx').on(t.accountId, t.date),
    index('ledger_journal_lines_cost_center_idx').on(t.costCenterId).where(sql`${t.costCenterId} is not null`),
    check('ledger_journal_lines_one_side', sql`(${t.debit} > 0 and ${t.credit} = 0) or (${t.credit} > 0 and ${t.debit} = 0)`),
    check('ledger_journal_lines_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'ledger_journal_lines_fx',
      sql`(${t.currency} = 'AED' and ${t.originalAmount} is null and ${t.rate} is null) or (${t.currency} <> 'AED' and ${t.originalAmount} > 0 and ${t.rate} > 0)`,
    ),
  ],
);

/**
 * Posted totals per account, day and dimension (cost center, property), written only by the posting
 * trigger in the posting's own transaction. `is_closing` keeps year-end closing entries apart so the
 * profit and loss of a year can leave them out while the balance sheet includes them.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    // No foreign keys: every row is derived from posted lines, whose own keys already hold (and the
    // guard trigger refuses any other writer), so checking them again per upsert would only cost time.
    accountId: uuid('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    costCenterId: uuid('cost_center_id'),
    property: text('property'),
    isClosing: boolean('is_closing').notNull().default(false),
    debit: bigint('debit', { mode: 'bigint' }).notNull().default(sql`0`),
    credit: bigint('credit', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    unique('ledger_balances_key').on(t.accountId, t.day, t.costCenterId, t.property, t.isClosing).nullsNotDistinct(),
    index('ledger_balances_day_idx').on(t.day),
  ],
);

/** Fiscal months and years. A missing row is an open period; a closed one refuses postings dated inside it. */
export const ledgerFiscalPeriods = pgTable(
  'ledger_fiscal_periods',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: ledgerPeriodKind('kind').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'restrict' }),
    closingEntryId: uuid('closing_entry_id').references(() => ledgerJournalEntries.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_fiscal_periods_kind_start_unique').on(t.kind, t.startDate),
    check('ledger_fiscal_periods_status_check', sql`${t.status} in ('open', 'closed')`),
    check('ledger_fiscal_periods_range_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** Monthly templates that post themselves (runRecurringEntries), once per template and month. */
export const ledgerRecurringEntries = pgTable('ledger_recurring_entries', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  memo: text('memo').notNull().default(''),
  /** 1–31; in shorter months the entry is dated on the last day. */
  dayOfMonth: integer('day_of_month').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  active: boolean('active').notNull().default(true),
  /** [{ accountCode, debit, credit, costCenter?, property?, memo? }] with amounts as strings of fils. */
  lines: jsonb('lines').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
