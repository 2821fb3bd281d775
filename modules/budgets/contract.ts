/**
 * Budgets' contract: input schemas (each message once), AED amount parsing and formatting without
 * floats, the CSV import format and its parser, variance arithmetic, and the JSON shapes of the API.
 * Browser-safe: the budget screens import it, and the API validates with the same functions.
 * Amounts in JSON are strings of integer fils ("1250000" = AED 12,500.00), signed naturally.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { divideHalfEven, formatFils, parseFils } from '../platform/money';
import { isIsoDate } from '../platform/dates';

export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MONTH_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Budgets are set on income and expense posting accounts only. */
export const BUDGET_ACCOUNT_TYPES = ['income', 'expense'] as const;
export type BudgetAccountType = (typeof BUDGET_ACCOUNT_TYPES)[number];

/** Largest amount a cell takes: AED 10 trillion (10^15 fils), the ledger's own limit. */
export const MAX_CELL_FILS = 1_000_000_000_000_000n;
/** Cells in one grid save. */
export const MAX_CELLS_PER_SAVE = 6000;
/** Rows in one CSV import, and its size (the API reads JSON bodies up to 64 KB). */
export const MAX_CSV_ROWS = 1000;
export const MAX_CSV_CHARS = 60_000;
/** Months a budget-against-actual period may span. */
export const MAX_REPORT_MONTHS = 36;
/** Cost centers one report compares side by side. */
export const MAX_REPORT_COST_CENTERS = 60;
/** Copy from last year: the adjustment must stay within −100% … +1000%. */
export const MIN_ADJUST_PERCENT = -100;
export const MAX_ADJUST_PERCENT = 1000;

export const budgetName = (year: number) => `FY${year}`;

export const budgetMessages = {
  yearFormat: 'The budget year must be a year like 2026',
  monthFormat: 'Month must be a month as YYYY-MM, like 2026-03',
  monthOutsideYear: (month: string, year: number) => `${month} is not in fiscal year ${year}. A budget holds the twelve months of its own year.`,
  amountFormat: 'Enter an amount in AED with at most two decimals, like 12500 or 12,500.50',
  amountTooLarge: 'That amount is too large. The most a cell can hold is AED 10 trillion.',
  budgetNotFound: (year: number) => `There is no budget for ${year} yet. Enter amounts, copy last year or import a CSV to start one.`,
  budgetExists: (year: number) => `There is already a budget for ${year}.`,
  nameTaken: (name: string) => `Another budget is already called ${name}.`,
  accountNotFound: (code: string) => `There is no account with code ${code}.`,
  accountIsGroup: (code: string, name: string) => `${code} ${name} is a group account. Budget its sub-accounts instead.`,
  accountNotPandL: (code: string, name: string, type: string) => `${code} ${name} is an ${type} account. Budgets are set on income and expense accounts.`,
  accountArchived: (code: string, name: string) => `${code} ${name} is archived, so it can't take a new budget amount.`,
  costCenterNotFound: (code: string) => `There is no cost center with code ${code}.`,
  costCenterArchived: (code: string) => `Cost center ${code} is archived, so it can't take a new budget amount.`,
  duplicateCell: (first: number) => `The same account, cost center and month appear twice (first at cell ${first + 1}).`,
  cellsInvalid: (n: number) => `${n === 1 ? 'One cell is' : `${n} cells are`} not valid, so nothing was saved. Correct ${n === 1 ? 'it' : 'them'} and save again.`,
  noSourceBudget: (year: number) => `There is no budget for ${year} to copy from.`,
  sourceEmpty: (year: number) => `The ${year} budget has no amounts to copy.`,
  targetNotEmpty: (year: number) => `The ${year} budget already has amounts. Choose to replace them, or clear them first.`,
  adjustFormat: `The adjustment must be a percentage from ${MIN_ADJUST_PERCENT} to ${MAX_ADJUST_PERCENT} with at most two decimals, like 5 or -2.5`,
  csvEmpty: 'The file is empty. Use the template: a header row, then one row per account and cost center.',
  csvTooLarge: `The file is too large. Import at most ${MAX_CSV_ROWS} rows (about ${Math.round(MAX_CSV_CHARS / 1000)} KB) at a time.`,
  csvInvalid: (n: number) => `The file has ${n === 1 ? 'one error' : `${n} errors`}, so nothing was imported. Correct ${n === 1 ? 'it' : 'them'} and import again.`,
  periodTooLong: `Choose a period of at most ${MAX_REPORT_MONTHS} months.`,
  dateRange: 'The start date must be on or before the end date.',
  tooManyCostCenters: `Compare at most ${MAX_REPORT_COST_CENTERS} cost centers at a time.`,
} as const;

