/** Copy from last year: this year's budget from last year's, adjusted by a percentage. */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { conflict, unprocessable } from '@api/errors';
import { adjustByBps, budgetMessages, percentToBps, type copyBudgetInput } from './contract';
import { budgetLines } from './schema';
import { loadRefs, shiftYear } from './budget-refs';
import { budgetJson, findBudget, ensureBudget } from './budget-crud';
import { writeCells, type Cell } from './budget-grid';

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
