/** The SIF of an approved or paid run, or 422 naming every missing field. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { sqlRows } from '@api/list';
import { payrollMessages as msg } from './contract';
import { sifPay } from './compute';
import { runRow } from './run-read';
import { settingsRow } from './shared';
import { buildSif, sifFilename, sifProblems, type SifEmployee } from './sif';

type Row = { first_name: string; last_name: string; wps_person_id: string | null; routing_code: string | null; iban: string; start_date: string; end_date: string; days_paid: number; unpaid_leave_days: number; basic: string; allowances: string; deductions: string; net: string };

export async function runSif(db: Db, id: string, now = new Date()): Promise<{ filename: string; text: string; total: bigint }> {
  const run = await runRow(db, id);
  if (!run) throw notFound(msg.runNotFound, 'payroll_run_not_found');
  if (run.status === 'draft') throw new AppError(409, 'payroll_invalid_state', msg.notPayable);
  const settings = await settingsRow(db);
  const rows = await sqlRows<Row>(
    db,
    sql`select e.first_name, e.last_name, e.wps_person_id, e.routing_code, e.iban, l.start_date::text as start_date, l.end_date::text as end_date, l.days_paid, l.unpaid_leave_days,
          l.basic::text, l.allowances::text, l.deductions::text, l.net::text
        from payroll_lines l join payroll_employees e on e.id = l.employee_id where l.run_id = ${id} and l.net > 0 order by e.last_name, e.first_name, e.id`,
  );
  const employees: SifEmployee[] = rows.map((r) => {
    const { fixed, variable } = sifPay({ basic: BigInt(r.basic), allowances: BigInt(r.allowances), deductions: BigInt(r.deductions), net: BigInt(r.net) });
    return { name: `${r.first_name} ${r.last_name}`, wpsPersonId: r.wps_person_id, routingCode: r.routing_code, iban: r.iban, startDate: r.start_date, endDate: r.end_date, daysPaid: Number(r.days_paid), fixed, variable, unpaidLeaveDays: Number(r.unpaid_leave_days) };
  });
  const employer = { employerId: settings.employerId, routingCode: settings.routingCode };
  const problems = sifProblems({ employer, employees });
  if (problems.length) throw new AppError(422, 'wps_data_incomplete', msg.wpsIncomplete(problems), { missing: problems });
  const dubai = new Date(now.getTime() + 4 * 3600_000).toISOString();
  const { text, total } = buildSif({ employer, period: run.period, createdAt: { date: dubai.slice(0, 10), time: `${dubai.slice(11, 13)}${dubai.slice(14, 16)}` }, reference: `Payroll ${run.period}`, employees });
  return { filename: sifFilename(settings.employerId, now), text, total };
}
