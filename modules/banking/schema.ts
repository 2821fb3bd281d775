import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** The CSV column mapping saved per bank account and reused on later imports (see contract.ts CsvMapping). */
export const bankCsvMappings = pgTable('bank_csv_mappings', {
  bankAccountId: uuid('bank_account_id')
    .primaryKey()
    .references(() => bankAccounts.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'restrict' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One imported statement file: its period, balances and what the import did with its lines. */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    format: text('format').notNull(),
    fileName: text('file_name').notNull().default(''),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    openingBalance: bigint('opening_balance', { mode: 'bigint' }),
    closingBalance: bigint('closing_balance', { mode: 'bigint' }),
    lineCount: integer('line_count').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_statements_account_idx').on(t.bankAccountId, t.periodTo),
    check('bank_statements_format_check', sql`${t.format} in ('csv', 'ofx', 'mt940', 'camt053')`),
  ],
);

/**
 * A line of an imported statement. `hash` identifies it across overlapping imports (account, date, amount,
 * reference or bank reference, normalised description and its occurrence in the file), so a re-import skips it.
 * Matched: to the journal line on the bank's ledger account that records the same money (journalLineId).
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'restrict' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** Signed fils: positive money in, negative money out. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference').notNull().default(''),
    counterparty: text('counterparty').notNull().default(''),
    bankRef: text('bank_ref'),
    hash: text('hash').notNull(),
    status: text('status').notNull().default('unmatched'),
    /** How it was matched: an existing journal line, a document settled through a MatchSource, or an entry created here. */
    matchKind: text('match_kind'),
    matchedEntryId: uuid('matched_entry_id'),
    matchedJournalLineId: bigint('matched_journal_line_id', { mode: 'number' }),
    /** The suggestion accepted ('journal:…', '<source>:<document>', 'rule:…'). */
    candidateKey: text('candidate_key'),
    ruleId: uuid('rule_id'),
    ignoreReason: text('ignore_reason'),
    /** Entries created for this line so far (each gets its own ledger source id, so a reversed one is never reused). */
    createdEntries: integer('created_entries').notNull().default(0),
    matchedBy: uuid('matched_by').references(() => users.id, { onDelete: 'restrict' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_hash_unique').on(t.hash),
    index('bank_statement_lines_account_idx').on(t.bankAccountId, t.status, t.date),
    index('bank_statement_lines_statement_idx').on(t.statementId),
    check('bank_statement_lines_status_check', sql`${t.status} in ('unmatched', 'matched', 'ignored')`),
  ],
);

/**
 * Journal lines on a bank's ledger account that the reconciliation has accounted for: matched to a statement
 * line, or (statementLineId null) an entry created here and later reversed, paired with its reversal.
 * The ledger's own tables are never touched.
 */
export const bankReconciledLines = pgTable(
  'bank_reconciled_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    journalLineId: bigint('journal_line_id', { mode: 'number' }).notNull(),
    entryId: uuid('entry_id').notNull(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    statementLineId: uuid('statement_line_id').references(() => bankStatementLines.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_reconciled_lines_journal_line_unique').on(t.journalLineId), index('bank_reconciled_lines_statement_line_idx').on(t.statementLineId)],
);

/**
 * Reconciliation rules: conditions on a statement line → an action (post to an account with a memo, or prefer
 * a kind of open document). Created by a person (origin 'manual') or learned from confirmed matches
 * (origin 'learned', one per normalised counterparty or description and direction, counted in hitCount).
 */
export const bankRules = pgTable(
  'bank_rules',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    origin: text('origin').notNull().default('manual'),
    active: boolean('active').notNull().default(true),
    descriptionContains: text('description_contains'),
    counterpartyEquals: text('counterparty_equals'),
    amountMin: bigint('amount_min', { mode: 'bigint' }),
    amountMax: bigint('amount_max', { mode: 'bigint' }),
    direction: text('direction').notNull().default('any'),
    action: text('action').notNull(),
    accountCode: text('account_code'),
    memo: text('memo').notNull().default(''),
    costCenter: text('cost_center'),
    documentKind: text('document_kind'),
    /** Learned rules: the normalised pattern and direction they stand for (unique per bank account). */
    learnKey: text('learn_key'),
    hitCount: integer('hit_count').notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_rules_learn_key_unique').on(t.bankAccountId, t.learnKey).where(sql`${t.learnKey} is not null`),
    index('bank_rules_account_idx').on(t.bankAccountId),
    check('bank_rules_origin_check', sql`${t.origin} in ('manual', 'learned')`),
    check('bank_rules_direction_check', sql`${t.direction} in ('in', 'out', 'any')`),
    check('bank_rules_action_check', sql`(${t.action} = 'post' and ${t.accountCode} is not null) or (${t.action} = 'document' and ${t.documentKind} is not null)`),
  ],
);
