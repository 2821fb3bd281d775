/**
 * The ledger's contract: constants, input schemas (each validation message once) and the JSON shapes
 * of its API. Browser-safe. Amounts in JSON are strings of integer fils ("36725" = AED 367.25);
 * inputs accept a non-negative integer as a JSON number or a string of digits.
 */
import { z } from 'zod';
import { isIsoDate } from '../platform/dates';
import { listQuery } from '../platform/list';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};
/** Accounts whose natural balance is a debit. */
export const DEBIT_NORMAL: readonly AccountType[] = ['asset', 'expense'];
export const BALANCE_SHEET_TYPES: readonly AccountType[] = ['asset', 'liability', 'equity'];

export const CASH_FLOW_CLASSES = ['cash', 'operating', 'investing', 'financing'] as const;
export type CashFlowClass = (typeof CASH_FLOW_CLASSES)[number];

export const COST_CENTER_KINDS = ['property', 'department', 'project'] as const;
export type CostCenterKind = (typeof COST_CENTER_KINDS)[number];

/** Standard UAE VAT: 5%. */
export const VAT_RATE_BPS = 500;

/** Fiscal years run January to December. */
export const FISCAL_YEAR_START_MONTH = 1;

/**
 * Codes of the default chart's accounts that other modules post to. Codes never change once an
 * account has lines; groups marked (group) take sub-accounts created on demand.
 */
export const LEDGER_ACCOUNTS = {
  bankOperating: '1110',
  bankClientMoney: '1120',
  pettyCash: '1130',
  /** Rent collected for the property vehicles and their costs paid, until distributed (property dimension on every line). */
  propertyRentAccount: '1140',
  cardClearing: '1210',
  bankTransferClearing: '1220',
  feesReceivable: '1310',
  rentReceivable: '1320',
  /** Customer invoices less payments and credit notes (modules/receivables): the aging report equals its balance. */
  tradeReceivables: '1330',
  vatInput: '1410',
  /** (group) one sub-account per property vehicle: ensurePropertyAccount */
  propertyHoldings: '1500',
  /** Units the liquidity pool bought from investors, at cost (modules/exchange/pool.ts). */
  liquidityPool: '1550',
  prepayments: '1610',
  officeEquipment: '1710',
  /** Fit-out and furnishings installed in the homes, capitalised per property (property dimension; modules/inventory). */
  fitOut: '1720',
  accumulatedDepreciation: '1790',
  /** Stock of furnishings, appliances, fit-out materials and spare parts at cost (modules/inventory). */
  inventory: '1810',
  /** (group) one sub-account per investor: ensureInvestorAccount */
  investorClientMoney: '2100',
  distributionsPayable: '2200',
  /** Part of each property's net income kept back for its future costs (property dimension). */
  propertyReserves: '2210',
  tradePayables: '2310',
  accruedExpenses: '2320',
  /** Goods and services received against purchase orders and not yet billed (modules/purchasing). */
  receivedNotBilled: '2330',
  /** Customer payments not yet allocated to an invoice: overpayments and payments in advance (modules/receivables). */
  customerCredits: '2340',
  vatOutput: '2410',
  vatPayable: '2420',
  salariesPayable: '2510',
  gratuityProvision: '2520',
  /** Amounts withheld from salaries for others (advances recovered, fines, third parties) until paid over (modules/payroll). */
  payrollDeductions: '2530',
  shareCapital: '3100',
  retainedEarnings: '3200',
  /** Rental income paid out to investors (and moved to reserves): the property vehicles' appropriations, property dimension. */
  distributionsToInvestors: '3300',
  platformFees: '4110',
  performanceFees: '4120',
  transactionFees: '4130',
  earlyExitFees: '4140',
  rentalIncome: '4200',
  /** Services Manzil invoices to customers: property management for third parties, furnishing, short-let services. */
  serviceIncome: '4300',
  interestIncome: '4910',
  /** Realised exchange gains (credit) and losses (debit) on foreign-currency invoices and bills when they are paid. */
  exchangeDifferences: '4930',
  /** Property operating costs, each line tagged with its property (modules/distributions). */
  serviceCharges: '5110',
  maintenance: '5120',
  managementFees: '5130',
  insurance: '5140',
  vacancyCosts: '5150',
  /** The cost of items sold to customers (modules/inventory, modules/sales). */
  costOfGoodsSold: '5510',
  /** Stock count differences and write-offs (modules/inventory). */
  stockAdjustments: '5520',
  /** The liquidity pool's realised gains (credit) and losses (debit) when its units are sold or the property exits. */
  liquidityPoolResults: '4920',
  salaries: '6110',
  allowances: '6120',
  gratuityExpense: '6130',
  pensionContributions: '6140',
  officeRent: '6210',
  utilities: '6220',
  technology: '6310',
  marketing: '6410',
  legalFees: '6510',
  auditFees: '6520',
  paymentProcessing: '6600',
  bankCharges: '6700',
  depreciation: '6800',
  /** Absorbs the at most one fil per foreign-currency line that half-even conversion can leave. */
  fxRounding: '6900',
} as const;

