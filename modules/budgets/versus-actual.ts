/** Budget against actual: the ledger's profit and loss beside the budget, per account and month. */
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, notFound } from '@api/errors';
import { profitAndLoss } from '../ledger';
import { budgetMessages, isFavourable, MAX_REPORT_MONTHS, variancePercent, type BudgetAccountType, type VarianceJson, type VersusActualJson, type VersusActualRowJson } from './contract';
import { budgetLines, budgets } from './schema';
import { loadRefs, isBudgetType, resolveRange, monthSegments, prorate, type Refs } from './budget-refs';

/** Income and expense actuals per account code for a period and cost center (with its sub-centers), natural sign, year-end closings left out. */
export async function actualsByAccount(db: Db, from: string, to: string, costCenter?: string): Promise<Map<string, bigint>> {
  const pl = await profitAndLoss(db, { from, to, costCenter });
  const out = new Map<string, bigint>();
  for (const r of [...pl.income.rows, ...pl.expenses.rows]) {
    if (!r.isGroup && r.amount !== '0') out.set(r.accountCode, BigInt(r.amount));
  }
  return out;
}

/** Budget per account code and month ('YYYY-MM') for the months a period touches, over a set of cost centers. */
export async function budgetByAccountMonth(db: Db, refs: Refs, from: string, to: string, scope: { centerIds: string[] | null; unassignedOnly?: boolean }): Promise<Map<string, Map<string, bigint>>> {
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

export function variance(type: BudgetAccountType, budget: bigint, actual: bigint): VarianceJson {
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
