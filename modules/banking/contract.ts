/**
 * Banking: the operator's bank accounts, each mapped to a cash-and-bank ledger account, their imported
 * statements and the reconciliation. Browser-safe. Amounts are strings of integer fils in JSON.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { listQuery } from '../platform/list';

export const BANK_ACCOUNT_KINDS = ['operating', 'client_money', 'escrow'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];
export const bankAccountKindLabels: Record<BankAccountKind, string> = { operating: 'Operating', client_money: 'Client money', escrow: 'Escrow' };

export const bankingMessages = {
  name: 'Give the bank account a name of up to 120 characters, for example "Emirates NBD operating".',
  iban: 'That IBAN is not valid. Check the country code, the two check digits and the account number (a UAE IBAN is AE and 21 digits).',
  ledgerAccountCode: 'Choose the ledger account this bank account posts to: a cash and bank account such as 1110.',
  notBankLedger: (code: string) => `Account ${code} is not a cash and bank posting account. Choose one under 1100 Cash and bank.`,
  notFound: 'There is no such bank account.',
} as const;

/** An IBAN in its electronic form (no spaces, upper case), checked by country length and mod-97. */
export const ibanSchema = z
  .string({ error: bankingMessages.iban })
  .max(64, bankingMessages.iban)
  .transform((v) => electronicFormatIBAN(v) ?? '')
  .refine((v) => isValidIBAN(v), bankingMessages.iban);

export const createBankAccountInput = z.object({
  name: z.string({ error: bankingMessages.name }).trim().min(1, bankingMessages.name).max(120, bankingMessages.name),
  iban: ibanSchema,
  ledgerAccountCode: z.string({ error: bankingMessages.ledgerAccountCode }).trim().regex(/^\d{3,10}$/, bankingMessages.ledgerAccountCode),
  kind: z.enum(BANK_ACCOUNT_KINDS).default('operating'),
  bankName: z.string().trim().max(120).default(''),
  currency: z.literal('AED').default('AED'),
});
export type CreateBankAccountInput = z.infer<typeof createBankAccountInput>;

export type BankAccountJson = {
  id: string;
  name: string;
  bankName: string;
  iban: string;
  kind: BankAccountKind;
  currency: string;
  ledgerAccountCode: string;
  ledgerAccountName: string;
  createdAt: string;
};

// ── Statements ───────────────────────────────────────────────────────────────────────────────────

