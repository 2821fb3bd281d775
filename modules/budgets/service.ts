/**
 * Budgets and cost-center reporting. Budget amounts live in budget_lines (one row per account, cost
 * center and month); actuals always come from the ledger's reports, which read its precomputed
 * balances — so a budget-against-actual figure and the profit and loss for the same period and cost
 * center agree to the fil, and drill-downs use the ledger's own general ledger.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, badRequest, conflict, notFound, unprocessable } from '@api/errors';
import { addMonths, daysBetween, monthEnd, monthStart, todayInDubai } from '../platform/dates';
import { divideHalfEven } from '../platform/money';
import { generalLedger, profitAndLoss } from '../ledger';
// Not (yet) exported from modules/ledger/index.ts; see the report to the lead.
import { listAccounts, listCostCenters } from '../ledger/service';
import {
  adjustByBps,
  budgetMessages,
  budgetName,
  COMPANY_KEY,
  isFavourable,
  MAX_REPORT_COST_CENTERS,
  MAX_REPORT_MONTHS,
  parseBudgetCsv,
  percentToBps,
  UNASSIGNED_KEY,
  variancePercent,
  yearMonths,
  type BudgetAccountType,
  type BudgetGridJson,
  type BudgetJson,
  type copyBudgetInput,
  type CostCenterLinesJson,
  type CostCenterReportJson,
  type CsvRowError,
  type GridTotalsJson,
  type ImportCsvJson,
  type ImportPreviewRow,
  type ReportColumnJson,
  type saveCellsInput,
  type VarianceJson,
  type VersusActualJson,
  type VersusActualRowJson,
} from './contract';
import { budgetLines, budgets } from './schema';

type Account = { id: string; code: string; name: string; type: string; isGroup: boolean; archived: boolean };
type CostCenter = { id: string; code: string; name: string; kind: string; parent: string | null; archived: boolean };

/** The chart and the cost centers, indexed both ways. */
type Refs = {
  accountsByCode: Map<string, Account>;
  accountsById: Map<string, Account>;
  centersByCode: Map<string, CostCenter>;
  centersById: Map<string, CostCenter>;
  /** Cost center code → codes of the center and everything beneath it. */
  subtree: (code: string) => string[];
};

async function loadRefs(db: Db): Promise<Refs> {
  const [accounts, centers] = await Promise.all([listAccounts(db), listCostCenters(db)]);
  const accountsByCode = new Map<string, Account>();
  const accountsById = new Map<string, Account>();
  for (const a of accounts) {
    const acc = { id: a.id, code: a.code, name: a.name, type: a.type, isGroup: a.isGroup, archived: a.archived };
    accountsByCode.set(a.code, acc);
    accountsById.set(a.id, acc);
  }
  const centersByCode = new Map<string, CostCenter>();
  const centersById = new Map<string, CostCenter>();
  const children = new Map<string, string[]>();
  for (const c of centers) {
    const cc = { id: c.id, code: c.code, name: c.name, kind: c.kind, parent: c.parent, archived: c.archived };
    centersByCode.set(c.code, cc);
    centersById.set(c.id, cc);
    if (c.parent) children.set(c.parent, [...(children.get(c.parent) ?? []), c.code]);
  }
  const subtree = (code: string) => {
    const out = [code];
    for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
    return out;
  };
  return { accountsByCode, accountsById, centersByCode, centersById, subtree };
}

const isBudgetType = (t: string): t is BudgetAccountType => t === 'income' || t === 'expense';

/** Why an account can't take a budget amount, or null. Archived accounts may still be cleared (amount 0). */
function accountProblem(refs: Refs, code: string, amount: bigint): string | null {
  const a = refs.accountsByCode.get(code);
  if (!a) return budgetMessages.accountNotFound(code);
  if (a.isGroup) return budgetMessages.accountIsGroup(a.code, a.name);
  if (!isBudgetType(a.type)) return budgetMessages.accountNotPandL(a.code, a.name, a.type);
  if (a.archived && amount !== 0n) return budgetMessages.accountArchived(a.code, a.name);
  return null;
}

