/** The budget grid: one cost center's twelve months per account, and saving its cells. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, badRequest, notFound } from '@api/errors';
import { budgetMessages, yearMonths, type BudgetGridJson, type GridTotalsJson, type saveCellsInput } from './contract';
import { budgetLines, budgets } from './schema';
import { loadRefs, isBudgetType, accountProblem, costCenterProblem } from './budget-refs';
import { budgetJson, findBudget, ensureBudget } from './budget-crud';

export const zeros = () => Array.from({ length: 12 }, () => 0n);
export const sumOf = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);
export const totalsJson = (months: bigint[]): GridTotalsJson => ({ months: months.map(String), total: sumOf(months).toString() });

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

export type Cell = { accountId: string; costCenterId: string | null; month: string; amount: bigint };

/** Writes cells into a budget: zero deletes, anything else inserts or overwrites. Inside the caller's transaction. */
export async function writeCells(tx: Db, budgetId: string, cells: Cell[], userId: string | null): Promise<{ saved: number; removed: number }> {
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
