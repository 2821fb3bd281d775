/**
 * Receivables and payables at the period's end: the receivables aging (modules/receivables) and the payables aging
 * (modules/purchasing) by bucket, the five largest debtors and creditors, the control accounts' balances from the
 * trial balance (1330 trade receivables, 2310 trade payables), and DSO / DPO in whole days (half-even):
 * balance ÷ the period's invoicing (debits to 1330) or billing (credits to 2310) × the period's days.
 */
import type { Db } from '@db/client';
import { LEDGER_ACCOUNTS, trialBalance } from '@modules/ledger';
import { payablesAging } from '@modules/purchasing';
import { agingReport } from '@modules/receivables';
import { daysBetween } from '@modules/platform/dates';
import { divideHalfEven } from '@modules/platform/money';
import type { AgingBucketsJson, PartyJson, PeriodQuery, ReceivablesPayablesJson } from './contract';
import { resolvePeriod } from './period';

type Row = { name: string; current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string };

const buckets = (t: AgingBucketsJson): AgingBucketsJson => ({ current: t.current, d1_30: t.d1_30, d31_60: t.d31_60, d61_90: t.d61_90, d90_plus: t.d90_plus, total: t.total });
const overdue = (r: Row) => (BigInt(r.d1_30) + BigInt(r.d31_60) + BigInt(r.d61_90) + BigInt(r.d90_plus)).toString();
const top = (list: (Row & { id: string })[]): PartyJson[] => list.slice(0, 5).map((r) => ({ id: r.id, name: r.name, total: r.total, overdue: overdue(r) }));

/** Days a balance represents of a flow over `days`: null when nothing flowed. */
export function daysOf(balance: bigint, flow: bigint, days: number): number | null {
  if (flow <= 0n) return null;
  return Number(divideHalfEven((balance < 0n ? 0n : balance) * BigInt(days), flow));
}

export async function receivablesPayablesDashboard(db: Db, q: PeriodQuery, today?: string): Promise<ReceivablesPayablesJson> {
  const { from, to, months } = resolvePeriod(q, today);
  const [ar, ap, tb] = await Promise.all([agingReport(db, to), payablesAging(db, to), trialBalance(db, { from, to })]);
  const row = (code: string) => tb.rows.find((r) => r.accountCode === code);
  const days = daysBetween(from, to) + 1;
  const ar1330 = row(LEDGER_ACCOUNTS.tradeReceivables);
  const ap2310 = row(LEDGER_ACCOUNTS.tradePayables);
  const arBalance = ar1330 ? BigInt(ar1330.debit) - BigInt(ar1330.credit) : 0n;
  const apBalance = ap2310 ? BigInt(ap2310.credit) - BigInt(ap2310.debit) : 0n;
  const invoiced = ar1330 ? BigInt(ar1330.movement.debit) : 0n;
  const billed = ap2310 ? BigInt(ap2310.movement.credit) : 0n;
  const drill = (account: string) => ({ account, from, to });
  return {
    period: { from, to, months },
    asOf: to,
    receivables: {
      buckets: buckets(ar.totals),
      top: top(ar.customers.map((c) => ({ ...c, id: c.customerId }))),
      ledger: { amount: arBalance.toString(), drill: drill(LEDGER_ACCOUNTS.tradeReceivables) },
      credits: ar.credits,
      dsoDays: daysOf(arBalance, invoiced, days),
      sales: { amount: invoiced.toString(), drill: drill(LEDGER_ACCOUNTS.tradeReceivables) },
    },
    payables: {
      buckets: buckets(ap.totals),
      top: top(ap.suppliers.map((s) => ({ ...s, id: s.supplierId }))),
      ledger: { amount: apBalance.toString(), drill: drill(LEDGER_ACCOUNTS.tradePayables) },
      dpoDays: daysOf(apBalance, billed, days),
      purchases: { amount: billed.toString(), drill: drill(LEDGER_ACCOUNTS.tradePayables) },
    },
  };
}
