/**
 * Payroll cost: the payroll expense accounts (the 6100 group: salaries, allowances, gratuity, pension) by account,
 * by cost center and by month, from the ledger — the payroll journal posts them by cost center — and headcount from
 * the payroll module's employees (employed on a day: joined on or before it, not yet left).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { profitAndLoss } from '@modules/ledger';
import { rows } from '@modules/ledger/sql';
import { monthEnd } from '@modules/platform/dates';
import type { PayrollDashboardJson, PeriodQuery } from './contract';
import { loadChart, monthlyMovements } from './ledger-reads';
import { monthWithin, resolvePeriod } from './period';

export const PAYROLL_GROUP = '6100';
const NONE = '';

export async function payrollDashboard(db: Db, q: PeriodQuery, today?: string): Promise<PayrollDashboardJson> {
  const { from, to, months } = resolvePeriod(q, today);
  const chart = await loadChart(db);
  const accounts = chart.descendants(PAYROLL_GROUP);
  const codes = accounts.map((a) => a.code);
  const [pl, moves, centers, employees] = await Promise.all([
    profitAndLoss(db, { from, to }),
    monthlyMovements(db, from, to, { excludeClosing: true, codes }),
    rows<{ code: string; name: string }>(db, sql`select code, name from ledger_cost_centers`),
    rows<{ cost_center: string | null; joined_on: string; left_on: string | null }>(
      db,
      sql`select cost_center, joined_on::text, left_on::text from payroll_employees where joined_on <= ${to}`,
    ),
  ]);
  const centerName = new Map(centers.map((c) => [c.code, c.name]));
  const plByCode = new Map(pl.expenses.rows.map((r) => [r.accountCode, r.amount]));
  const drill = (extra: { costCenter?: string; from?: string; to?: string } = {}) => ({ account: PAYROLL_GROUP, from, to, ...extra });

  const byCenter = new Map<string, bigint>();
  const monthly = new Map(months.map((m) => [m, { amount: 0n, byCostCenter: new Map<string, bigint>() }]));
  for (const r of moves) {
    const net = r.debit - r.credit;
    const cc = r.costCenter ?? NONE;
    byCenter.set(cc, (byCenter.get(cc) ?? 0n) + net);
    const m = monthly.get(r.month);
    if (!m) continue;
    m.amount += net;
    m.byCostCenter.set(cc, (m.byCostCenter.get(cc) ?? 0n) + net);
  }

  const employedOn = (day: string) => employees.filter((e) => e.joined_on <= day && (!e.left_on || e.left_on >= day));
  const active = employedOn(to);
  const headByCenter = new Map<string, number>();
  for (const e of active) headByCenter.set(e.cost_center ?? NONE, (headByCenter.get(e.cost_center ?? NONE) ?? 0) + 1);
  const label = (cc: string) => (cc === NONE ? 'No cost center' : (centerName.get(cc) ?? cc));

  return {
    period: { from, to, months },
    total: { amount: plByCode.get(PAYROLL_GROUP) ?? '0', drill: drill() },
    byAccount: accounts.map((a) => ({ accountCode: a.code, accountName: a.name, amount: plByCode.get(a.code) ?? '0', drill: { account: a.code, from, to } })),
    byCostCenter: [...byCenter]
      .filter(([, amount]) => amount !== 0n)
      .sort(([a, x], [b, y]) => (x === y ? a.localeCompare(b) : y > x ? 1 : -1))
      .map(([cc, amount]) => ({ costCenter: cc === NONE ? null : cc, name: label(cc), amount: amount.toString(), drill: cc === NONE ? drill() : drill({ costCenter: cc }) })),
    months: months.map((month) => {
      const m = monthly.get(month)!;
      return {
        month,
        amount: m.amount.toString(),
        byCostCenter: Object.fromEntries([...m.byCostCenter].map(([cc, v]) => [cc === NONE ? 'none' : cc, v.toString()])),
        drill: drill(monthWithin(month, from, to)),
      };
    }),
    headcount: {
      active: active.length,
      byCostCenter: [...headByCenter].sort(([a], [b]) => a.localeCompare(b)).map(([cc, count]) => ({ costCenter: cc === NONE ? null : cc, count })),
      months: months.map((month) => {
        const end = monthEnd(`${month}-01`);
        return { month, count: employedOn(end < to ? end : to).length };
      }),
    },
  };
}