export const STATEMENT_FORMATS = ['csv', 'ofx', 'mt940', 'camt053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const statementFormatLabels: Record<StatementFormat, string> = { csv: 'CSV', ofx: 'OFX', mt940: 'MT940', camt053: 'CAMT.053 (ISO 20022 XML)' };
/** The largest statement file the import reads. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

export const STATEMENT_LINE_STATUSES = ['unmatched', 'matched', 'ignored'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];
export const statementLineStatusLabels: Record<StatementLineStatus, string> = { unmatched: 'Unmatched', matched: 'Matched', ignored: 'Ignored' };
export const MATCH_KINDS = ['journal', 'document', 'created'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const CSV_DATE_FORMATS = ['DD/MM/YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export const csvDelimiterLabels: Record<(typeof CSV_DELIMITERS)[number], string> = { ',': 'Comma', ';': 'Semicolon', '\t': 'Tab', '|': 'Vertical bar' };

export const statementMessages = {
  format: `Choose the statement format: ${STATEMENT_FORMATS.join(', ')}.`,
  fileMissing: 'Choose the statement file to import.',
  tooLarge: `The statement file is too large. Import at most ${MAX_STATEMENT_BYTES / 1024 / 1024} MB at a time.`,
  notMultipart: 'Send the statement as a multipart form with the fields file and format.',
  unreadable: (format: string, why: string) => `This file is not a readable ${format} statement: ${why}`,
  empty: (format: string) => `The ${format} statement has no transactions to import.`,
  mappingMissing: 'Set up the CSV column mapping for this bank account first: which column holds the date, the amount and the description.',
  mappingInvalid: 'The CSV column mapping is not valid JSON. Choose the columns again.',
  column: 'Choose a column by its position: a whole number from 0 to 99.',
  amountColumns: 'Choose either one amount column (signed) or both a debit and a credit column.',
  lineNotFound: 'There is no such statement line on this bank account.',
  notUnmatched: 'This statement line is already matched or ignored. Undo that first.',
  notMatched: 'This statement line is not matched or ignored, so there is nothing to undo.',
  candidateKey: 'Choose one of the suggested matches.',
  candidateGone: 'That suggestion is no longer available: the journal line is already reconciled or its amount differs from the statement line. Refresh the suggestions.',
  amountMismatch: (line: string, entry: string) => `The statement line is AED ${line} but the journal line is AED ${entry}. Only a journal line of the same amount can be matched.`,
  sourceUnknown: (kind: string) => `Nothing here can settle a ${kind}. Refresh the suggestions.`,
  settledWithoutBankLine: 'The document was settled but its entry has no line on this bank account for the statement amount, so nothing was recorded. Check the document.',
  accountCode: 'Choose the ledger account to post to, for example 6700 Bank charges.',
  memo: 'Write a memo of up to 300 characters that says what this money is.',
  reason: 'Say in up to 300 characters why this line is ignored, for example "Duplicate shown by the bank".',
  createEntry: 'Choose a rule, or an account and a memo, to post the missing entry.',
  ruleNotFound: 'There is no such rule on this bank account.',
  ruleNotPosting: 'This rule prefers a kind of document; it does not post an entry. Choose a rule that posts to an account.',
  ruleName: 'Give the rule a name of up to 120 characters.',
  ruleCondition: 'A rule needs at least one condition: description contains, counterparty equals or an amount range.',
  ruleAction: 'A rule either posts to an account (give the account code) or prefers a kind of document (give the document kind).',
  amountRange: 'The smallest amount must not be above the largest.',
  amount: 'Amounts are whole fils: a JSON integer or a string of digits, 0 or more.',
  date: 'Dates are YYYY-MM-DD.',
  range: 'The start date must not be after the end date.',
  period: 'The period is a month: YYYY-MM.',
} as const;

const column = z.union([z.number(), z.string().regex(/^\d{1,2}$/, statementMessages.column)], { error: statementMessages.column }).transform(Number).pipe(z.number().int(statementMessages.column).min(0, statementMessages.column).max(99, statementMessages.column));

/**
 * How to read a bank's CSV export: columns by position (0 = first), the date format, one signed amount column
 * or separate debit and credit columns, and whether amounts use a decimal comma ("1.234,56").
 */
export const csvMappingInput = z
  .object({
    delimiter: z.enum(CSV_DELIMITERS).default(','),
    hasHeader: z.boolean().default(true),
    /** Lines before the header (bank name, account number…) to skip. */
    skipRows: z.number().int().min(0).max(50).default(0),
    dateColumn: column,
    dateFormat: z.enum(CSV_DATE_FORMATS),
    amountColumn: column.optional(),
    debitColumn: column.optional(),
    creditColumn: column.optional(),
    descriptionColumn: column,
    referenceColumn: column.optional(),
    counterpartyColumn: column.optional(),
    /** The running balance after each row, when the bank exports one: gives the opening and closing balances. */
    balanceColumn: column.optional(),
    decimalComma: z.boolean().default(false),
  })
  .refine((m) => (m.amountColumn !== undefined ? m.debitColumn === undefined && m.creditColumn === undefined : m.debitColumn !== undefined && m.creditColumn !== undefined), {
    message: statementMessages.amountColumns,
    path: ['amountColumn'],
  });
export type CsvMapping = z.infer<typeof csvMappingInput>;

export const statementFormatSchema = z.enum(STATEMENT_FORMATS, { error: statementMessages.format });

export type ImportResultJson = {
  statementId: string;
  format: StatementFormat;
  periodFrom: string | null;
  periodTo: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
  lines: number;
  imported: number;
  duplicates: number;
};

export type StatementPreviewJson = {
  /** The first rows of the file as text cells (CSV), for the column mapping. */
  rows: string[][];
  /** The saved mapping of this bank account, if any. */
  mapping: CsvMapping | null;
  /** The first lines as the import would read them (with the mapping given or saved), or null without one. */
  lines: StatementLineDraftJson[] | null;
  error: string | null;
};

export type StatementLineDraftJson = { date: string; amount: string; description: string; reference: string; counterparty: string };

export type StatementJson = {
  id: string;
  format: StatementFormat;
  fileName: string;
  periodFrom: string | null;
  periodTo: string | null;
  openingBalance: string | null;
  closingBalance: string | null;
  lineCount: number;
  importedCount: number;
  duplicateCount: number;
  createdAt: string;
};

export type StatementLineJson = {
  id: string;
  statementId: string;
  date: string;
  amount: string;
  description: string;
  reference: string;
  counterparty: string;
  bankRef: string | null;
  status: StatementLineStatus;
  matchKind: MatchKind | null;
  matchedEntryId: string | null;
  matchedEntryReference: string | null;
  candidateKey: string | null;
  ruleId: string | null;
  ignoreReason: string | null;
};

const isoDate = z.string({ error: statementMessages.date }).regex(/^\d{4}-\d{2}-\d{2}$/, statementMessages.date);

export const statementsListQuery = listQuery({ sort: ['createdAt', 'periodTo'], defaultSort: '-createdAt', filters: { format: statementFormatSchema.optional() } });
export const statementLinesListQuery = listQuery({
  sort: ['date', 'amount', 'createdAt'],
  defaultSort: '-date',
  filters: { status: z.enum(STATEMENT_LINE_STATUSES, { error: `status is one of ${STATEMENT_LINE_STATUSES.join(', ')}.` }).optional(), from: isoDate.optional(), to: isoDate.optional() },
});

// ── Reconciliation ───────────────────────────────────────────────────────────────────────────────

export const reconciliationQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() }).refine((q) => !q.from || !q.to || q.from <= q.to, { message: statementMessages.range, path: ['from'] });
export const reportQuery = z.object({
  period: z.string({ error: statementMessages.period }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, statementMessages.period),
  format: z.enum(['json', 'csv'], { error: 'format is json or csv.' }).default('json'),
});

