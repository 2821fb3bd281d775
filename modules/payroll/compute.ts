/**
 * One employee's pay for a period, pure: pro rata by calendar days for a joiner or leaver, unpaid leave at
 * (basic + allowances) ÷ basis per day, overtime at basic ÷ basis ÷ 8 × 1.25 per hour, bonuses and deductions,
 * the month's gratuity accrual (liability at the period's end, or the leaving date, minus what is provided)
 * and, on leaving, the gratuity paid out.
 */
import { monthEnd } from '@modules/platform/dates';
import { divideHalfEven } from '@modules/platform/money';
import { gratuity, gratuityStatement, settlementAmount } from './gratuity';

export type PayEmployee = {
  basicSalary: bigint;
  housingAllowance: bigint;
  transportAllowance: bigint;
  otherAllowance: bigint;
  joinedOn: string;
  leftOn: string | null;
};
export type PayItems = { overtimeHundredths: bigint; bonus: bigint; deduction: bigint; unpaidLeaveDays: number };
export const NO_ITEMS: PayItems = { overtimeHundredths: 0n, bonus: 0n, deduction: 0n, unpaidLeaveDays: 0 };

export type PayLine = {
  startDate: string;
  endDate: string;
  daysPaid: number;
  unpaidLeaveDays: number;
  basic: bigint;
  allowances: bigint;
  overtime: bigint;
  bonus: bigint;
  deductions: bigint;
  gratuityAccrual: bigint;
  gratuityPayout: bigint;
  net: bigint;
  gratuityStatement: string | null;
};

/** Whether the employee worked any day of the period (YYYY-MM). */
export function employedIn(e: Pick<PayEmployee, 'joinedOn' | 'leftOn'>, period: string): boolean {
  return e.joinedOn <= monthEnd(`${period}-01`) && (e.leftOn === null || e.leftOn >= `${period}-01`);
}

/** The WPS split: fixed pay net of deductions, variable pay the rest; together the net pay. */
export function sifPay(l: Pick<PayLine, 'basic' | 'allowances' | 'deductions' | 'net'>): { fixed: bigint; variable: bigint } {
  const fixedGross = l.basic + l.allowances - l.deductions;
  const fixed = fixedGross > 0n ? (fixedGross < l.net ? fixedGross : l.net) : 0n;
  return { fixed, variable: l.net - fixed };
}

export function computePay(e: PayEmployee, period: string, items: PayItems, provided: bigint, basis = 30): PayLine {
  const first = `${period}-01`;
  const last = monthEnd(first);
  const start = e.joinedOn > first ? e.joinedOn : first;
  const end = e.leftOn !== null && e.leftOn < last ? e.leftOn : last;
  const monthDays = Number(last.slice(8, 10));
  const daysPaid = Math.max(0, Number(end.slice(8, 10)) - Number(start.slice(8, 10)) + 1);
  const full = daysPaid === monthDays;
  const share = (monthly: bigint) => (full ? monthly : divideHalfEven(monthly * BigInt(daysPaid), BigInt(monthDays)));
  const monthlyAllowances = e.housingAllowance + e.transportAllowance + e.otherAllowance;
  const leave = BigInt(Math.min(items.unpaidLeaveDays, daysPaid));
  const basic = share(e.basicSalary) - divideHalfEven(e.basicSalary * leave, BigInt(basis));
  const allowances = share(monthlyAllowances) - divideHalfEven(monthlyAllowances * leave, BigInt(basis));
  const overtime = divideHalfEven(e.basicSalary * items.overtimeHundredths * 125n, BigInt(basis) * 8n * 100n * 100n);
  const leaving = e.leftOn !== null && e.leftOn <= last;
  const g = gratuity(e.basicSalary, e.joinedOn, end);
  const payout = leaving ? settlementAmount(g) : 0n;
  // A leaver under a year is owed nothing: the provision is released (a negative accrual).
  const liability = leaving ? payout : g.amount;
  const pos = (v: bigint) => (v > 0n ? v : 0n);
  const b = pos(basic);
  const a = pos(allowances);
  const net = b + a + overtime + items.bonus - items.deduction + payout;
  return {
    startDate: start,
    endDate: end,
    daysPaid,
    unpaidLeaveDays: Number(leave),
    basic: b,
    allowances: a,
    overtime,
    bonus: items.bonus,
    deductions: items.deduction,
    gratuityAccrual: liability - provided,
    gratuityPayout: payout,
    net,
    gratuityStatement: leaving ? gratuityStatement(e.basicSalary, e.joinedOn, end) : null,
  };
}
