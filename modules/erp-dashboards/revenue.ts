/**
 * Revenue by stream: each stream is a set of income accounts named after them (transaction charges 4130, platform
 * fee 4110, performance fee 4120, early exit and other fees 41xx, services 4300, rent 4200, other income: the rest).
 * Totals and the previous period come from the ledger's profit and loss; the monthly split from its balances.
 */
import type { Db } from '@db/client';
import { LEDGER_ACCOUNTS, profitAndLoss } from '@modules/ledger';
import type { PeriodQuery, RevenueDashboardJson, RevenueStreamJson } from './contract';
import { byMonth, loadChart, monthlyMovements, type Chart } from './ledger-reads';
import { resolvePeriod } from './period';

type StreamDef = { key: string; label: string; accounts: string[]; group: string };

const A = LEDGER_ACCOUNTS;
const FEE_GROUP = '4100';
const INCOME_ROOT = '4000';

/** The streams and their accounts, from the chart as it stands (accounts added later land in a fee or "other" stream). */
export function streamsOf(chart: Chart): StreamDef[] {
  const income = chart.accounts.filter((a) => a.type === 'income' && !a.isGroup).map((a) => a.code);
  const name = (code: string, fallback: string) => chart.byCode.get(code)?.name ?? fallback;
  const named = [A.transactionFees, A.platformFees, A.performanceFees, A.serviceIncome, A.rentalIncome] as string[];
  const fees = chart.descendants(FEE_GROUP).map((a) => a.code).filter((c) => !named.includes(c));
  const taken = new Set([...named, ...fees]);
  const other = income.filter((c) => !taken.has(c));
  const single = (key: string, code: string, fallback: string): StreamDef => ({ key, label: name(code, fallback), accounts: [code], group: code });
  return [
    single('transaction-charges', A.transactionFees, 'Transaction charges'),
    single('platform-fee', A.platformFees, 'Platform fees'),
    single('performance-fee', A.performanceFees, 'Performance fees'),
    { key: 'exit-and-other-fees', label: fees.length === 1 ? name(fees[0], 'Early exit fees') : 'Early exit and other fees', accounts: fees, group: fees.length === 1 ? fees[0] : FEE_GROUP },
    single('services', A.serviceIncome, 'Service income'),
    single('rent', A.rentalIncome, 'Rental income'),
    { key: 'other', label: 'Other income', accounts: other, group: INCOME_ROOT },
  ];
}

export async function revenueDashboard(db: Db, q: PeriodQuery, today?: string): Promise<RevenueDashboardJson> {
  const { from, to, months } = resolvePeriod(q, today);
  const chart = await loadChart(db);
  const streams = streamsOf(chart);
  const [pl, moves] = await Promise.all([
    profitAndLoss(db, { from, to }),
    monthlyMovements(db, from, to, { excludeClosing: true, codes: streams.flatMap((s) => s.accounts) }),
  ]);
  const previous = pl.comparison;
  const plByCode = new Map(pl.income.rows.filter((r) => !r.isGroup).map((r) => [r.accountCode, r]));
  const sum = (codes: string[], pick: 'amount' | 'comparison') => codes.reduce((s, c) => s + BigInt(plByCode.get(c)?.[pick] ?? '0'), 0n);
  const streamJson: RevenueStreamJson[] = streams.map((s) => {
    const exact = s.accounts.length === 1 && s.group === s.accounts[0] ? {} : { accounts: s.accounts };
    return {
      key: s.key,
      label: s.label,
      accounts: s.accounts,
      total: sum(s.accounts, 'amount').toString(),
      previous: sum(s.accounts, 'comparison').toString(),
      drill: { account: s.group, from, to, ...exact },
      previousDrill: { account: s.group, from: previous.from, to: previous.to, ...exact },
    };
  });
  const perStream = streams.map((s) => {
    const set = new Set(s.accounts);
    return byMonth(months, moves, (r) => set.has(r.code), 'credit');
  });
  return {
    period: { from, to, months },
    previous,
    streams: streamJson,
    total: { amount: pl.income.total, previous: pl.income.comparisonTotal, drill: { account: INCOME_ROOT, from, to } },
    months: months.map((month) => ({ month, amounts: Object.fromEntries(streams.map((s, i) => [s.key, perStream[i].get(month)!.toString()])) })),
  };
}