// ---------------------------------------------------------------------------------------------
// AED amounts as bigint fils, never floats

export type ParsedAmount = { ok: true; fils: bigint } | { ok: false; message: string };

/**
 * Parses an AED amount typed by a person or read from a CSV into fils: "12,500.5" → 1250050n.
 * Blank is zero. Accepts a leading minus or accounting parentheses for a negative amount, and an
 * optional "AED" in front. Refuses a third decimal rather than rounding it away.
 */
export function parseAedAmount(input: string): ParsedAmount {
  let s = input.trim().replace(/\u00a0|\s/g, '');
  if (s === '' || s === '-') return { ok: true, fils: 0n };
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  s = s.replace(/^AED/i, '');
  if (s.startsWith('-') && !negative) {
    negative = true;
    s = s.slice(1);
  }
  const fils = /^\d/.test(s) ? parseFils(s, { prefix: /^$/ }) : null;
  if (fils === null) return { ok: false, message: budgetMessages.amountFormat };
  if (fils > MAX_CELL_FILS) return { ok: false, message: budgetMessages.amountTooLarge };
  return { ok: true, fils: negative ? -fils : fils };
}

/** Fils → "12,500.00" (grouped) or "12500.00" (plain, for editing and CSV); negatives "-0.05". */
export { formatFils };

/** Percent string ("5", "-2.5", "12.25") → basis points as bigint (500n, -250n, 1225n). Null if malformed. */
export function percentToBps(percent: string): bigint | null {
  const m = /^(-?)(\d{1,4})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!m) return null;
  const bps = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  const signed = m[1] ? -bps : bps;
  if (signed < BigInt(MIN_ADJUST_PERCENT * 100) || signed > BigInt(MAX_ADJUST_PERCENT * 100)) return null;
  return signed;
}

/** An amount adjusted by a percentage in basis points, rounded half to even once: 1001 fils +5% → 1051. */
export function adjustByBps(amount: bigint, bps: bigint): bigint {
  return divideHalfEven(amount * (10_000n + bps), 10_000n);
}

/**
 * Variance of an actual against its budget (actual − budget, natural sign) as a percentage of the
 * budget with one decimal ("12.5"), or null when nothing was budgeted.
 */
export function variancePercent(actual: bigint, budget: bigint): string | null {
  if (budget === 0n) return null;
  const tenths = divideHalfEven((actual - budget) * 1000n, budget < 0n ? -budget : budget);
  const negative = tenths < 0n;
  const abs = negative ? -tenths : tenths;
  const text = `${abs / 10n}.${abs % 10n}`;
  return negative ? `-${text}` : text;
}

/** More income than budgeted, or less spending, is favourable. Null when on budget. */
export function isFavourable(type: BudgetAccountType, variance: bigint): boolean | null {
  if (variance === 0n) return null;
  return type === 'income' ? variance > 0n : variance < 0n;
}

// ---------------------------------------------------------------------------------------------
// Months and years

export const monthKey = (year: number, monthIndex: number) => `${year}-${String(monthIndex + 1).padStart(2, '0')}`;
export const yearMonths = (year: number) => MONTH_SHORT.map((_, i) => monthKey(year, i));


export const yearSchema = z.coerce
  .number({ error: budgetMessages.yearFormat })
  .int(budgetMessages.yearFormat)
  .min(2000, budgetMessages.yearFormat)
  .max(2100, budgetMessages.yearFormat);

export const monthSchema = z.string({ error: budgetMessages.monthFormat }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, budgetMessages.monthFormat);

export const dateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine(isIsoDate, `${label} must be a real calendar date`);

const codeSchema = (label: string, example: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z][0-9A-Z.-]{0,31}$/, `${label} must be 1–32 letters, digits, dots or dashes, like ${example}`);
export const accountCodeSchema = codeSchema('Account code', '6110');
export const costCenterCodeSchema = codeSchema('Cost center code', 'OPS');

/** A signed amount of fils: an integer as a JSON number or a string of digits with an optional minus. */
export const signedFilsSchema = z
  .union([z.number().int('amount must be a whole number of fils'), z.string().regex(/^-?\d+$/, 'amount must be a whole number of fils')], {
    error: 'amount must be a whole number of fils',
  })
  .transform((v) => BigInt(v))
  .refine((v) => v <= MAX_CELL_FILS && v >= -MAX_CELL_FILS, budgetMessages.amountTooLarge);