export const ledgerMessages = {
  unbalanced: (debit: string, credit: string) =>
    `Debits and credits must be equal. Debits total AED ${debit} and credits total AED ${credit}.`,
  tooFewLines: 'A journal entry needs at least two lines to be posted.',
  accountNotFound: (code: string) => `There is no account with code ${code}.`,
  accountIsGroup: (code: string, name: string) => `${code} ${name} is a group account. Post to one of its sub-accounts.`,
  accountArchived: (code: string, name: string) => `${code} ${name} is archived. Choose an active account.`,
  accountExists: (code: string) => `An account with code ${code} already exists.`,
  accountHasPostings: (code: string) => `Account ${code} has journal lines, so it can't be deleted. Archive it instead.`,
  accountHasChildren: (code: string) => `Account ${code} has sub-accounts. Move or delete them first.`,
  accountHasBalance: (code: string, balance: string) =>
    `Account ${code} still has a balance of AED ${balance}. Move the balance to another account before archiving it.`,
  parentNotFound: (code: string) => `There is no group account with code ${code}.`,
  parentNotGroup: (code: string) => `Account ${code} is a posting account, not a group. Choose a group account as the parent.`,
  parentWrongType: (code: string, type: string) => `The parent ${code} is an ${type} group; an account sits under a group of its own type.`,
  parentCycle: 'An account cannot sit under itself or one of its own sub-accounts.',
  costCenterNotFound: (code: string) => `There is no cost center with code ${code}.`,
  costCenterArchived: (code: string) => `Cost center ${code} is archived. Choose an active cost center.`,
  costCenterExists: (code: string) => `A cost center with code ${code} already exists.`,
  costCenterInUse: (code: string) => `Cost center ${code} is used by journal lines, so it can't be deleted. Archive it instead.`,
  costCenterHasChildren: (code: string) => `Cost center ${code} has sub-centers. Move or delete them first.`,
  fxRateMissing: (currency: string) => `A line in ${currency} needs its exchange rate (AED per 1 ${currency}).`,
  fxRateUnexpected: 'A line in AED takes no exchange rate.',
  unknownCurrency: (currency: string) => `${currency} is not a currency we know.`,
  fxResidualTooLarge: (fils: string) =>
    `After conversion to AED the entry is off by ${fils} fils, more than rounding can explain. Check the amounts and rates.`,
  entryNotFound: 'There is no journal entry with that id.',
  entryNotDraft: (number: string) => `${number} is posted and can no longer be edited. Reverse it instead.`,
  entryNotPosted: (number: string) => `${number} is a draft. Only posted entries can be reversed; delete the draft instead.`,
  postedCannotBeDeleted: (number: string) => `${number} is posted and can't be deleted. Reverse it instead.`,
  alreadyReversed: (number: string, by: string) => `${number} was already reversed by ${by}.`,
  closingCannotBeReversed: 'A year-end closing entry cannot be reversed.',
  sourceConflict: (module: string, id: string) =>
    `An entry for ${module} ${id} already exists with different lines. A source can post only one entry.`,
  monthClosed: (month: string, date: string) =>
    `${month} is closed, so nothing dated ${date} can be posted. Date the entry in an open period or reopen the month.`,
  yearClosed: (year: string, date: string) =>
    `The fiscal year ${year} is closed, so nothing dated ${date} can be posted. Date the entry in an open period.`,
  yearClosedCannotReopen: (year: string) => `The fiscal year ${year} is closed, so its months cannot be reopened. Post corrections in an open period.`,
  periodAlreadyClosed: (label: string) => `${label} is already closed.`,
  periodNotClosed: (label: string) => `${label} is not closed.`,
  yearNotEnded: (year: string) => `The fiscal year ${year} has not ended yet, so it can't be closed.`,
  earlierYearOpen: (year: string) => `Close the fiscal year ${year} first: years close in order.`,
  dateRange: 'The start date must be on or before the end date.',
  templateNotFound: 'There is no recurring entry with that id.',
} as const;

