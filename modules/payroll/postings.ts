/**
 * Payroll's journal entries, one pure builder per document:
 *   an approved run   Dr 6110 salaries (basic, overtime, bonus) and Dr 6120 allowances per cost center;
 *                     Cr 2530 deductions withheld; Cr 2510 net pay; the gratuity accrual Dr 6130 / Cr 2520
 *                     per cost center (a release the other way round); a final settlement Dr 2520 (inside net).
 *   its payment       Dr 2510 / Cr the paying bank's ledger account.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';

export const RUN_SOURCE = 'payroll.run';
export const PAYMENT_SOURCE = 'payroll.payment';

export type RunPostingLine = {
  costCenter: string | null;
  basic: bigint;
  allowances: bigint;
  overtime: bigint;
  bonus: bigint;
  deductions: bigint;
  gratuityAccrual: bigint;
  gratuityPayout: bigint;
  net: bigint;
};
export type RunDocument = { id: string; period: string; date: string; authorId: string | null; lines: RunPostingLine[] };

type Bucket = { salaries: bigint; allowances: bigint; accrual: bigint };

export function runPosting(d: RunDocument): PostingEntry {
  const byCenter = new Map<string | null, Bucket>();
  let deductions = 0n;
  let net = 0n;
  let payout = 0n;
  for (const l of d.lines) {
    if (l.net < 0n) throw new RangeError('net pay cannot be negative');
    const b = byCenter.get(l.costCenter) ?? { salaries: 0n, allowances: 0n, accrual: 0n };
    b.salaries += l.basic + l.overtime + l.bonus;
    b.allowances += l.allowances;
    b.accrual += l.gratuityAccrual;
    byCenter.set(l.costCenter, b);
    deductions += l.deductions;
    net += l.net;
    payout += l.gratuityPayout;
  }
  const A = LEDGER_ACCOUNTS;
  const memo = `Payroll ${d.period}`;
  const lines: PostingLine[] = [];
  const centers = [...byCenter.keys()].sort((x, y) => (x ?? '').localeCompare(y ?? ''));
  for (const costCenter of centers) {
    const b = byCenter.get(costCenter)!;
    if (b.salaries > 0n) lines.push({ accountCode: A.salaries, debit: b.salaries, costCenter, memo: `Salaries ${d.period}` });
    if (b.allowances > 0n) lines.push({ accountCode: A.allowances, debit: b.allowances, costCenter, memo: `Allowances ${d.period}` });
  }
  if (payout > 0n) lines.push({ accountCode: A.gratuityProvision, debit: payout, memo: `End-of-service gratuity paid out, ${d.period}` });
  if (deductions > 0n) lines.push({ accountCode: A.payrollDeductions, credit: deductions, memo: `Deductions withheld, ${d.period}` });
  if (net > 0n) lines.push({ accountCode: A.salariesPayable, credit: net, memo: `Net pay ${d.period}` });
  for (const costCenter of centers) {
    const accrual = byCenter.get(costCenter)!.accrual;
    if (accrual > 0n) {
      lines.push({ accountCode: A.gratuityExpense, debit: accrual, costCenter, memo: `Gratuity accrual ${d.period}` });
      lines.push({ accountCode: A.gratuityProvision, credit: accrual, memo: `Gratuity accrual ${d.period}` });
    } else if (accrual < 0n) {
      lines.push({ accountCode: A.gratuityProvision, debit: -accrual, memo: `Gratuity provision released, ${d.period}` });
      lines.push({ accountCode: A.gratuityExpense, credit: -accrual, costCenter, memo: `Gratuity provision released, ${d.period}` });
    }
  }
  if (lines.length === 0) throw new RangeError('a payroll run with nothing to post');
  return { date: d.date, memo, source: { module: RUN_SOURCE, id: d.id }, authorId: d.authorId, lines };
}

export type PaymentDocument = { runId: string; period: string; date: string; net: bigint; bankLedgerCode: string; authorId: string | null };

export function paymentPosting(p: PaymentDocument): PostingEntry {
  if (p.net <= 0n) throw new RangeError('a payroll payment must be positive');
  const memo = `Salaries paid for ${p.period}`;
  return {
    date: p.date,
    memo,
    source: { module: PAYMENT_SOURCE, id: p.runId },
    authorId: p.authorId,
    lines: [
      { accountCode: LEDGER_ACCOUNTS.salariesPayable, debit: p.net, memo },
      { accountCode: p.bankLedgerCode, credit: p.net, memo },
    ],
  };
}