export const budgetCellInput = z.object({
  accountCode: accountCodeSchema,
  /** Omitted or null: company-wide (no cost center). */
  costCenter: costCenterCodeSchema.nullish(),
  month: monthSchema,
  /** Fils, signed naturally. Zero removes the cell. */
  amount: signedFilsSchema,
  /** What the screen loaded for this cell; when given, the save is refused (409) if it changed since. */
  previous: signedFilsSchema.nullish(),
});
export type BudgetCellInput = z.input<typeof budgetCellInput>;

export const saveCellsInput = z.object({
  cells: z
    .array(budgetCellInput, { error: 'cells must be a list of cells' })
    .min(1, 'Send at least one cell')
    .max(MAX_CELLS_PER_SAVE, `Save at most ${MAX_CELLS_PER_SAVE} cells at a time`),
});

const budgetNameSchema = z.string({ error: 'Name must be text' }).trim().min(2, 'Name must be at least 2 characters').max(60, 'Name must be at most 60 characters');
const descriptionSchema = z.string({ error: 'Description must be text' }).trim().max(500, 'Description must be at most 500 characters');

export const createBudgetInput = z.object({
  fiscalYear: yearSchema,
  name: budgetNameSchema.optional(),
  description: descriptionSchema.optional(),
});
export const updateBudgetInput = z.object({ name: budgetNameSchema.optional(), description: descriptionSchema.optional() });

export const copyBudgetInput = z.object({
  /** Percentage applied to every amount, e.g. "5" for +5%, "-2.5" for −2.5%. */
  adjustPercent: z
    .union([z.string(), z.number()], { error: budgetMessages.adjustFormat })
    .transform((v) => String(v))
    .refine((v) => percentToBps(v) !== null, budgetMessages.adjustFormat)
    .optional(),
  /** When the target year already has amounts: replace them all. Otherwise the copy is refused (409). */
  replace: z.boolean({ error: 'replace must be true or false' }).optional().default(false),
});

export const importCsvInput = z.object({
  csv: z.string({ error: 'csv must be the file contents as text' }).max(MAX_CSV_CHARS, budgetMessages.csvTooLarge),
  /** Validate and answer what would be imported, without saving. */
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional().default(false),
});

export const gridQuery = z.object({ costCenter: costCenterCodeSchema.optional() });

export const versusActualQuery = z.object({
  from: dateSchema('from').optional(),
  to: dateSchema('to').optional(),
  costCenter: costCenterCodeSchema.optional(),
});

export const costCenterReportQuery = z.object({
  from: dateSchema('from').optional(),
  to: dateSchema('to').optional(),
  /** Comma-separated codes; omitted: every active top-level cost center. */
  costCenters: z
    .union([z.string(), z.array(z.string())], { error: 'costCenters must be a comma-separated list of codes' })
    .transform((v) => (Array.isArray(v) ? v.join(',') : v).trim())
    .refine((v) => v.length <= 4000, 'costCenters must be a comma-separated list of codes')
    .optional(),
});

export const costCenterLinesQuery = z.object({
  from: dateSchema('from').optional(),
  to: dateSchema('to').optional(),
  costCenter: costCenterCodeSchema.optional(),
  account: accountCodeSchema,
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 500' }).int().min(1, 'limit must be a number from 1 to 500').max(500, 'limit must be a number from 1 to 500').optional().default(50),
  offset: z.coerce.number({ error: 'offset must be 0 or more' }).int().min(0, 'offset must be 0 or more').optional().default(0),
});

// ---------------------------------------------------------------------------------------------
// CSV import: one row per account and cost center, twelve month columns

/**
 * The import format, shown on the screen and offered as a template: a header row, then one row per
 * account and cost center with the twelve months of the budget year in AED. A blank month is zero.
 * `account_name` and `total` may be present (the export has them) and are ignored. Importing a row
 * replaces all twelve months of that account and cost center; rows not in the file stay as they are.
 */
export const CSV_COLUMNS = ['account_code', 'account_name', 'cost_center_code', ...MONTH_SHORT.map((m) => m.toLowerCase()), 'total'] as const;
export const CSV_REQUIRED = ['account_code', ...MONTH_SHORT.map((m) => m.toLowerCase())] as const;

