/**
 * Payslips: an A4 PDF per employee per run (drawn with the shared sheet of modules/platform/pdf-table) and
 * sending them by email through the outbox, the PDF attached.
 */
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { queueEmail } from '@modules/email';
import { formatDate } from '@modules/platform/dates';
import { createSheet, moneyText, PDF_COLORS } from '@modules/platform/pdf-table';
import { getTaxSettings } from '@modules/tax';
import { payrollMessages as msg, type PayrollLineJson } from './contract';
import { employeeRow } from './employees';
import { runLines, runRow } from './run-read';
import { UUID, fullName, type EmployeeRow } from './shared';

const monthName = (period: string) => new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function payslipPdf(employer: string, period: string, e: EmployeeRow, l: PayrollLineJson, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  const title = `Payslip ${monthName(period)}`;
  const sheet = createSheet({ title: `${title}, ${fullName(e)}`, subject: `${title} for ${fullName(e)} from ${employer}`, author: employer, texts: [employer, fullName(e), e.jobTitle, l.gratuityStatement ?? ''], compress: opts.compress });
  const { doc, left, width } = sheet;
  doc.font(sheet.font(true)).fontSize(18).fillColor(PDF_COLORS.brand).text('Payslip', left, sheet.y, { width, align: 'right' });
  doc.font(sheet.font(true)).fontSize(13).fillColor(PDF_COLORS.ink).text(employer, left, sheet.y + 4, { width: width * 0.6 });
  sheet.y = Math.max(doc.y, sheet.y + 24) + 10;
  sheet.y +=
    sheet.pairs(
      [
        ['Employee', fullName(e)],
        ['Job title', e.jobTitle || '—'],
        ['Department', e.costCenter ?? '—'],
        ['Pay period', `${formatDate(l.startDate)} to ${formatDate(l.endDate)} (${l.daysPaid} days paid)`],
        ['Paid to', e.iban],
        ...(e.wpsPersonId ? [['WPS person id', e.wpsPersonId] as [string, string]] : []),
      ],
      left,
      width,
      110,
    ) + 8;
  const aed = (s: string) => moneyText(BigInt(s));
  sheet.heading('Earnings and deductions (AED)', 40);
  const rows = [
    { cells: ['Basic salary', aed(l.basic)] },
    { cells: ['Allowances (housing, transport, other)', aed(l.allowances)] },
    ...(BigInt(l.overtime) > 0n ? [{ cells: ['Overtime', aed(l.overtime)] }] : []),
    ...(BigInt(l.bonus) > 0n ? [{ cells: ['Bonus', aed(l.bonus)] }] : []),
    { bold: true, cells: ['Gross pay', aed(l.gross)] },
    ...(l.unpaidLeaveDays > 0 ? [{ cells: [`Unpaid leave (${l.unpaidLeaveDays} days, already deducted above)`, ''] }] : []),
    ...(BigInt(l.deductions) > 0n ? [{ cells: ['Deductions', `-${aed(l.deductions)}`] }] : []),
    ...(BigInt(l.gratuityPayout) > 0n ? [{ cells: ['End-of-service gratuity', aed(l.gratuityPayout)] }] : []),
    { bold: true, cells: ['Net pay', aed(l.net)] },
  ];
  sheet.table([{ label: 'Item', width: 300 }, { label: 'AED', width: 120, align: 'right' }], rows, { width: 420 });
  if (l.gratuityStatement) {
    sheet.heading('End-of-service gratuity', 40);
    sheet.text(l.gratuityStatement, { size: 9 });
  }
  sheet.text('Salaries are paid through the UAE Wage Protection System to the account above.', { size: 8, color: PDF_COLORS.muted });
  return sheet.finish(`${employer} · ${title} · ${fullName(e)}`);
}

async function payslipFor(db: Db, runId: string, employeeId: string) {
  const run = await runRow(db, runId);
  if (!run) throw notFound(msg.runNotFound, 'payroll_run_not_found');
  if (!UUID.test(employeeId)) throw notFound(msg.employeeNotFound, 'payroll_employee_not_found');
  const [line] = await runLines(db, runId, employeeId);
  if (!line) throw notFound(msg.noLine, 'payroll_employee_not_found');
  const [employee, tax] = await Promise.all([employeeRow(db, employeeId), getTaxSettings(db)]);
  return { run, employee, line, employer: tax.legalName };
}

export const payslipFilename = (period: string, e: { firstName: string; lastName: string }) => `payslip-${period}-${fullName(e).replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;

export async function payslipFile(db: Db, runId: string, employeeId: string): Promise<{ filename: string; content: Uint8Array }> {
  const { run, employee, line, employer } = await payslipFor(db, runId, employeeId);
  return { filename: payslipFilename(run.period, employee), content: await payslipPdf(employer, run.period, employee, line) };
}

/** Queues one email per employee with an address, the payslip attached. Only for an approved or paid run. */
export async function sendPayslips(db: Db, adminId: string, runId: string): Promise<{ queued: number; skipped: string[] }> {
  const run = await runRow(db, runId);
  if (!run) throw notFound(msg.runNotFound, 'payroll_run_not_found');
  if (run.status === 'draft') throw new AppError(409, 'payroll_invalid_state', msg.notPayable);
  const lines = await runLines(db, runId);
  const tax = await getTaxSettings(db);
  const mails: { to: string; filename: string; pdf: Uint8Array; name: string }[] = [];
  const skipped: string[] = [];
  for (const l of lines) {
    if (!l.email) {
      skipped.push(l.name);
      continue;
    }
    const employee = await employeeRow(db, l.employeeId);
    mails.push({ to: l.email, name: l.name, filename: payslipFilename(run.period, employee), pdf: await payslipPdf(tax.legalName, run.period, employee, l) });
  }
  await db.transaction(async (tx) => {
    for (const m of mails) {
      await queueEmail(tx, {
        to: m.to,
        subject: `Your payslip for ${monthName(run.period)}`,
        text: `Dear ${m.name},\n\nYour payslip for ${monthName(run.period)} is attached.\n\nKind regards,\n${tax.legalName}`,
        kind: 'payslip',
        attachments: [{ filename: m.filename, contentType: 'application/pdf', content: m.pdf }],
      });
    }
    await recordAudit(tx, { actorId: adminId, action: 'payroll.payslips.send', entityType: 'payroll_run', entityId: runId, summary: `Sent ${mails.length} payslips for ${run.period}${skipped.length ? `; no email for ${skipped.join(', ')}` : ''}` });
  });
  return { queued: mails.length, skipped };
}
