/**
 * Demo data for the budget-against-actual dashboard: this year's budget, written through the budgets module, for
 * every income and expense account the demo books used in the last three whole months — each month budgeted at
 * that average rounded to 100 AED, so a fresh demo shows real variances. Skipped when this year has a budget.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { saveCells, saveCellsInput } from '@modules/budgets';
import { createBudget } from '@modules/budgets/budget-crud';
import { budgets } from '@modules/budgets/schema';
import { profitAndLoss } from '@modules/ledger';
import { addDays, addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { divideHalfEven } from '@modules/platform/money';

const ROUND = 10_000n; // 100 AED in fils

export async function seedDemoBudget(db: Db, opts: { today?: string } = {}): Promise<{ cells: number }> {
  const today = opts.today ?? todayInDubai();
  const year = Number(today.slice(0, 4));
  if ((await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.fiscalYear, year)).limit(1)).length) return { cells: 0 };
  const thisMonth = monthStart(today);
  const pl = await profitAndLoss(db, { from: addMonths(thisMonth, -3), to: addDays(thisMonth, -1) });
  const cells: { accountCode: string; month: string; amount: string }[] = [];
  for (const r of [...pl.income.rows, ...pl.expenses.rows]) {
    if (r.isGroup || r.amount === '0') continue;
    const monthly = divideHalfEven(divideHalfEven(BigInt(r.amount), 3n), ROUND) * ROUND;
    if (monthly === 0n) continue;
    for (let m = 1; m <= 12; m++) cells.push({ accountCode: r.accountCode, month: `${year}-${String(m).padStart(2, '0')}`, amount: monthly.toString() });
  }
  if (!cells.length) return { cells: 0 };
  await createBudget(db, { fiscalYear: year, description: 'Demo budget: each month at the average of the last three months before it was made.' }, null);
  await saveCells(db, year, saveCellsInput.parse({ cells }), null);
  return { cells: cells.length };
}
