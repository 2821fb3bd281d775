/** Reading runs: one run with its lines, totals by cost center and variance; the list, its CSV and the cost chart. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { minorToDecimalString } from '@modules/platform/money';
import { getFourEyesThresholdFils } from '@modules/settings';
import {
  payrollMessages as msg,
  type CostCenterTotalJson,
  type ItemKind,
  type PayrollCostsJson,
  type PayrollLineJson,
  type PayrollRunDetailJson,
  type PayrollRunJson,
  type PayrollStatus,
  type runsListQuery,
} from './contract';
import { UUID, iso, isoOrNull } from './shared';

export type RunsListQuery = z.output<typeof runsListQuery>;

type RunSqlRow = {
  id: string;
  period: string;
  status: PayrollStatus;
  employees: number;
  gross: string;
  deductions: string;
  net: string;
  gratuity_accrual: string;
  journal_reference: string | null;
  payment_reference: string | null;
  paid_on: string | null;
  created_by: string | null;
  created_by_email: string | null;
  approved_by_email: string | null;
  approved_at: string | Date | null;
  created_at: string | Date;
};
const FROM = sql`payroll_runs r left join users cu on cu.id = r.created_by left join users au on au.id = r.approved_by`;
const SELECT = sql`select r.id, r.period, r.status, (select count(*)::int from payroll_lines l where l.run_id = r.id) as employees, r.gross::text, r.deductions::text,
  r.net::text, r.gratuity_accrual::text, r.journal_reference, r.payment_reference, r.paid_on::text as paid_on, r.created_by, cu.email as created_by_email,
  au.email as approved_by_email, r.approved_at, r.created_at from ${FROM}`;

const runJson = (r: RunSqlRow, threshold: bigint): PayrollRunJson => ({
  id: r.id,
  period: r.period,
  status: r.status,
  employees: Number(r.employees),
  gross: r.gross,
  deductions: r.deductions,
  net: r.net,
  gratuityAccrual: r.gratuity_accrual,
  journalReference: r.journal_reference,
  paymentReference: r.payment_reference,
  paidOn: r.paid_on,
  createdBy: r.created_by_email,
  createdById: r.created_by,
  approvedBy: r.approved_by_email,
  approvedAt: isoOrNull(r.approved_at),
  needsSecondAdmin: BigInt(r.net) > threshold,
  createdAt: iso(r.created_at),
});

type LineSqlRow = {
  employee_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  cost_center: string | null;
  start_date: string;
  end_date: string;
  days_paid: number;
  unpaid_leave_days: number;
  basic: string;
  allowances: string;
  overtime: string;
  bonus: string;
  deductions: string;
  gratuity_accrual: string;
  gratuity_payout: string;
  net: string;
  gratuity_statement: string | null;
};

export async function runLines(db: Db, runId: string, employeeId?: string): Promise<PayrollLineJson[]> {
  const rows = await sqlRows<LineSqlRow>(
    db,
    sql`select l.employee_id, e.first_name, e.last_name, e.email, l.cost_center, l.start_date::text as start_date, l.end_date::text as end_date, l.days_paid,
          l.unpaid_leave_days, l.basic::text, l.allowances::text, l.overtime::text, l.bonus::text, l.deductions::text, l.gratuity_accrual::text,
          l.gratuity_payout::text, l.net::text, l.gratuity_statement
        from payroll_lines l join payroll_employees e on e.id = l.employee_id
        where l.run_id = ${runId} ${employeeId ? sql`and l.employee_id = ${employeeId}` : sql``} order by e.last_name, e.first_name, e.id`,
  );
  return rows.map((l) => ({
    employeeId: l.employee_id,
    name: `${l.first_name} ${l.last_name}`.trim(),
    email: l.email,
    costCenter: l.cost_center,
    startDate: l.start_date,
    endDate: l.end_date,
    daysPaid: Number(l.days_paid),
    unpaidLeaveDays: Number(l.unpaid_leave_days),
    basic: l.basic,
    allowances: l.allowances,
    overtime: l.overtime,
    bonus: l.bonus,
    deductions: l.deductions,
    gross: (BigInt(l.basic) + BigInt(l.allowances) + BigInt(l.overtime) + BigInt(l.bonus)).toString(),
    gratuityAccrual: l.gratuity_accrual,
    gratuityPayout: l.gratuity_payout,
    net: l.net,
    gratuityStatement: l.gratuity_statement,
  }));
}

type CenterRow = { cost_center: string | null; gross: string; net: string };
const centerTotals = (db: Db, runId: string) =>
  sqlRows<CenterRow>(
    db,
    sql`select cost_center, sum(basic + allowances + overtime + bonus)::text as gross, sum(net)::text as net from payroll_lines where run_id = ${runId} group by cost_center order by cost_center nulls last`,
  );

export async function runRow(db: Db, id: string): Promise<RunSqlRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await sqlRows<RunSqlRow>(db, sql`${SELECT} where r.id = ${id}`);
  return row ?? null;
}

export async function getRun(db: Db, id: string): Promise<PayrollRunDetailJson> {
  const row = await runRow(db, id);
  if (!row) throw notFound(msg.runNotFound, 'payroll_run_not_found');
  const [threshold, lines, items, centers, [prev]] = await Promise.all([
    getFourEyesThresholdFils(db),
    runLines(db, row.id),
    sqlRows<{ id: string; employee_id: string; kind: ItemKind; quantity: string; description: string }>(
      db,
      sql`select id, employee_id, kind, quantity::text, description from payroll_items where run_id = ${row.id} order by created_at, id`,
    ),
    centerTotals(db, row.id),
    sqlRows<{ id: string; period: string; gross: string; net: string }>(db, sql`select id, period, gross::text, net::text from payroll_runs where period < ${row.period} order by period desc limit 1`),
  ]);
  const prevCenters = prev ? new Map((await centerTotals(db, prev.id)).map((c) => [c.cost_center, c])) : null;
  const keys = new Set<string | null>([...centers.map((c) => c.cost_center), ...(prevCenters ? prevCenters.keys() : [])]);
  const byCostCenter: CostCenterTotalJson[] = [...keys].map((k) => {
    const c = centers.find((x) => x.cost_center === k);
    const p = prevCenters?.get(k);
    const gross = c?.gross ?? '0';
    const previousGross = prevCenters ? (p?.gross ?? '0') : null;
    return { costCenter: k, gross, net: c?.net ?? '0', previousGross, variance: previousGross === null ? null : (BigInt(gross) - BigInt(previousGross)).toString() };
  });
  return {
    ...runJson(row, threshold),
    lines,
    items: items.map((i) => ({ id: i.id, employeeId: i.employee_id, kind: i.kind, quantity: i.quantity, description: i.description })),
    byCostCenter,
    previous: prev ? { period: prev.period, gross: prev.gross, net: prev.net } : null,
  };
}

function where(query: Partial<RunsListQuery>): SQL {
  return allOf(searchWhere(query.q, [sql`r.period`, sql`r.status`, sql`r.journal_reference`]), query.status && sql`r.status = ${query.status}`) ?? sql`true`;
}
const SORT = { createdAt: sql`r.created_at`, period: sql`r.period`, net: sql`r.net`, status: sql`r.status` };
const page = (db: Db, query: RunsListQuery, limit: number, offset: number) => sqlRows<RunSqlRow>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`r.id`)} limit ${limit} offset ${offset}`);

export async function listRuns(db: Db, query: RunsListQuery): Promise<{ items: PayrollRunJson[]; total: number }> {
  const [items, [t], threshold] = await Promise.all([page(db, query, query.limit, query.offset), sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where(query)}`), getFourEyesThresholdFils(db)]);
  return { items: items.map((r) => runJson(r, threshold)), total: Number(t?.n ?? 0) };
}

export const RUNS_CSV_HEADER = ['Period', 'Status', 'Employees', 'Gross (AED)', 'Deductions (AED)', 'Net (AED)', 'Gratuity accrual (AED)', 'Journal entry', 'Payment entry', 'Paid on', 'Prepared by', 'Approved by'] as const;

export async function* runCsvRows(db: Db, query: RunsListQuery): AsyncGenerator<CsvCell[]> {
  const dec = (s: string) => minorToDecimalString(BigInt(s));
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    yield [r.period, r.status, r.employees, dec(r.gross), dec(r.deductions), dec(r.net), dec(r.gratuity_accrual), r.journal_reference, r.payment_reference, r.paid_on, r.created_by_email, r.approved_by_email];
  }
}

/** Payroll cost (gross + gratuity accrual) by month and cost center, the last 12 runs, for the chart. */
export async function payrollCosts(db: Db): Promise<PayrollCostsJson> {
  const rows = await sqlRows<{ period: string; cost_center: string | null; cost: string }>(
    db,
    sql`select r.period, l.cost_center, sum(l.basic + l.allowances + l.overtime + l.bonus + l.gratuity_accrual)::text as cost
          from payroll_lines l join payroll_runs r on r.id = l.run_id
         where r.period in (select period from payroll_runs order by period desc limit 12)
         group by r.period, l.cost_center order by r.period`,
  );
  const months = new Map<string, Record<string, string>>();
  const centers = new Set<string>();
  for (const r of rows) {
    const cc = r.cost_center ?? 'None';
    centers.add(cc);
    months.set(r.period, { ...(months.get(r.period) ?? {}), [cc]: r.cost });
  }
  return { months: [...months].map(([period, byCostCenter]) => ({ period, byCostCenter })), costCenters: [...centers].sort() };
}