// ---------------------------------------------------------------------------------------------
// Inputs


export const dateSchema = (label = 'date') =>
  z
    .string({ error: `${label} must be a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine(isIsoDate, `${label} must be a real calendar date`);

/** Fils: a non-negative integer as a JSON number or a string of digits, at most 10^15. */
export const filsSchema = (label = 'amount') =>
  z
    .union([z.number().int(`${label} must be a whole number of fils`).nonnegative(`${label} cannot be negative`), z.string().regex(/^\d+$/, `${label} must be a whole number of fils`)], {
      error: `${label} must be a whole number of fils`,
    })
    .transform((v) => BigInt(v))
    .refine((v) => v <= 1_000_000_000_000_000n, `${label} is too large`);

export const accountCodeSchema = z
  .string({ error: 'Account code must be text' })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z][0-9A-Z.-]{0,31}$/, 'Account code must be 1–32 letters, digits, dots or dashes, like 1110');

export const costCenterCodeSchema = z
  .string({ error: 'Cost center code must be text' })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z][0-9A-Z.-]{0,31}$/, 'Cost center code must be 1–32 letters, digits, dots or dashes, like PROP-MARINA');

const nameSchema = (label: string) =>
  z.string({ error: `${label} must be text` }).trim().min(1, `${label} is required`).max(120, `${label} must be at most 120 characters`);

export const createAccountInput = z.object({
  code: accountCodeSchema,
  name: nameSchema('Account name'),
  type: z.enum(ACCOUNT_TYPES, { error: `Type must be one of: ${ACCOUNT_TYPES.join(', ')}` }),
  parent: accountCodeSchema.nullish(),
  isGroup: z.boolean({ error: 'isGroup must be true or false' }).optional(),
  cashFlow: z.enum(CASH_FLOW_CLASSES, { error: `cashFlow must be one of: ${CASH_FLOW_CLASSES.join(', ')}` }).nullish(),
  description: z.string({ error: 'Description must be text' }).trim().max(1000, 'Description must be at most 1000 characters').optional(),
});
export type CreateAccountInput = z.infer<typeof createAccountInput>;

export const updateAccountInput = z.object({
  name: nameSchema('Account name').optional(),
  parent: accountCodeSchema.nullish(),
  cashFlow: z.enum(CASH_FLOW_CLASSES, { error: `cashFlow must be one of: ${CASH_FLOW_CLASSES.join(', ')}` }).optional(),
  description: z.string({ error: 'Description must be text' }).trim().max(1000, 'Description must be at most 1000 characters').optional(),
  archived: z.boolean({ error: 'archived must be true or false' }).optional(),
});
export type UpdateAccountInput = z.infer<typeof updateAccountInput>;

export const propertyRefSchema = z
  .string({ error: 'Property must be text' })
  .trim()
  .min(1, 'Property must not be empty')
  .max(64, 'Property must be at most 64 characters');

export const journalLineInput = z
  .object({
    accountCode: accountCodeSchema,
    debit: filsSchema('debit').optional().default(0n),
    credit: filsSchema('credit').optional().default(0n),
    /** ISO 4217. When not AED, debit/credit are in that currency's minor units and rate is required. */
    currency: z.string({ error: 'Currency must be a 3-letter code' }).trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter code like USD').optional(),
    /** AED per one unit of the currency, as a decimal string ("3.6725"). */
    rate: z.string({ error: 'Rate must be a decimal number written as text, like "3.6725"' }).trim().regex(/^\d{1,12}(\.\d{1,12})?$/, 'Rate must be a decimal number written as text, like "3.6725"').optional(),
    costCenter: costCenterCodeSchema.nullish(),
    property: propertyRefSchema.nullish(),
    memo: z.string({ error: 'Line memo must be text' }).trim().max(500, 'Line memo must be at most 500 characters').nullish(),
  })
  .refine((l) => (l.debit > 0n) !== (l.credit > 0n), { message: 'Each line needs either a debit or a credit amount, not both', path: ['debit'] });
export type JournalLineInput = z.input<typeof journalLineInput>;
export type JournalLine = z.output<typeof journalLineInput>;

export const journalEntryInput = z.object({
  date: dateSchema('date'),
  memo: z.string({ error: 'Memo must be text' }).trim().max(1000, 'Memo must be at most 1000 characters').optional().default(''),
  lines: z.array(journalLineInput, { error: 'lines must be a list of lines' }).min(1, 'Add at least one line').max(500, 'An entry can have at most 500 lines'),
});
export type JournalEntryInput = z.output<typeof journalEntryInput>;

export const updateDraftInput = z.object({
  date: dateSchema('date').optional(),
  memo: z.string({ error: 'Memo must be text' }).trim().max(1000, 'Memo must be at most 1000 characters').optional(),
  lines: z.array(journalLineInput, { error: 'lines must be a list of lines' }).min(1, 'Add at least one line').max(500, 'An entry can have at most 500 lines').optional(),
});

export const ENTRY_STATUSES = ['draft', 'posted'] as const;
export const ENTRY_KINDS = ['standard', 'reversal', 'closing'] as const;

const pageLimit = (max: number, dflt: number) =>
  z.coerce.number({ error: `limit must be a number from 1 to ${max}` }).int(`limit must be a number from 1 to ${max}`).min(1, `limit must be a number from 1 to ${max}`).max(max, `limit must be a number from 1 to ${max}`).optional().default(dflt);
const pageOffset = z.coerce.number({ error: 'offset must be 0 or more' }).int('offset must be 0 or more').min(0, 'offset must be 0 or more').optional().default(0);

/** GET /api/admin/ledger/journal-entries and /export, on the one list contract (modules/platform/list.ts). */
export const listEntriesQuery = listQuery({
  sort: ['date', 'number', 'createdAt', 'memo'],
  defaultSort: '-date',
  filters: {
    status: z.enum(ENTRY_STATUSES, { error: 'status must be draft or posted' }).optional(),
    kind: z.enum(ENTRY_KINDS, { error: `kind must be one of: ${ENTRY_KINDS.join(', ')}` }).optional(),
    from: dateSchema('from').optional(),
    to: dateSchema('to').optional(),
    account: accountCodeSchema.optional(),
    sourceModule: z.string().trim().max(64).optional(),
  },
});
export type ListEntriesQuery = z.output<typeof listEntriesQuery>;

export const reportQuery = z.object({
  from: dateSchema('from').optional(),
  to: dateSchema('to').optional(),
  costCenter: costCenterCodeSchema.optional(),
  property: propertyRefSchema.optional(),
  format: z.enum(['json', 'csv', 'pdf'], { error: 'format must be json, csv or pdf' }).optional().default('json'),
});
export type ReportQuery = z.output<typeof reportQuery>;

export const generalLedgerQuery = reportQuery.extend({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional().default('json'),
  account: accountCodeSchema.optional(),
  limit: pageLimit(1000, 100),
  offset: pageOffset,
});
export type GeneralLedgerQuery = z.output<typeof generalLedgerQuery>;

export const exportQuery = z.object({ from: dateSchema('from').optional(), to: dateSchema('to').optional() });

export const createCostCenterInput = z.object({
  code: costCenterCodeSchema,
  name: nameSchema('Cost center name'),
  kind: z.enum(COST_CENTER_KINDS, { error: `Kind must be one of: ${COST_CENTER_KINDS.join(', ')}` }).optional().default('department'),
  parent: costCenterCodeSchema.nullish(),
  property: propertyRefSchema.nullish(),
  description: z.string({ error: 'Description must be text' }).trim().max(1000, 'Description must be at most 1000 characters').optional(),
});
export const updateCostCenterInput = z.object({
  name: nameSchema('Cost center name').optional(),
  kind: z.enum(COST_CENTER_KINDS, { error: `Kind must be one of: ${COST_CENTER_KINDS.join(', ')}` }).optional(),
  parent: costCenterCodeSchema.nullish(),
  property: propertyRefSchema.nullish(),
  description: z.string({ error: 'Description must be text' }).trim().max(1000, 'Description must be at most 1000 characters').optional(),
  archived: z.boolean({ error: 'archived must be true or false' }).optional(),
});

export const recurringEntryInput = z.object({
  name: nameSchema('Name'),
  memo: z.string({ error: 'Memo must be text' }).trim().max(1000, 'Memo must be at most 1000 characters').optional().default(''),
  dayOfMonth: z.number({ error: 'dayOfMonth must be a number from 1 to 31' }).int('dayOfMonth must be a number from 1 to 31').min(1, 'dayOfMonth must be a number from 1 to 31').max(31, 'dayOfMonth must be a number from 1 to 31'),
  startDate: dateSchema('startDate'),
  endDate: dateSchema('endDate').nullish(),
  active: z.boolean({ error: 'active must be true or false' }).optional().default(true),
  lines: z.array(journalLineInput, { error: 'lines must be a list of lines' }).min(2, 'A recurring entry needs at least two lines').max(100, 'A recurring entry can have at most 100 lines'),
});
export const updateRecurringEntryInput = z.object({
  name: nameSchema('Name').optional(),
  memo: z.string({ error: 'Memo must be text' }).trim().max(1000, 'Memo must be at most 1000 characters').optional(),
  endDate: dateSchema('endDate').nullish(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export const runRecurringInput = z.object({ asOf: dateSchema('asOf').optional() });

/** Why a closed month is opened again: kept in the audit log beside who did it. */
export const reopenPeriodInput = z.object({ reason: z.string({ error: 'Give the reason for reopening the month' }).trim().min(3, 'Give the reason for reopening the month (at least 3 characters)').max(500, 'The reason must be at most 500 characters') });

/** A month "2026-03" or a fiscal year "2026". */
export const periodParam = z.string().regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, 'The period must be a month as YYYY-MM or a year as YYYY');

// ---------------------------------------------------------------------------------------------
// Outputs (JSON): amounts are strings of integer fils.

export type AccountJson = {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  parent: string | null;
  isGroup: boolean;
  archived: boolean;
  cashFlow: CashFlowClass | null;
  description: string;
};

export type JournalLineJson = {
  lineNo: number;
  accountCode: string;
  accountName: string;
  debit: string;
  credit: string;
  currency: string;
  originalAmount: string | null;
  rate: string | null;
  costCenter: string | null;
  property: string | null;
  memo: string | null;
};

export type JournalEntryJson = {
  id: string;
  number: string;
  date: string;
  memo: string;
  status: 'draft' | 'posted';
  kind: 'standard' | 'reversal' | 'closing';
  source: { module: string; id: string };
  createdBy: string | null;
  postedBy: string | null;
  postedAt: string | null;
  reverses: { id: string; number: string } | null;
  reversedBy: { id: string; number: string } | null;
  totals: { debit: string; credit: string; difference: string };
  lines: JournalLineJson[];
};

export type TrialBalanceJson = {
  from: string | null;
  to: string;
  rows: {
    accountCode: string;
    accountName: string;
    accountType: AccountType;
    /** The closing balance at `to`, on its side. */
    debit: string;
    credit: string;
    /** The balance the day before `from` (the prior period's close), and the period's movements. */
    opening: { debit: string; credit: string };
    movement: { debit: string; credit: string };
  }[];
  totals: { debit: string; credit: string; opening: { debit: string; credit: string }; movement: { debit: string; credit: string } };
};

export const formatEntryNumber = (n: number | bigint | string) => `JE-${String(n).padStart(6, '0')}`;

// Report shapes (JSON answers of the report routes), shared by the API and the admin screens.

export type StatementRow = {
  accountCode: string;
  accountName: string;
  depth: number;
  isGroup: boolean;
  amount: string;
  comparison: string;
};

export type StatementSection = { rows: StatementRow[]; total: string; comparisonTotal: string };

export type ProfitAndLossJson = {
  from: string;
  to: string;
  comparison: { from: string; to: string };
  income: StatementSection;
  expenses: StatementSection;
  netIncome: string;
  comparisonNetIncome: string;
};

export type BalanceSheetJson = {
  asOf: string;
  comparisonAsOf: string;
  assets: StatementSection;
  liabilities: StatementSection;
  equity: StatementSection;
  /** Income less expenses not yet closed into retained earnings. */
  currentEarnings: string;
  comparisonCurrentEarnings: string;
  totalLiabilitiesAndEquity: string;
  comparisonTotalLiabilitiesAndEquity: string;
  balanced: boolean;
};

export type CashFlowRow = { accountCode: string; accountName: string; amount: string; comparison: string };

export type CashFlowJson = {
  from: string;
  to: string;
  comparison: { from: string; to: string };
  operating: { netIncome: string; comparisonNetIncome: string; adjustments: CashFlowRow[]; total: string; comparisonTotal: string };
  investing: { rows: CashFlowRow[]; total: string; comparisonTotal: string };
  financing: { rows: CashFlowRow[]; total: string; comparisonTotal: string };
  netChange: string;
  comparisonNetChange: string;
  openingCash: string;
  closingCash: string;
  comparisonOpeningCash: string;
  comparisonClosingCash: string;
};

export type GeneralLedgerLine = {
  date: string;
  entryId: string;
  entryNumber: string;
  kind: string;
  memo: string;
  lineMemo: string | null;
  accountCode: string;
  accountName: string;
  debit: string;
  credit: string;
  /** Running balance of the line's account after this line, as debit − credit. */
  balance: string;
  currency: string;
  originalAmount: string | null;
  rate: string | null;
  costCenter: string | null;
  property: string | null;
  source: { module: string; id: string };
};

export type GeneralLedgerJson = {
  from: string;
  to: string;
  account: { code: string; name: string; type: AccountType } | null;
  /** Per account in scope: opening (the day before `from`), movements and closing, all as debit − credit where signed. */
  accounts: { accountCode: string; accountName: string; opening: string; debit: string; credit: string; closing: string }[];
  openingBalance: string;
  closingBalance: string;
  totals: { debit: string; credit: string };
  lines: GeneralLedgerLine[];
  page: { limit: number; offset: number; total: number };
};