function costCenterProblem(refs: Refs, code: string | null, amount: bigint): string | null {
  if (!code) return null;
  const c = refs.centersByCode.get(code);
  if (!c) return budgetMessages.costCenterNotFound(code);
  if (c.archived && amount !== 0n) return budgetMessages.costCenterArchived(code);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Dates

const daysInclusive = (from: string, to: string) => daysBetween(from, to) + 1;
const nextMonthStart = (d: string) => addMonths(monthStart(d), 1);
const shiftYear = (firstOfMonth: string, years: number) => addMonths(firstOfMonth, 12 * years);

function resolveRange(q: { from?: string; to?: string }): { from: string; to: string } {
  const to = q.to ?? todayInDubai();
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw badRequest(budgetMessages.dateRange, 'invalid_range');
  return { from, to };
}

type Segment = { month: string; from: string; to: string; days: number; monthDays: number };

/** [from, to] cut at month boundaries: whole months, and part months at either end. */
function monthSegments(from: string, to: string): Segment[] {
  const out: Segment[] = [];
  let start = from;
  while (start <= to) {
    const end = monthEnd(start) < to ? monthEnd(start) : to;
    const first = monthStart(start);
    out.push({ month: start.slice(0, 7), from: start, to: end, days: daysInclusive(start, end), monthDays: daysInclusive(first, monthEnd(first)) });
    start = nextMonthStart(start);
  }
  return out;
}

/** A month's budget for the part of it inside a period: by days, half to even. Whole months are exact. */
const prorate = (amount: bigint, s: Segment) => (s.days === s.monthDays ? amount : divideHalfEven(amount * BigInt(s.days), BigInt(s.monthDays)));

// ---------------------------------------------------------------------------------------------
// Budgets

type BudgetRow = typeof budgets.$inferSelect;

async function budgetJson(db: Db, b: BudgetRow, refs?: Refs): Promise<BudgetJson> {
  const r = refs ?? (await loadRefs(db));
  const perAccount = await db
    .select({ accountId: budgetLines.accountId, amount: sql<string>`sum(${budgetLines.amount})::text`, cells: sql<number>`count(*)::int` })
    .from(budgetLines)
    .where(eq(budgetLines.budgetId, b.id))
    .groupBy(budgetLines.accountId);
  let income = 0n;
  let expense = 0n;
  let cells = 0;
  for (const l of perAccount) {
    const type = r.accountsById.get(l.accountId)?.type;
    if (type === 'income') income += BigInt(l.amount);
    else if (type === 'expense') expense += BigInt(l.amount);
    cells += Number(l.cells);
  }
  return {
    id: b.id,
    name: b.name,
    fiscalYear: b.fiscalYear,
    description: b.description,
    income: income.toString(),
    expense: expense.toString(),
    net: (income - expense).toString(),
    cells,
    updatedAt: b.updatedAt.toISOString(),
  };
}

async function findBudget(db: Db, year: number): Promise<BudgetRow | null> {
  const [b] = await db.select().from(budgets).where(eq(budgets.fiscalYear, year)).limit(1);
  return b ?? null;
}

async function requireBudget(db: Db, year: number): Promise<BudgetRow> {
  const b = await findBudget(db, year);
  if (!b) throw notFound(budgetMessages.budgetNotFound(year), 'budget_not_found');
  return b;
}

/** The year's budget, created under its default name ('FY2027') when there is none yet. */
async function ensureBudget(tx: Db, year: number, userId: string | null): Promise<BudgetRow> {
  const found = await findBudget(tx, year);
  if (found) return found;
  let name = budgetName(year);
  const [taken] = await tx.select({ id: budgets.id }).from(budgets).where(eq(budgets.name, name)).limit(1);
  if (taken) name = `${name} budget`;
  await tx.insert(budgets).values({ fiscalYear: year, name, createdBy: userId }).onConflictDoNothing();
  return (await findBudget(tx, year))!;
}

export async function listBudgets(db: Db): Promise<BudgetJson[]> {
  const refs = await loadRefs(db);
  const all = await db.select().from(budgets).orderBy(asc(budgets.fiscalYear));
  return Promise.all(all.map((b) => budgetJson(db, b, refs)));
}

export async function getBudget(db: Db, year: number): Promise<BudgetJson> {
  return budgetJson(db, await requireBudget(db, year));
}

export async function createBudget(db: Db, input: { fiscalYear: number; name?: string; description?: string }, userId: string | null): Promise<BudgetJson> {
  if (await findBudget(db, input.fiscalYear)) throw conflict(budgetMessages.budgetExists(input.fiscalYear), 'budget_exists');
  const name = input.name ?? budgetName(input.fiscalYear);
  const [taken] = await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.name, name)).limit(1);
  if (taken) throw conflict(budgetMessages.nameTaken(name), 'budget_name_taken');
  const [created] = await db.insert(budgets).values({ fiscalYear: input.fiscalYear, name, description: input.description ?? '', createdBy: userId }).returning();
  return budgetJson(db, created);
}