export const CANDIDATE_KINDS = { journal: 'journal', rule: 'rule' } as const;

export type SuggestionJson = {
  /** 'journal:<line id>', '<source kind>:<document id>' or 'rule:<rule id>': what POST …/match accepts. */
  key: string;
  kind: string;
  label: string;
  date: string | null;
  amount: string | null;
  /** 0–100: how sure the suggestion is. */
  score: number;
  /** Why, in a sentence: "Same amount, 2 days apart, reference INV-2026-0004". */
  reason: string;
  /** Rule suggestions: the account the entry posts to. */
  accountCode: string | null;
  ruleId: string | null;
};

export type LineSuggestionsJson = { lineId: string; candidates: SuggestionJson[] };

export const EXPLANATION_KINDS = ['opening', 'in_bank_not_books', 'ignored_in_bank', 'matched_outside_period', 'in_books_not_bank', 'reconciled_outside_period', 'reversed_here', 'more'] as const;
export type ExplanationKind = (typeof EXPLANATION_KINDS)[number];
export const explanationLabels: Record<ExplanationKind, string> = {
  opening: 'Opening balances differ',
  in_bank_not_books: 'In the bank, not in the books',
  ignored_in_bank: 'In the bank, ignored',
  matched_outside_period: 'In the bank; its book entry is dated later',
  in_books_not_bank: 'In the books, not in the bank',
  reconciled_outside_period: 'In the books; its bank line is dated later',
  reversed_here: 'Created here and reversed after the date',
  more: 'More lines, not listed one by one',
};

/** One reason the statement and ledger balances differ; the amounts add up to the difference (statement − ledger). */
export type ExplanationItemJson = {
  kind: ExplanationKind;
  date: string | null;
  description: string;
  amount: string;
  statementLineId: string | null;
  journalLineId: string | null;
  entryReference: string | null;
};

export type ReconciliationJson = {
  bankAccount: { id: string; name: string; iban: string; ledgerAccountCode: string };
  from: string | null;
  to: string;
  statementBalance: string;
  ledgerBalance: string;
  difference: string;
  explanation: ExplanationItemJson[];
  unmatched: StatementLineJson[];
  suggestions: LineSuggestionsJson[];
};

export type ReconciliationReportJson = {
  period: string;
  from: string;
  to: string;
  openingStatementBalance: string | null;
  closingStatementBalance: string;
  ledgerBalance: string;
  difference: string;
  matched: { count: number; total: string };
  created: { count: number; total: string };
  ignored: { count: number; total: string };
  unmatched: { count: number; total: string };
  unreconciledLedger: { count: number; total: string };
  explanation: ExplanationItemJson[];
};

// ── Actions ──────────────────────────────────────────────────────────────────────────────────────

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, message);
const accountCode = z.string({ error: statementMessages.accountCode }).trim().regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,31}$/, statementMessages.accountCode);
const costCenter = z.string({ error: 'A cost center is a code such as OPS.' }).trim().regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,31}$/, 'A cost center is a code such as OPS.');
const uuidText = (message: string) => z.string({ error: message }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, message);

