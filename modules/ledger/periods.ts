import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { unprocessable } from '@api/errors';
import { recordAudit } from '../audit';
import { formatEntryNumber, LEDGER_ACCOUNTS, ledgerMessages } from './contract';
import { monthEnd, monthLabel, todayInDubai, yearEnd, yearStart } from '../platform/dates';
import { withLedgerErrors } from './errors';
import type { PeriodJson } from './periods-contract';
import { postManyIn } from './posting';
import { big, rows } from './sql';

/** The advisory lock shared by postings and taken exclusively by period closes (see ledger_guards). */
export const PERIOD_LOCK = 7340001;

export const YEAR_END_SOURCE = 'ledger.year-end';

export type { PeriodJson } from './periods-contract';

type PeriodRow = { kind: 'month' | 'year'; start: string; end: string; status: 'open' | 'closed'; closed_at: string | null; closed_by: string | null; closed_by_name: string | null; closing_entry_id: string | null; closing_number: string | null };

async function periodRows(db: Db, from: string, to: string): Promise<PeriodRow[]> {
  return rows<PeriodRow>(
    db,
    sql`select p.kind, p.start_date::text as start, p.end_date::text as "end", p.status, p.closed_at::text, p.closed_by,
               coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as closed_by_name,
               p.closing_entry_id, e.number::text as closing_number
          from ledger_fiscal_periods p left join ledger_journal_entries e on e.id = p.closing_entry_id
          left join users u on u.id = p.closed_by
         where p.start_date >= ${from} and p.end_date <= ${to}`,
  );
}