export async function updateBudget(db: Db, year: number, input: { name?: string; description?: string }): Promise<BudgetJson> {
  const b = await requireBudget(db, year);
  if (input.name && input.name !== b.name) {
    const [taken] = await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.name, input.name)).limit(1);
    if (taken) throw conflict(budgetMessages.nameTaken(input.name), 'budget_name_taken');
  }
  const [updated] = await db
    .update(budgets)
    .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}), updatedAt: new Date() })
    .where(eq(budgets.id, b.id))
    .returning();
  return budgetJson(db, updated);
}

export async function deleteBudget(db: Db, year: number): Promise<void> {
  const b = await requireBudget(db, year);
  await db.delete(budgets).where(eq(budgets.id, b.id));
}

// ---------------------------------------------------------------------------------------------
// The grid

const zeros = () => Array.from({ length: 12 }, () => 0n);
const sumOf = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);
const totalsJson = (months: bigint[]): GridTotalsJson => ({ months: months.map(String), total: sumOf(months).toString() });

/**
 * One cost center's twelve months for every income and expense posting account (active ones, and
 * archived ones that still hold an amount), with row, column and income/expense/net totals.
 * No cost center: the company-wide amounts that aren't assigned to one.
 */
export async function budgetGrid(db: Db, year: number, costCenterCode?: string): Promise<BudgetGridJson> {
  const refs = await loadRefs(db);
  const center = costCenterCode ? refs.centersByCode.get(costCenterCode) : null;
  if (costCenterCode && !center) throw notFound(budgetMessages.costCenterNotFound(costCenterCode), 'cost_center_not_found');
  const budget = await findBudget(db, year);
  const byAccount = new Map<string, bigint[]>();
  if (budget) {
    const lines = await db
      .select({ accountId: budgetLines.accountId, month: budgetLines.month, amount: budgetLines.amount })
      .from(budgetLines)
      .where(and(eq(budgetLines.budgetId, budget.id), center ? eq(budgetLines.costCenterId, center.id) : sql`${budgetLines.costCenterId} is null`));
    for (const l of lines) {
      const months = byAccount.get(l.accountId) ?? zeros();
      months[Number(l.month.slice(5, 7)) - 1] = BigInt(l.amount);
      byAccount.set(l.accountId, months);
    }
  }
  const rows: BudgetGridJson['rows'] = [];
  const income = zeros();
  const expense = zeros();
  for (const a of [...refs.accountsByCode.values()].sort((x, y) => (x.code < y.code ? -1 : 1))) {
    if (a.isGroup || !isBudgetType(a.type)) continue;
    const amounts = byAccount.get(a.id);
    if (a.archived && !amounts) continue;
    const months = amounts ?? zeros();
    const into = a.type === 'income' ? income : expense;
    months.forEach((v, i) => (into[i] += v));
    rows.push({ accountCode: a.code, accountName: a.name, accountType: a.type, archived: a.archived, amounts: months.map(String), total: sumOf(months).toString() });
  }
  return {
    year,
    budget: budget ? await budgetJson(db, budget, refs) : null,
    costCenter: center ? { code: center.code, name: center.name } : null,
    months: yearMonths(year),
    rows,
    totals: { income: totalsJson(income), expense: totalsJson(expense), net: totalsJson(income.map((v, i) => v - expense[i])) },
  };
}

type Cell = { accountId: string; costCenterId: string | null; month: string; amount: bigint };

