/**
 * The operator's overview: what is payable (distributable income in the books for months with no run yet, per
 * property), the runs waiting for approval or payment, what was paid this year, and paid per month (a chart).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { lastMonths, todayInDubai, yearStart } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { DEFAULT_RESERVE_BPS, type DistributionSummaryJson } from './contract';
import { BOOK_ACCOUNTS, addMovement, figuresOf, type PeriodBooks } from './pnl';
import { currentPeriod } from './shared';

const DUBAI_DAY = sql`interval '4 hours'`;

export async function distributionSummary(db: Db, now = new Date()): Promise<DistributionSummaryJson> {
  const today = todayInDubai(now);
  const months = lastMonths(12, today).map((d) => d.slice(0, 7));
  const [books, properties, live, [paid], [waiting], byMonth] = await Promise.all([
    q<{ reference: string; period: string; code: string; d: string; c: string }>(
      db,
      sql`select b.property as reference, substr(b.day::text, 1, 7) as period, a.code, sum(b.debit)::text as d, sum(b.credit)::text as c
            from ledger_balances b join ledger_accounts a on a.id = b.account_id
           where b.property is not null and not b.is_closing and a.code in (${BOOK_ACCOUNTS})
           group by 1, 2, 3`,
    ),
    q<{ id: string; reference: string; title: string; reserve_bps: number | null }>(
      db,
      sql`select p.id, p.reference, p.title, r.reserve_bps from properties p left join property_reserve_policies r on r.property_id = p.id`,
    ),
    q<{ property_id: string; period: string }>(db, sql`select property_id, period from distribution_runs where status <> 'cancelled'`),
    q<{ n: number; amount: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from distribution_runs
           where status = 'paid' and (paid_at + ${DUBAI_DAY})::date >= ${yearStart(today)}::date`,
    ),
    q<{ n: number; amount: string }>(db, sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount from distribution_runs where status in ('draft', 'approved')`),
    q<{ period: string; amount: string }>(
      db,
      sql`select substr(((paid_at + ${DUBAI_DAY})::date)::text, 1, 7) as period, sum(amount)::text as amount from distribution_runs
           where status = 'paid' and (paid_at + ${DUBAI_DAY})::date >= ${`${months[0]}-01`}::date group by 1`,
    ),
  ]);

  const byRef = new Map(properties.map((p) => [p.reference, p]));
  const hasRun = new Set(live.map((r) => `${r.property_id} ${r.period}`));
  const current = currentPeriod(now);
  const perMonth = new Map<string, PeriodBooks>();
  for (const r of books) {
    if (r.period > current || !byRef.has(r.reference)) continue;
    const key = `${r.reference} ${r.period}`;
    perMonth.set(key, addMovement(perMonth.get(key), r.code, big(r.d), big(r.c)));
  }
  const payable = new Map<string, DistributionSummaryJson['payable'][number] & { total: bigint }>();
  for (const [key, b] of perMonth) {
    const [reference, period] = key.split(' ');
    const p = byRef.get(reference)!;
    if (hasRun.has(`${p.id} ${period}`)) continue;
    const { distributable } = figuresOf(b, p.reserve_bps ?? DEFAULT_RESERVE_BPS);
    if (distributable <= 0n) continue;
    const row = payable.get(p.id) ?? { propertyId: p.id, reference: p.reference, title: p.title, periods: [], amount: '0', total: 0n };
    row.periods.push(period);
    row.total += distributable;
    payable.set(p.id, row);
  }
  const items = [...payable.values()]
    .map(({ total, ...row }) => ({ ...row, periods: row.periods.sort(), amount: total.toString(), total }))
    .sort((a, b) => (a.total === b.total ? a.reference.localeCompare(b.reference) : a.total > b.total ? -1 : 1));
  const paidBy = new Map(byMonth.map((m) => [m.period, big(m.amount)]));
  return {
    paidThisYear: big(paid?.amount).toString(),
    paidRuns: Number(paid?.n ?? 0),
    waiting: Number(waiting?.n ?? 0),
    waitingAmount: big(waiting?.amount).toString(),
    payable: items.map(({ total: _t, ...row }) => row),
    payableTotal: items.reduce((s, i) => s + i.total, 0n).toString(),
    byMonth: months.map((period) => ({ period, amount: (paidBy.get(period) ?? 0n).toString() })),
  };
}
