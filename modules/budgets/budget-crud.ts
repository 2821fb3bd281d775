/** A fiscal year's budget: list, read, create, rename and delete. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { conflict, notFound } from '@api/errors';
import { budgetMessages, budgetName, type BudgetJson } from './contract';
import { budgetLines, budgets } from './schema';
import { loadRefs, type Refs } from './budget-refs';

export type BudgetRow = typeof budgets.$inferSelect;

export async function budgetJson(db: Db, b: BudgetRow, refs?: Refs): Promise<BudgetJson> {
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

export async function findBudget(db: Db, year: number): Promise<BudgetRow | null> {
  const [b] = await db.select().from(budgets).where(eq(budgets.fiscalYear, year)).limit(1);
  return b ?? null;
}

export async function requireBudget(db: Db, year: number): Promise<BudgetRow> {
  const b = await findBudget(db, year);
  if (!b) throw notFound(budgetMessages.budgetNotFound(year), 'budget_not_found');
  return b;
}

/** The year's budget, created under its default name ('FY2027') when there is none yet. */
export async function ensureBudget(tx: Db, year: number, userId: string | null): Promise<BudgetRow> {
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
