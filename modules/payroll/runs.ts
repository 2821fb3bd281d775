/**
 * A draft run: one line per employee employed in the period, computed by compute.ts from the employee, the
 * run's one-off items and the gratuity provided by earlier approved runs. Lines are recomputed whenever an
 * item changes and once more at approval, so an edited employee is paid what the record says.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, conflict, notFound, unprocessable } from '@api/errors';
import { sqlRows } from '@api/list';
import { recordAudit } from '@modules/audit';
import { formatAed } from '@modules/platform/money';
import { itemKindLabels, payrollMessages as msg, type ItemInput, type PayrollRunDetailJson } from './contract';
import { NO_ITEMS, computePay, employedIn, type PayItems } from './compute';
import { getRun } from './run-read';
import { payrollEmployees, payrollItems, payrollLines, payrollRuns } from './schema';
import { UUID, fullName, settingsRow } from './shared';

export type RunRow = typeof payrollRuns.$inferSelect;

export async function lockRun(tx: Db, id: string): Promise<RunRow> {
  if (!UUID.test(id)) throw notFound(msg.runNotFound, 'payroll_run_not_found');
  const [run] = await sqlRows<{ id: string }>(tx, sql`select id from payroll_runs where id = ${id} for update`);
  if (!run) throw notFound(msg.runNotFound, 'payroll_run_not_found');
  const [row] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, id));
  return row!;
}

/** The gratuity each employee has been provided for by runs approved before `period`. */
async function providedBefore(tx: Db, period: string): Promise<Map<string, bigint>> {
  const rows = await sqlRows<{ employee_id: string; provided: string }>(
    tx,
    sql`select l.employee_id, (sum(l.gratuity_accrual) - sum(l.gratuity_payout))::text as provided
          from payroll_lines l join payroll_runs r on r.id = l.run_id
         where r.status in ('approved', 'paid') and r.period < ${period} group by l.employee_id`,
  );
  return new Map(rows.map((r) => [r.employee_id, BigInt(r.provided)]));
}

async function itemsByEmployee(tx: Db, runId: string): Promise<Map<string, PayItems>> {
  const rows = await tx.select().from(payrollItems).where(eq(payrollItems.runId, runId));
  const out = new Map<string, PayItems>();
  for (const i of rows) {
    const cur = { ...(out.get(i.employeeId) ?? NO_ITEMS) };
    if (i.kind === 'overtime') cur.overtimeHundredths += i.quantity;
    else if (i.kind === 'bonus') cur.bonus += i.quantity;
    else if (i.kind === 'deduction') cur.deduction += i.quantity;
    else cur.unpaidLeaveDays += Number(i.quantity);
    out.set(i.employeeId, cur);
  }
  return out;
}

/** Rebuilds a draft run's lines and totals. Returns the number of lines. */
export async function computeRun(tx: Db, run: RunRow): Promise<number> {
  const [settings, provided, items, employees] = await Promise.all([settingsRow(tx), providedBefore(tx, run.period), itemsByEmployee(tx, run.id), tx.select().from(payrollEmployees)]);
  const staff = employees.filter((e) => employedIn(e, run.period));
  await tx.delete(payrollLines).where(eq(payrollLines.runId, run.id));
  let gross = 0n;
  let deductions = 0n;
  let net = 0n;
  let accrual = 0n;
  const rows = staff.map((e) => {
    const pay = computePay(e, run.period, items.get(e.id) ?? NO_ITEMS, provided.get(e.id) ?? 0n, settings.workingDaysBasis);
    if (pay.net < 0n) throw unprocessable(msg.negativeNet(fullName(e)), 'payroll_negative_net');
    gross += pay.basic + pay.allowances + pay.overtime + pay.bonus;
    deductions += pay.deductions;
    net += pay.net;
    accrual += pay.gratuityAccrual;
    return { runId: run.id, employeeId: e.id, costCenter: e.costCenter, ...pay };
  });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(payrollLines).values(rows.slice(i, i + 500));
  await tx.update(payrollRuns).set({ gross, deductions, net, gratuityAccrual: accrual }).where(eq(payrollRuns.id, run.id));
  return rows.length;
}

export async function createRun(db: Db, adminId: string, period: string): Promise<PayrollRunDetailJson> {
  const id = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: payrollRuns.id }).from(payrollRuns).where(eq(payrollRuns.period, period));
    if (existing) throw conflict(msg.runExists(period), 'payroll_run_exists');
    const [run] = await tx.insert(payrollRuns).values({ period, createdBy: adminId }).onConflictDoNothing().returning();
    if (!run) throw conflict(msg.runExists(period), 'payroll_run_exists');
    const n = await computeRun(tx, run);
    if (n === 0) throw unprocessable(msg.noEmployees(period), 'payroll_no_employees');
    await recordAudit(tx, { actorId: adminId, action: 'payroll.run.create', entityType: 'payroll_run', entityId: run.id, summary: `Prepared the payroll for ${period}: ${n} employees` });
    return run.id;
  });
  return getRun(db, id);
}

export async function addItem(db: Db, adminId: string, runId: string, input: ItemInput): Promise<PayrollRunDetailJson> {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status !== 'draft') throw new AppError(409, 'payroll_invalid_state', msg.notDraft);
    const [line] = await tx.select({ id: payrollLines.id }).from(payrollLines).where(and(eq(payrollLines.runId, runId), eq(payrollLines.employeeId, input.employeeId)));
    if (!line) throw notFound(msg.noLine, 'payroll_employee_not_found');
    await tx.insert(payrollItems).values({ runId, employeeId: input.employeeId, kind: input.kind, quantity: input.quantity, description: input.description ?? '', createdBy: adminId });
    await computeRun(tx, run);
    const what = input.kind === 'bonus' || input.kind === 'deduction' ? formatAed(input.quantity) : input.kind === 'overtime' ? `${Number(input.quantity) / 100} hours` : `${input.quantity} days`;
    await recordAudit(tx, { actorId: adminId, action: 'payroll.item.add', entityType: 'payroll_run', entityId: runId, summary: `${itemKindLabels[input.kind]} of ${what} added to the payroll for ${run.period}` });
  });
  return getRun(db, runId);
}

export async function removeItem(db: Db, adminId: string, runId: string, itemId: string): Promise<PayrollRunDetailJson> {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status !== 'draft') throw new AppError(409, 'payroll_invalid_state', msg.notDraft);
    if (!UUID.test(itemId)) throw notFound(msg.runNotFound, 'payroll_run_not_found');
    const gone = await tx.delete(payrollItems).where(and(eq(payrollItems.id, itemId), eq(payrollItems.runId, runId))).returning();
    if (gone.length === 0) throw notFound(msg.runNotFound, 'payroll_run_not_found');
    await computeRun(tx, run);
    await recordAudit(tx, { actorId: adminId, action: 'payroll.item.remove', entityType: 'payroll_run', entityId: runId, summary: `Removed a one-off item from the payroll for ${run.period}` });
  });
  return getRun(db, runId);
}
