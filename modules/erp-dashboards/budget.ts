/**
 * Budget against actual: the budgets module's own report (its lines beside the ledger's profit and loss, month by
 * month, a part month counted by days), with each account's drill-down into the ledger. Budgets hold at most 36
 * months in one report; a longer dashboard period shows its last 36 months.
 */
import type { Db } from '@db/client';
import { MAX_REPORT_MONTHS, versusActual } from '@modules/budgets';
import { addMonths, monthStart } from '@modules/platform/dates';
import type { BudgetDashboardJson, PeriodQuery } from './contract';
import { monthsOf, resolvePeriod } from './period';

export async function budgetDashboard(db: Db, q: PeriodQuery, today?: string): Promise<BudgetDashboardJson> {
  const period = resolvePeriod(q, today);
  const { to } = period;
  const earliest = addMonths(monthStart(to), -(MAX_REPORT_MONTHS - 1));
  const from = period.from < earliest ? earliest : period.from;
  const report = await versusActual(db, { from, to });
  return {
    period: { from, to, months: monthsOf(from, to) },
    budgets: report.budgets,
    rows: report.rows.map((r) => ({ ...r, drill: { account: r.accountCode, from, to } })),
    totals: report.totals,
    months: report.months,
  };
}
