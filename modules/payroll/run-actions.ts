/** Approving a draft run (posts the payroll journal; four eyes above the threshold) and paying an approved run. */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { getBankAccount } from '@modules/banking';
import { post } from '@modules/ledger';
import { monthEnd } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { getFourEyesThresholdFils } from '@modules/settings';
import { payrollMessages as msg, type PayrollRunDetailJson } from './contract';
import { paymentPosting, runPosting } from './postings';
import { getRun } from './run-read';
import { computeRun, lockRun } from './runs';
import { payrollLines, payrollRuns } from './schema';

export async function approveRun(db: Db, adminId: string, id: string): Promise<PayrollRunDetailJson> {
  const threshold = await getFourEyesThresholdFils(db);
  await db.transaction(async (tx) => {
    let run = await lockRun(tx, id);
    if (run.status !== 'draft') throw new AppError(409, 'payroll_invalid_state', msg.notDraft);
    await computeRun(tx, run);
    run = (await tx.select().from(payrollRuns).where(eq(payrollRuns.id, id)))[0]!;
    if (run.net > threshold && run.createdBy === adminId) throw new AppError(403, 'second_admin_required', msg.secondAdmin(formatAed(threshold)));
    const lines = await tx.select().from(payrollLines).where(eq(payrollLines.runId, id));
    const posted = await post(tx, runPosting({ id, period: run.period, date: monthEnd(`${run.period}-01`), authorId: adminId, lines }));
    await tx.update(payrollRuns).set({ status: 'approved', approvedBy: adminId, approvedAt: new Date(), journalReference: posted.reference }).where(eq(payrollRuns.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payroll.run.approve',
      entityType: 'payroll_run',
      entityId: id,
      summary: `Approved the payroll for ${run.period}: ${lines.length} employees, net ${formatAed(run.net)}, journal ${posted.reference}`,
    });
  });
  return getRun(db, id);
}

export async function payRun(db: Db, adminId: string, id: string, input: { date: string; bankAccountId: string }): Promise<PayrollRunDetailJson> {
  const bank = await getBankAccount(db, input.bankAccountId);
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    if (run.status !== 'approved') throw new AppError(409, 'payroll_invalid_state', msg.notApproved);
    let reference: string | null = null;
    if (run.net > 0n) {
      const posted = await post(tx, paymentPosting({ runId: id, period: run.period, date: input.date, net: run.net, bankLedgerCode: bank.ledgerAccountCode, authorId: adminId }));
      reference = posted.reference;
    }
    await tx.update(payrollRuns).set({ status: 'paid', paidOn: input.date, paidBy: adminId, bankAccountId: bank.id, paymentReference: reference }).where(eq(payrollRuns.id, id));
    await recordAudit(tx, { actorId: adminId, action: 'payroll.run.pay', entityType: 'payroll_run', entityId: id, summary: `Paid the payroll for ${run.period}: ${formatAed(run.net)} from ${bank.name} on ${input.date}` });
  });
  return getRun(db, id);
}