export const matchInput = z.object({ candidateKey: z.string({ error: statementMessages.candidateKey }).trim().min(3, statementMessages.candidateKey).max(200, statementMessages.candidateKey) });
export const createEntryInput = z.union(
  [
    z.object({ ruleId: uuidText(statementMessages.ruleNotFound) }).strict(),
    z.object({ accountCode, memo: text(statementMessages.memo, 300), costCenter: costCenter.nullish() }).strict(),
  ],
  { error: statementMessages.createEntry },
);
export type CreateEntryInput = z.infer<typeof createEntryInput>;
export const ignoreInput = z.object({ reason: text(statementMessages.reason, 300) });

// ── Rules ────────────────────────────────────────────────────────────────────────────────────────

export const RULE_DIRECTIONS = ['in', 'out', 'any'] as const;
export type RuleDirection = (typeof RULE_DIRECTIONS)[number];
export const ruleDirectionLabels: Record<RuleDirection, string> = { in: 'Money in', out: 'Money out', any: 'In or out' };
export const RULE_ACTIONS = ['post', 'document'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RULE_ORIGINS = ['manual', 'learned'] as const;
export type RuleOrigin = (typeof RULE_ORIGINS)[number];
/** A learned rule proposes itself once the same pattern was confirmed this many times. */
export const LEARNED_RULE_MIN_HITS = 2;

const MAX_RULE_AMOUNT = 100_000_000_000_000n;
const ruleAmount = z
  .union([z.number(), z.string()], { error: statementMessages.amount })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
    if (!/^\d{1,15}$/.test(s) || BigInt(s) > MAX_RULE_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: statementMessages.amount });
      return z.NEVER;
    }
    return BigInt(s);
  });

const ruleFields = {
  name: text(statementMessages.ruleName, 120),
  active: z.boolean().default(true),
  descriptionContains: z.string().trim().max(120).nullish().transform((s) => s || null),
  counterpartyEquals: z.string().trim().max(120).nullish().transform((s) => s || null),
  /** Absolute amounts in fils: the line's size, whatever its direction. */
  amountMin: ruleAmount.nullish().transform((v) => v ?? null),
  amountMax: ruleAmount.nullish().transform((v) => v ?? null),
  direction: z.enum(RULE_DIRECTIONS).default('any'),
  action: z.enum(RULE_ACTIONS, { error: statementMessages.ruleAction }),
  accountCode: accountCode.nullish().transform((v) => v ?? null),
  memo: z.string().trim().max(300).default(''),
  costCenter: costCenter.nullish().transform((v) => v ?? null),
  documentKind: z.string().trim().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'A document kind is a word such as invoice or bill.').nullish().transform((v) => v ?? null),
};

type RuleShape = { descriptionContains: string | null; counterpartyEquals: string | null; amountMin: bigint | null; amountMax: bigint | null; action: RuleAction; accountCode: string | null; documentKind: string | null };
const ruleChecks = <T extends z.ZodType<RuleShape>>(schema: T) =>
  schema
    .refine((r) => !!(r.descriptionContains || r.counterpartyEquals || r.amountMin !== null || r.amountMax !== null), { message: statementMessages.ruleCondition, path: ['descriptionContains'] })
    .refine((r) => (r.action === 'post' ? !!r.accountCode : !!r.documentKind), { message: statementMessages.ruleAction, path: ['action'] })
    .refine((r) => r.amountMin === null || r.amountMax === null || r.amountMin <= r.amountMax, { message: statementMessages.amountRange, path: ['amountMin'] });

export const ruleInput = ruleChecks(z.object(ruleFields));
export type RuleInput = z.infer<typeof ruleInput>;
export const ruleActiveInput = z.object({ active: z.boolean({ error: 'active is true or false.' }) });

export const rulesListQuery = listQuery({
  sort: ['name', 'hitCount', 'createdAt'],
  defaultSort: '-hitCount',
  filters: { origin: z.enum(RULE_ORIGINS, { error: 'origin is manual or learned.' }).optional() },
});

export type RuleJson = {
  id: string;
  name: string;
  origin: RuleOrigin;
  active: boolean;
  descriptionContains: string | null;
  counterpartyEquals: string | null;
  amountMin: string | null;
  amountMax: string | null;
  direction: RuleDirection;
  action: RuleAction;
  accountCode: string | null;
  memo: string;
  costCenter: string | null;
  documentKind: string | null;
  hitCount: number;
  lastHitAt: string | null;
  createdAt: string;
};