/** Writes cells into a budget: zero deletes, anything else inserts or overwrites. Inside the caller's transaction. */
async function writeCells(tx: Db, budgetId: string, cells: Cell[], userId: string | null): Promise<{ saved: number; removed: number }> {
  const upserts = cells.filter((c) => c.amount !== 0n);
  const deletes = cells.filter((c) => c.amount === 0n);
  let removed = 0;
  for (let i = 0; i < deletes.length; i += 500) {
    const chunk = deletes.slice(i, i + 500);
    const tuples = sql.join(
      chunk.map((c) => sql`(${c.accountId}::uuid, ${c.costCenterId ?? ''}, ${c.month}::date)`),
      sql`, `,
    );
    const result = await tx
      .delete(budgetLines)
      .where(and(eq(budgetLines.budgetId, budgetId), sql`(${budgetLines.accountId}, coalesce(${budgetLines.costCenterId}::text, ''), ${budgetLines.month}) in (${tuples})`))
      .returning({ id: budgetLines.id });
    removed += result.length;
  }
  const now = new Date();
  for (let i = 0; i < upserts.length; i += 1000) {
    const chunk = upserts.slice(i, i + 1000);
    await tx
      .insert(budgetLines)
      .values(chunk.map((c) => ({ budgetId, accountId: c.accountId, costCenterId: c.costCenterId, month: c.month, amount: c.amount, updatedBy: userId, updatedAt: now })))
      .onConflictDoUpdate({
        target: [budgetLines.budgetId, budgetLines.accountId, budgetLines.costCenterId, budgetLines.month],
        set: { amount: sql`excluded.amount`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
      });
  }
  await tx.update(budgets).set({ updatedAt: now }).where(eq(budgets.id, budgetId));
  return { saved: upserts.length, removed };
}

export type CellError = { index: number; message: string };

/**
 * Saves many grid cells in one transaction: every cell is checked first, and if any is wrong nothing
 * is saved (400 with one message per wrong cell). A cell sent with `previous` (what the screen loaded)
 * is refused with 409 if someone else changed it since, so two people can't silently overwrite each other.
 */
export async function saveCells(db: Db, year: number, input: z.output<typeof saveCellsInput>, userId: string | null) {
  const refs = await loadRefs(db);
  const errors: CellError[] = [];
  const cells: (Cell & { previous?: bigint | null })[] = [];
  const seen = new Map<string, number>();
  input.cells.forEach((c, index) => {
    const costCenter = c.costCenter ?? null;
    const problem =
      (c.month.startsWith(`${year}-`) ? null : budgetMessages.monthOutsideYear(c.month, year)) ??
      accountProblem(refs, c.accountCode, c.amount) ??
      costCenterProblem(refs, costCenter, c.amount);
    const key = `${c.accountCode}|${costCenter ?? ''}|${c.month}`;
    const first = seen.get(key);
    if (problem) errors.push({ index, message: problem });
    else if (first !== undefined) errors.push({ index, message: budgetMessages.duplicateCell(first) });
    else {
      seen.set(key, index);
      cells.push({
        accountId: refs.accountsByCode.get(c.accountCode)!.id,
        costCenterId: costCenter ? refs.centersByCode.get(costCenter)!.id : null,
        month: `${c.month}-01`,
        amount: c.amount,
        previous: c.previous,
      });
    }
  });
  if (errors.length) throw badRequest(budgetMessages.cellsInvalid(errors.length), 'invalid_cells', { errors });

  return db.transaction(async (tx) => {
    const budget = await ensureBudget(tx, year, userId);
    const checked = cells.filter((c) => c.previous !== undefined && c.previous !== null);
    if (checked.length) {
      const current = await tx
        .select({ accountId: budgetLines.accountId, costCenterId: budgetLines.costCenterId, month: budgetLines.month, amount: budgetLines.amount })
        .from(budgetLines)
        .where(and(eq(budgetLines.budgetId, budget.id), inArray(budgetLines.accountId, [...new Set(checked.map((c) => c.accountId))])))
        .for('update');
      const stored = new Map(current.map((r) => [`${r.accountId}|${r.costCenterId ?? ''}|${r.month}`, BigInt(r.amount)]));
      const changed = checked.filter((c) => (stored.get(`${c.accountId}|${c.costCenterId ?? ''}|${c.month}`) ?? 0n) !== c.previous);
      if (changed.length) {
        const label = (c: Cell) => `${refs.accountsById.get(c.accountId)?.code} ${c.month.slice(0, 7)}`;
        throw new AppError(
          409,
          'budget_changed',
          `Someone else changed ${changed.length === 1 ? 'a cell' : `${changed.length} cells`} you edited (${changed.slice(0, 3).map(label).join(', ')}${changed.length > 3 ? ', …' : ''}) since you loaded the budget. Reload to see their amounts, then make your change again.`,
        );
      }
    }
    const { saved, removed } = await writeCells(tx, budget.id, cells, userId);
    const fresh = (await findBudget(tx, year))!;
    return {
      success: true as const,
      message: `Saved ${cells.length} ${cells.length === 1 ? 'cell' : 'cells'} of the ${fresh.name} budget.`,
      saved,
      removed,
      budget: await budgetJson(tx, fresh, refs),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Copy from last year

/**
 * Copies last year's budget into this year, month for month, every amount adjusted by a percentage
 * and rounded half to even (once per cell). Amounts on accounts or cost centers archived since are
 * left out and counted. Refuses (409) when this year already has amounts unless told to replace them.
 */
export async function copyFromLastYear(db: Db, year: number, input: z.output<typeof copyBudgetInput>, userId: string | null) {
  const bps = input.adjustPercent ? percentToBps(input.adjustPercent)! : 0n;
  const refs = await loadRefs(db);
  const source = await findBudget(db, year - 1);
  if (!source) throw unprocessable(budgetMessages.noSourceBudget(year - 1), 'no_source_budget');
  return db.transaction(async (tx) => {
    const lines = await tx.select().from(budgetLines).where(eq(budgetLines.budgetId, source.id));
    if (lines.length === 0) throw unprocessable(budgetMessages.sourceEmpty(year - 1), 'source_empty');
    const target = await ensureBudget(tx, year, userId);
    const [existing] = await tx.select({ id: budgetLines.id }).from(budgetLines).where(eq(budgetLines.budgetId, target.id)).limit(1);
    if (existing && !input.replace) throw conflict(budgetMessages.targetNotEmpty(year), 'budget_not_empty');
    if (existing) await tx.delete(budgetLines).where(eq(budgetLines.budgetId, target.id));
    const cells: Cell[] = [];
    let skipped = 0;
    for (const l of lines) {
      const account = refs.accountsById.get(l.accountId);
      const center = l.costCenterId ? refs.centersById.get(l.costCenterId) : null;
      if (!account || account.archived || (l.costCenterId && (!center || center.archived))) {
        skipped += 1;
        continue;
      }
      const amount = adjustByBps(BigInt(l.amount), bps);
      if (amount === 0n) continue;
      cells.push({ accountId: l.accountId, costCenterId: l.costCenterId, month: shiftYear(l.month, 1), amount });
    }
    await writeCells(tx, target.id, cells, userId);
    const fresh = (await findBudget(tx, year))!;
    const pct = input.adjustPercent && bps !== 0n ? ` adjusted by ${bps > 0n ? '+' : ''}${input.adjustPercent}%` : '';
    return {
      success: true as const,
      message: `Copied ${cells.length} ${cells.length === 1 ? 'amount' : 'amounts'} from ${source.name} into ${fresh.name}${pct}.${skipped ? ` ${skipped} on archived accounts or cost centers were left out.` : ''}`,
      copied: cells.length,
      skipped,
      budget: await budgetJson(tx, fresh, refs),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// CSV import

/**
 * Imports a budget CSV (format in contract.ts): every row is checked — format, then that the account
 * is an active income or expense posting account and the cost center exists — and any error answers
 * 400 with the list of row errors and nothing saved. Otherwise each row's twelve months are written in
 * one transaction. `dryRun` answers the same without saving (the screen's preview).
 */
export async function importCsv(db: Db, year: number, input: { csv: string; dryRun: boolean }, userId: string | null): Promise<ImportCsvJson> {
  const parsed = parseBudgetCsv(input.csv);
  const refs = await loadRefs(db);
  const errors: CsvRowError[] = [...parsed.errors];
  for (const r of parsed.rows) {
    const nonZero = r.amounts.some((a) => a !== 0n) ? 1n : 0n;
    const a = accountProblem(refs, r.accountCode, nonZero);
    if (a) errors.push({ line: r.line, column: 'account_code', message: a });
    const c = costCenterProblem(refs, r.costCenter, nonZero);
    if (c) errors.push({ line: r.line, column: 'cost_center_code', message: c });
  }
  if (errors.length) {
    errors.sort((x, y) => x.line - y.line);
    throw badRequest(budgetMessages.csvInvalid(errors.length), 'invalid_csv', { errors: errors.slice(0, 500) });
  }
  const months = yearMonths(year);
  const preview: ImportPreviewRow[] = parsed.rows.map((r) => ({
    line: r.line,
    accountCode: r.accountCode,
    accountName: refs.accountsByCode.get(r.accountCode)!.name,
    costCenter: r.costCenter,
    amounts: r.amounts.map(String),
    total: sumOf(r.amounts).toString(),
  }));
  const rowsText = `${parsed.rows.length} ${parsed.rows.length === 1 ? 'row' : 'rows'}`;
  if (input.dryRun) {
    const existing = await findBudget(db, year);
    return { success: true, dryRun: true, message: `${rowsText} ready to import into ${existing?.name ?? budgetName(year)}.`, rows: preview, imported: 0, budget: existing ? await budgetJson(db, existing, refs) : null };
  }
  return db.transaction(async (tx) => {
    const budget = await ensureBudget(tx, year, userId);
    const cells: Cell[] = parsed.rows.flatMap((r) =>
      r.amounts.map((amount, m) => ({
        accountId: refs.accountsByCode.get(r.accountCode)!.id,
        costCenterId: r.costCenter ? refs.centersByCode.get(r.costCenter)!.id : null,
        month: `${months[m]}-01`,
        amount,
      })),
    );
    await writeCells(tx, budget.id, cells, userId);
    const fresh = (await findBudget(tx, year))!;
    return { success: true, dryRun: false, message: `Imported ${rowsText} into ${fresh.name}.`, rows: preview, imported: parsed.rows.length, budget: await budgetJson(tx, fresh, refs) };
  });
}

// ---------------------------------------------------------------------------------------------
// Actuals, from the ledger's reports

/** Income and expense actuals per account code for a period and cost center (with its sub-centers), natural sign, year-end closings left out. */
async function actualsByAccount(db: Db, from: string, to: string, costCenter?: string): Promise<Map<string, bigint>> {
  const pl = await profitAndLoss(db, { from, to, costCenter });
  const out = new Map<string, bigint>();
  for (const r of [...pl.income.rows, ...pl.expenses.rows]) {
    if (!r.isGroup && r.amount !== '0') out.set(r.accountCode, BigInt(r.amount));
  }
  return out;
}

/** Budget per account code and month ('YYYY-MM') for the months a period touches, over a set of cost centers. */
async function budgetByAccountMonth(db: Db, refs: Refs, from: string, to: string, scope: { centerIds: string[] | null; unassignedOnly?: boolean }): Promise<Map<string, Map<string, bigint>>> {
  const out = new Map<string, Map<string, bigint>>();
  if (scope.centerIds && scope.centerIds.length === 0) return out;
  const lines = await db
    .select({ accountId: budgetLines.accountId, month: budgetLines.month, amount: sql<string>`sum(${budgetLines.amount})::text` })
    .from(budgetLines)
    .where(
      and(
        sql`${budgetLines.month} between ${`${from.slice(0, 7)}-01`} and ${to}`,
        scope.unassignedOnly ? sql`${budgetLines.costCenterId} is null` : scope.centerIds ? inArray(budgetLines.costCenterId, scope.centerIds) : undefined,
      ),
    )
    .groupBy(budgetLines.accountId, budgetLines.month);
  for (const l of lines) {
    const code = refs.accountsById.get(l.accountId)?.code;
    if (!code) continue;
    const byMonth = out.get(code) ?? new Map<string, bigint>();
    byMonth.set(l.month.slice(0, 7), BigInt(l.amount));
    out.set(code, byMonth);
  }
  return out;
}

function variance(type: BudgetAccountType, budget: bigint, actual: bigint): VarianceJson {
  const v = actual - budget;
  return { budget: budget.toString(), actual: actual.toString(), variance: v.toString(), variancePercent: variancePercent(actual, budget), favourable: isFavourable(type, v) };
}

/**
 * Budget against actual for any period, for the whole company or one cost center with its
 * sub-centers. Actuals come from the ledger's profit and loss month by month (so they match it to the
 * fil); budgets count whole months, and a part month at either end counts its share by days.
 */
export async function versusActual(db: Db, q: { from?: string; to?: string; costCenter?: string }): Promise<VersusActualJson> {
  const { from, to } = resolveRange(q);
  const segments = monthSegments(from, to);
  if (segments.length > MAX_REPORT_MONTHS) throw badRequest(budgetMessages.periodTooLong, 'period_too_long');
  const refs = await loadRefs(db);
  const center = q.costCenter ? refs.centersByCode.get(q.costCenter) : null;
  if (q.costCenter && !center) throw notFound(budgetMessages.costCenterNotFound(q.costCenter), 'cost_center_not_found');
  const centerIds = center ? refs.subtree(center.code).map((c) => refs.centersByCode.get(c)!.id) : null;

  const [actualSegments, budgetMap, used] = await Promise.all([
    Promise.all(segments.map((s) => actualsByAccount(db, s.from, s.to, center?.code))),
    budgetByAccountMonth(db, refs, from, to, { centerIds }),
    db
      .select({ fiscalYear: budgets.fiscalYear, name: budgets.name })
      .from(budgets)
      .where(sql`${budgets.fiscalYear} between ${Number(from.slice(0, 4))} and ${Number(to.slice(0, 4))}`)
      .orderBy(asc(budgets.fiscalYear)),
  ]);

  const codes = new Set<string>([...budgetMap.keys(), ...actualSegments.flatMap((m) => [...m.keys()])]);
  const rows: VersusActualRowJson[] = [];
  const tot = { income: { b: 0n, a: 0n }, expense: { b: 0n, a: 0n } };
  const monthly = segments.map(() => ({ income: { b: 0n, a: 0n }, expense: { b: 0n, a: 0n } }));
  for (const code of [...codes].sort()) {
    const account = refs.accountsByCode.get(code);
    if (!account || !isBudgetType(account.type)) continue;
    const type = account.type;
    let budget = 0n;
    let actual = 0n;
    segments.forEach((s, i) => {
      const b = prorate(budgetMap.get(code)?.get(s.month) ?? 0n, s);
      const a = actualSegments[i].get(code) ?? 0n;
      budget += b;
      actual += a;
      monthly[i][type].b += b;
      monthly[i][type].a += a;
    });
    tot[type].b += budget;
    tot[type].a += actual;
    rows.push({ accountCode: code, accountName: account.name, accountType: type, ...variance(type, budget, actual) });
  }
  return {
    from,
    to,
    costCenter: center ? { code: center.code, name: center.name } : null,
    budgets: used,
    rows,
    totals: {
      income: variance('income', tot.income.b, tot.income.a),
      expense: variance('expense', tot.expense.b, tot.expense.a),
      net: variance('income', tot.income.b - tot.expense.b, tot.income.a - tot.expense.a),
    },
    months: segments.map((s, i) => ({
      month: s.month,
      from: s.from,
      to: s.to,
      income: variance('income', monthly[i].income.b, monthly[i].income.a),
      expense: variance('expense', monthly[i].expense.b, monthly[i].expense.a),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Cost-center reports

/**
 * Actuals by account for each chosen cost center (each with its sub-centers), beside the amounts not
 * assigned to any cost center and the whole company, with each column's budget for the same period.
 * Every figure is the ledger's profit and loss for that cost center, so a column agrees with it.
 */
export async function costCenterReport(db: Db, q: { from?: string; to?: string; costCenters?: string }): Promise<CostCenterReportJson> {
  const { from, to } = resolveRange(q);
  const refs = await loadRefs(db);
  const all = [...refs.centersByCode.values()];
  const roots = all.filter((c) => !c.parent || !refs.centersByCode.has(c.parent));
  let selected: CostCenter[];
  if (q.costCenters) {
    const codes = [...new Set(q.costCenters.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean))];
    const unknown = codes.filter((c) => !refs.centersByCode.has(c));
    if (unknown.length) throw notFound(unknown.map(budgetMessages.costCenterNotFound).join(' '), 'cost_center_not_found');
    selected = codes.map((c) => refs.centersByCode.get(c)!);
  } else selected = roots.filter((c) => !c.archived).sort((a, b) => (a.code < b.code ? -1 : 1));
  if (selected.length > MAX_REPORT_COST_CENTERS) throw badRequest(budgetMessages.tooManyCostCenters, 'too_many_cost_centers');

  const needed = new Set([...selected.map((c) => c.code), ...roots.map((c) => c.code)]);
  const actualEntries = await Promise.all([...needed].map(async (code) => [code, await actualsByAccount(db, from, to, code)] as const));
  const actual = new Map(actualEntries);
  const company = await actualsByAccount(db, from, to);
  const unassigned = new Map(company);
  for (const r of roots) for (const [code, v] of actual.get(r.code)!) unassigned.set(code, (unassigned.get(code) ?? 0n) - v);

  const segments = monthSegments(from, to);
  const budgetTotals = async (scope: { centerIds: string[] | null; unassignedOnly?: boolean }) => {
    const map = await budgetByAccountMonth(db, refs, from, to, scope);
    const t = { income: 0n, expense: 0n };
    for (const [code, byMonth] of map) {
      const type = refs.accountsByCode.get(code)?.type;
      if (!type || !isBudgetType(type)) continue;
      for (const s of segments) t[type] += prorate(byMonth.get(s.month) ?? 0n, s);
    }
    return t;
  };

  const columns: ReportColumnJson[] = selected.map((c) => ({
    key: c.code,
    code: c.code,
    label: c.name,
    kind: 'cost-center',
    costCenterKind: c.kind,
    subCenters: refs.subtree(c.code).length - 1,
    drillable: true,
  }));
  columns.push({ key: UNASSIGNED_KEY, code: null, label: 'No cost center', kind: 'unassigned', subCenters: 0, drillable: false });
  columns.push({ key: COMPANY_KEY, code: null, label: 'Whole company', kind: 'company', subCenters: 0, drillable: true });
  const values = new Map<string, Map<string, bigint>>([...selected.map((c) => [c.code, actual.get(c.code)!] as const), [UNASSIGNED_KEY, unassigned], [COMPANY_KEY, company]]);
  const budgetsByColumn = await Promise.all(
    columns.map((c) =>
      c.kind === 'company'
        ? budgetTotals({ centerIds: null })
        : c.kind === 'unassigned'
          ? budgetTotals({ centerIds: null, unassignedOnly: true })
          : budgetTotals({ centerIds: refs.subtree(c.code!).map((x) => refs.centersByCode.get(x)!.id) }),
    ),
  );

  const codes = new Set<string>();
  for (const m of values.values()) for (const [code, v] of m) if (v !== 0n) codes.add(code);
  const accounts = [...codes]
    .sort()
    .map((code) => refs.accountsByCode.get(code))
    .filter((a): a is Account => !!a && isBudgetType(a.type))
    .map((a) => ({ accountCode: a.code, accountName: a.name, accountType: a.type as BudgetAccountType }));
  const cells: CostCenterReportJson['cells'] = {};
  for (const a of accounts) {
    cells[a.accountCode] = {};
    for (const c of columns) cells[a.accountCode][c.key] = (values.get(c.key)!.get(a.accountCode) ?? 0n).toString();
  }
  const totals: CostCenterReportJson['totals'] = {};
  columns.forEach((c, i) => {
    let income = 0n;
    let expense = 0n;
    for (const a of accounts) {
      const v = values.get(c.key)!.get(a.accountCode) ?? 0n;
      if (a.accountType === 'income') income += v;
      else expense += v;
    }
    totals[c.key] = { income: income.toString(), expense: expense.toString(), net: (income - expense).toString(), budgetIncome: budgetsByColumn[i].income.toString(), budgetExpense: budgetsByColumn[i].expense.toString() };
  });
  const selectedCodes = new Set(selected.map((c) => c.code));
  const disjoint = selected.every((c) => refs.subtree(c.code).every((d) => d === c.code || !selectedCodes.has(d)));
  return { from, to, columns, accounts, cells, totals, disjoint };
}

/**
 * The journal lines behind one cell of the cost-center report: the ledger's general ledger for the
 * account, the cost center (with its sub-centers; none for the whole company) and the period.
 * Year-end closing lines are listed but, as in the report, not counted in `amount`.
 */
export async function costCenterLines(db: Db, q: { from?: string; to?: string; costCenter?: string; account: string; limit: number; offset: number }): Promise<CostCenterLinesJson> {
  const { from, to } = resolveRange(q);
  const refs = await loadRefs(db);
  const account = refs.accountsByCode.get(q.account);
  if (!account) throw notFound(budgetMessages.accountNotFound(q.account), 'account_not_found');
  const center = q.costCenter ? refs.centersByCode.get(q.costCenter) : null;
  if (q.costCenter && !center) throw notFound(budgetMessages.costCenterNotFound(q.costCenter), 'cost_center_not_found');
  const [gl, actuals] = await Promise.all([
    generalLedger(db, { from, to, costCenter: center?.code, account: account.code, limit: q.limit, offset: q.offset }),
    actualsByAccount(db, from, to, center?.code),
  ]);
  return {
    from,
    to,
    costCenter: center ? { code: center.code, name: center.name } : null,
    account: { code: account.code, name: account.name, type: account.type },
    amount: (actuals.get(account.code) ?? 0n).toString(),
    totals: gl.totals,
    lines: gl.lines.map((l) => ({
      date: l.date,
      entryId: l.entryId,
      entryNumber: l.entryNumber,
      kind: l.kind,
      memo: l.memo,
      lineMemo: l.lineMemo,
      debit: l.debit,
      credit: l.credit,
      costCenter: l.costCenter,
      property: l.property,
      source: l.source,
    })),
    page: gl.page,
  };
}