const HEADER_ALIASES: Record<string, string> = {
  account: 'account_code',
  account_code: 'account_code',
  code: 'account_code',
  account_name: 'account_name',
  name: 'account_name',
  cost_center: 'cost_center_code',
  cost_centre: 'cost_center_code',
  cost_center_code: 'cost_center_code',
  cost_centre_code: 'cost_center_code',
  total: 'total',
};
MONTH_SHORT.forEach((m, i) => {
  HEADER_ALIASES[m.toLowerCase()] = m.toLowerCase();
  HEADER_ALIASES[MONTH_LONG[i].toLowerCase()] = m.toLowerCase();
});

export type CsvRowError = { line: number; column?: string; message: string };
export type ParsedCsvRow = { line: number; accountCode: string; costCenter: string | null; amounts: bigint[] };
export type ParsedCsv = { rows: ParsedCsvRow[]; errors: CsvRowError[] };

const normalizeHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .trim()
    .replace(/[\s-]+/g, '_');

/**
 * Parses and checks the format of a budget CSV (not whether the codes exist: the API does that).
 * Every problem is reported with its line number in the file (the header is line 1).
 */
export function parseBudgetCsv(text: string): ParsedCsv {
  const errors: CsvRowError[] = [];
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { rows: [], errors: [{ line: 1, message: budgetMessages.csvEmpty }] };
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: 'greedy' });
  const data = parsed.data;
  if (data.length === 0) return { rows: [], errors: [{ line: 1, message: budgetMessages.csvEmpty }] };
  // Papa counts data rows from 0 (the header); the file line is row + 1 when no field spans lines.
  for (const e of parsed.errors) {
    if (e.code === 'TooFewFields' || e.code === 'TooManyFields') continue; // reported per row below
    errors.push({ line: (e.row ?? 0) + 1, message: e.code === 'MissingQuotes' ? 'A quoted field is not closed.' : e.message });
  }
  const header = data[0].map(normalizeHeader);
  const columns = header.map((h) => HEADER_ALIASES[h] ?? null);
  const unknown = header.filter((h, i) => columns[i] === null && h !== '');
  if (unknown.length) errors.push({ line: 1, message: `Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Use the template's columns.` });
  const seen = new Set<string>();
  for (const c of columns) {
    if (!c) continue;
    if (seen.has(c)) errors.push({ line: 1, column: c, message: `The column ${c} appears twice.` });
    seen.add(c);
  }
  const missing = CSV_REQUIRED.filter((c) => !seen.has(c));
  if (missing.length) errors.push({ line: 1, message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.` });
  if (data.length - 1 > MAX_CSV_ROWS) errors.push({ line: MAX_CSV_ROWS + 2, message: budgetMessages.csvTooLarge });
  if (errors.some((e) => e.line === 1) || data.length - 1 > MAX_CSV_ROWS) return { rows: [], errors };

  const index = (name: string) => columns.indexOf(name);
  const monthIndexes = MONTH_SHORT.map((m) => index(m.toLowerCase()));
  const rows: ParsedCsvRow[] = [];
  const firstLine = new Map<string, number>();
  for (let r = 1; r < data.length; r++) {
    const line = r + 1;
    const cells = data[r];
    if (cells.length !== header.length) {
      errors.push({ line, message: `This row has ${cells.length} field${cells.length === 1 ? '' : 's'}; the header has ${header.length}.` });
      continue;
    }
    const rowErrors: CsvRowError[] = [];
    const code = accountCodeSchema.safeParse(cells[index('account_code')] ?? '');
    if (!(cells[index('account_code')] ?? '').trim()) rowErrors.push({ line, column: 'account_code', message: 'The account code is missing.' });
    else if (!code.success) rowErrors.push({ line, column: 'account_code', message: code.error.issues[0].message });
    const ccIndex = index('cost_center_code');
    const ccRaw = ccIndex >= 0 ? (cells[ccIndex] ?? '').trim() : '';
    let costCenter: string | null = null;
    if (ccRaw) {
      const cc = costCenterCodeSchema.safeParse(ccRaw);
      if (cc.success) costCenter = cc.data;
      else rowErrors.push({ line, column: 'cost_center_code', message: cc.error.issues[0].message });
    }
    const amounts: bigint[] = [];
    monthIndexes.forEach((ci, m) => {
      const parsedAmount = parseAedAmount(cells[ci] ?? '');
      if (parsedAmount.ok) amounts.push(parsedAmount.fils);
      else rowErrors.push({ line, column: MONTH_SHORT[m].toLowerCase(), message: `${parsedAmount.message} (found "${(cells[ci] ?? '').trim()}")` });
    });
    if (code.success) {
      const key = `${code.data}|${costCenter ?? ''}`;
      const first = firstLine.get(key);
      if (first !== undefined) rowErrors.push({ line, message: `Account ${code.data}${costCenter ? ` with cost center ${costCenter}` : ' without a cost center'} is already on line ${first}.` });
      else firstLine.set(key, line);
    }
    if (rowErrors.length) errors.push(...rowErrors);
    else rows.push({ line, accountCode: code.data!, costCenter, amounts });
  }
  if (rows.length === 0 && errors.length === 0) errors.push({ line: 2, message: 'The file has a header but no rows.' });
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

// ---------------------------------------------------------------------------------------------
// Outputs (JSON): amounts are strings of integer fils, signed naturally.

export type BudgetJson = {
  id: string;
  name: string;
  fiscalYear: number;
  description: string;
  /** Totals of all cells: income and expenses for the year, and net (income − expenses). */
  income: string;
  expense: string;
  net: string;
  cells: number;
  updatedAt: string;
};

export type GridRowJson = {
  accountCode: string;
  accountName: string;
  accountType: BudgetAccountType;
  archived: boolean;
  /** Twelve months, January first. */
  amounts: string[];
  total: string;
};
export type GridTotalsJson = { months: string[]; total: string };

export type BudgetGridJson = {
  year: number;
  budget: BudgetJson | null;
  costCenter: { code: string; name: string } | null;
  months: string[];
  rows: GridRowJson[];
  totals: { income: GridTotalsJson; expense: GridTotalsJson; net: GridTotalsJson };
};

export type SaveCellsJson = { success: true; message: string; saved: number; removed: number; budget: BudgetJson };
export type CopyBudgetJson = { success: true; message: string; copied: number; skipped: number; budget: BudgetJson };
export type ImportPreviewRow = { line: number; accountCode: string; accountName: string; costCenter: string | null; amounts: string[]; total: string };
export type ImportCsvJson = { success: true; dryRun: boolean; message: string; rows: ImportPreviewRow[]; imported: number; budget: BudgetJson | null };
export type ImportCsvErrorJson = { message: string; error: 'invalid_csv'; errors: CsvRowError[] };

export type VarianceJson = { budget: string; actual: string; variance: string; variancePercent: string | null; favourable: boolean | null };
export type VersusActualRowJson = VarianceJson & { accountCode: string; accountName: string; accountType: BudgetAccountType };
export type VersusActualJson = {
  from: string;
  to: string;
  costCenter: { code: string; name: string } | null;
  /** The budgets the period draws on (one per fiscal year it touches); missing years count as zero. */
  budgets: { fiscalYear: number; name: string }[];
  rows: VersusActualRowJson[];
  totals: { income: VarianceJson; expense: VarianceJson; net: VarianceJson };
  /** Month by month (part months at the edges), for the chart. */
  months: { month: string; from: string; to: string; income: VarianceJson; expense: VarianceJson }[];
};

export type ReportColumnJson = {
  key: string;
  code: string | null;
  label: string;
  kind: 'cost-center' | 'unassigned' | 'company';
  costCenterKind?: string;
  /** Sub-centers rolled into this column. */
  subCenters: number;
  drillable: boolean;
};
export type CostCenterReportJson = {
  from: string;
  to: string;
  columns: ReportColumnJson[];
  accounts: { accountCode: string; accountName: string; accountType: BudgetAccountType }[];
  /** cells[accountCode][columnKey] = actual in fils, natural sign. */
  cells: Record<string, Record<string, string>>;
  totals: Record<string, { income: string; expense: string; net: string; budgetIncome: string; budgetExpense: string }>;
  /** True when the selected cost centers don't overlap, so a row total across them means something. */
  disjoint: boolean;
};

export type CostCenterLinesJson = {
  from: string;
  to: string;
  costCenter: { code: string; name: string } | null;
  account: { code: string; name: string; type: string };
  /** The report's figure: posted lines less year-end closing entries, natural sign. */
  amount: string;
  totals: { debit: string; credit: string };
  lines: {
    date: string;
    entryId: string;
    entryNumber: string;
    kind: string;
    memo: string;
    lineMemo: string | null;
    debit: string;
    credit: string;
    costCenter: string | null;
    property: string | null;
    source: { module: string; id: string };
  }[];
  page: { limit: number; offset: number; total: number };
};

/** The report columns that aren't a cost center. */
export const UNASSIGNED_KEY = '*unassigned';
export const COMPANY_KEY = '*company';