const iso = (ts: string | null) => (ts ? new Date(ts.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString() : null);

/** The fiscal year and its twelve months with their status and how many entries each holds. */
export async function listPeriods(db: Db, year: number): Promise<{ year: PeriodJson; months: PeriodJson[] }> {
  const from = yearStart(year);
  const to = yearEnd(year);
  const stored = await periodRows(db, from, to);
  const counts = await rows<{ month: string; posted: string; drafts: string }>(
    db,
    sql`select to_char(date, 'YYYY-MM') as month, count(*) filter (where status = 'posted')::text as posted, count(*) filter (where status = 'draft')::text as drafts
          from ledger_journal_entries where date between ${from} and ${to} group by 1`,
  );
  const countBy = new Map(counts.map((c) => [c.month, c]));
  const build = (kind: 'month' | 'year', start: string, end: string, label: string, period: string): PeriodJson => {
    const row = stored.find((p) => p.kind === kind && p.start === start);
    const monthCounts = kind === 'month' ? [countBy.get(period)] : counts;
    return {
      period,
      kind,
      label,
      start,
      end,
      status: row?.status ?? 'open',
      closedAt: row?.status === 'closed' ? iso(row.closed_at) : null,
      closedBy: row?.status === 'closed' ? row.closed_by : null,
      closedByName: row?.status === 'closed' ? row.closed_by_name : null,
      closingEntry: row?.closing_entry_id ? { id: row.closing_entry_id, number: formatEntryNumber(row.closing_number ?? '') } : null,
      postedEntries: monthCounts.reduce((n, c) => n + Number(c?.posted ?? 0), 0),
      draftEntries: monthCounts.reduce((n, c) => n + Number(c?.drafts ?? 0), 0),
    };
  };
  const months = Array.from({ length: 12 }, (_, i) => {
    const start = `${year}-${String(i + 1).padStart(2, '0')}-01`;
    return build('month', start, monthEnd(start), monthLabel(start), start.slice(0, 7));
  });
  return { year: build('year', from, to, `Fiscal year ${year}`, String(year)), months };
}

async function upsertPeriod(tx: Db, kind: 'month' | 'year', start: string, end: string, status: 'open' | 'closed', userId: string | null, closingEntryId: string | null = null) {
  await rows(
    tx,
    sql`insert into ledger_fiscal_periods (kind, start_date, end_date, status, closed_at, closed_by, closing_entry_id)
        values (${kind}, ${start}, ${end}, ${status}, ${status === 'closed' ? sql`now()` : null}, ${status === 'closed' ? userId : null}, ${closingEntryId})
        on conflict (kind, start_date) do update set status = excluded.status, closed_at = excluded.closed_at, closed_by = excluded.closed_by,
          closing_entry_id = coalesce(excluded.closing_entry_id, ledger_fiscal_periods.closing_entry_id), updated_at = now()`,
  );
}

async function isClosed(tx: Db, kind: 'month' | 'year', start: string) {
  const [row] = await rows(tx, sql`select 1 from ledger_fiscal_periods where kind = ${kind} and start_date = ${start} and status = 'closed'`);
  return !!row;
}

/** Closes a month: nothing dated inside it can be posted any more (checked here and by the database). */
export async function closeMonth(db: Db, month: string, opts: { userId?: string | null } = {}): Promise<PeriodJson> {
  const start = `${month}-01`;
  await db.transaction(async (tx) => {
    await rows(tx, sql`select pg_advisory_xact_lock(${PERIOD_LOCK})`);
    if (await isClosed(tx, 'month', start)) return;
    await upsertPeriod(tx, 'month', start, monthEnd(start), 'closed', opts.userId ?? null);
  });
  return (await listPeriods(db, Number(month.slice(0, 4)))).months[Number(month.slice(5, 7)) - 1];
}

/**
 * Reopens a closed month of a year that is still open. The reason, with who gave it, goes to the audit log
 * in the same transaction: a month is never reopened without its reason on record.
 */
export async function reopenMonth(db: Db, month: string, opts: { userId: string | null; reason: string; ip?: string | null }): Promise<PeriodJson> {
  const start = `${month}-01`;
  const year = month.slice(0, 4);
  const reason = opts.reason.trim();
  await db.transaction(async (tx) => {
    await rows(tx, sql`select pg_advisory_xact_lock(${PERIOD_LOCK})`);
    if (await isClosed(tx, 'year', yearStart(year))) throw unprocessable(ledgerMessages.yearClosedCannotReopen(year), 'year_closed');
    if (!(await isClosed(tx, 'month', start))) throw unprocessable(ledgerMessages.periodNotClosed(monthLabel(start)), 'period_not_closed');
    await upsertPeriod(tx, 'month', start, monthEnd(start), 'open', null);
    await recordAudit(tx, {
      actorId: opts.userId,
      action: 'ledger.period.reopen',
      entityType: 'fiscal-period',
      entityId: month,
      summary: `Reopened ${monthLabel(start)}: ${reason}`,
      details: { period: month, reason },
      ip: opts.ip ?? null,
    });
  });
  return (await listPeriods(db, Number(year))).months[Number(month.slice(5, 7)) - 1];
}

/**
 * Year-end close: one closing entry, dated the year's last day, moves every income and expense balance
 * (per account, cost center and property) into retained earnings; then the year and its months lock.
 * Reports leave the closing entry out of profit and loss, and keep it in the balance sheet.
 */
export async function closeYear(db: Db, year: number, opts: { userId?: string | null; today?: string } = {}): Promise<{ year: PeriodJson; closingEntry: { id: string; number: string } | null }> {
  const start = yearStart(year);
  const end = yearEnd(year);
  const today = opts.today ?? todayInDubai();
  if (today <= end) throw unprocessable(ledgerMessages.yearNotEnded(String(year)), 'year_not_ended');

  const closingEntry = await withLedgerErrors(() =>
    db.transaction(async (tx) => {
      await rows(tx, sql`select pg_advisory_xact_lock(${PERIOD_LOCK})`);
      if (await isClosed(tx, 'year', start)) {
        const [p] = await periodRows(tx, start, end).then((r) => r.filter((x) => x.kind === 'year'));
        return p?.closing_entry_id ? { id: p.closing_entry_id, number: formatEntryNumber(p.closing_number ?? '') } : null;
      }
      const prevStart = yearStart(year - 1);
      const [earlier] = await rows(tx, sql`select 1 from ledger_balances where day < ${start} limit 1`);
      if (earlier && !(await isClosed(tx, 'year', prevStart))) throw unprocessable(ledgerMessages.earlierYearOpen(String(year - 1)), 'earlier_year_open');

      const balances = await rows<{ account_id: string; cost_center_id: string | null; property: string | null; net: string }>(
        tx,
        sql`select b.account_id, b.cost_center_id, b.property, sum(b.debit - b.credit)::text as net
              from ledger_balances b join ledger_accounts a on a.id = b.account_id
             where a.type in ('income', 'expense') and b.day <= ${end}
             group by b.account_id, b.cost_center_id, b.property
            having sum(b.debit - b.credit) <> 0
             order by b.account_id, b.cost_center_id, b.property`,
      );
      let entry: { id: string; number: string } | null = null;
      if (balances.length > 0) {
        const [re] = await rows<{ id: string }>(tx, sql`select id from ledger_accounts where code = ${LEDGER_ACCOUNTS.retainedEarnings} and not is_group`);
        if (!re) throw unprocessable(`The retained earnings account ${LEDGER_ACCOUNTS.retainedEarnings} is missing from the chart.`, 'retained_earnings_missing');
        const toRetained = new Map<string, { cc: string | null; property: string | null; net: bigint }>();
        const lines = balances.map((b) => {
          const net = big(b.net);
          const k = `${b.cost_center_id ?? ''}\u0000${b.property ?? ''}`;
          const acc = toRetained.get(k) ?? { cc: b.cost_center_id, property: b.property, net: 0n };
          acc.net += net;
          toRetained.set(k, acc);
          return line(b.account_id, -net, b.cost_center_id, b.property);
        });
        for (const r of toRetained.values()) if (r.net !== 0n) lines.push(line(re.id, r.net, r.cc, r.property));
        const [posted] = await postManyIn(tx, [
          {
            date: end,
            memo: `Year-end close ${year}: income and expenses to retained earnings`,
            source: { module: YEAR_END_SOURCE, id: String(year) },
            authorId: opts.userId ?? null,
            kind: 'closing',
            lines: lines.map((l, i) => ({ accountCode: `#${i}`, debit: l.debit, credit: l.credit })),
            prepared: lines,
          },
        ]);
        entry = { id: posted.id, number: posted.reference };
      }
      await upsertPeriod(tx, 'year', start, end, 'closed', opts.userId ?? null, entry?.id ?? null);
      for (let m = 1; m <= 12; m++) {
        const ms = `${year}-${String(m).padStart(2, '0')}-01`;
        if (!(await isClosed(tx, 'month', ms))) await upsertPeriod(tx, 'month', ms, monthEnd(ms), 'closed', opts.userId ?? null);
      }
      return entry;
    }),
  );
  return { year: (await listPeriods(db, year)).year, closingEntry };
}

/** A line that moves `amount` (positive = debit) on an account, with its dimensions. */
function line(accountId: string, amount: bigint, costCenterId: string | null, property: string | null) {
  return {
    accountId,
    debit: amount > 0n ? amount : 0n,
    credit: amount < 0n ? -amount : 0n,
    currency: 'AED',
    originalAmount: null,
    rate: null,
    costCenterId,
    property,
    memo: null,
  };
}
