/**
 * The one monthly read the ledger's reports don't offer: posted totals per account, month, cost center and
 * property over a period, from the ledger's precomputed balances (ledger_balances, kept by the posting trigger),
 * so its cost follows accounts × days, not journal lines. Period totals come from the ledger's own reports
 * (trialBalance, profitAndLoss); the tests hold these monthly figures against them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { loadAccounts, type Account } from '@modules/ledger/reports';
import { rows } from '@modules/ledger/sql';

export type MonthlyRow = { code: string; month: string; costCenter: string | null; property: string | null; debit: bigint; credit: bigint };

/** Debits and credits per account code, month ('YYYY-MM'), cost center code and property in [from, to]. */
export async function monthlyMovements(db: Db, from: string, to: string, opts: { excludeClosing?: boolean; codes?: string[] } = {}): Promise<MonthlyRow[]> {
  if (opts.codes && opts.codes.length === 0) return [];
  const found = await rows<{ code: string; month: string; cc: string | null; property: string | null; d: string; c: string }>(
    db,
    sql`select a.code, to_char(b.day, 'YYYY-MM') as month, c.code as cc, b.property, sum(b.debit)::text as d, sum(b.credit)::text as c
          from ledger_balances b
          join ledger_accounts a on a.id = b.account_id
          left join ledger_cost_centers c on c.id = b.cost_center_id
         where b.day between ${from} and ${to}${opts.excludeClosing ? sql` and not b.is_closing` : sql``}${
           opts.codes ? sql` and a.code in (${sql.join(opts.codes.map((code) => sql`${code}`), sql`, `)})` : sql``
         }
         group by a.code, to_char(b.day, 'YYYY-MM'), c.code, b.property`,
  );
  return found.map((r) => ({ code: r.code, month: r.month, costCenter: r.cc, property: r.property, debit: BigInt(r.d), credit: BigInt(r.c) }));
}

export type Chart = { accounts: Account[]; byCode: Map<string, Account>; descendants: (code: string) => Account[] };

/** The chart with a helper for the posting accounts under a code (the account itself when it is one). */
export async function loadChart(db: Db): Promise<Chart> {
  const accounts = await loadAccounts(db);
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const children = new Map<string, Account[]>();
  for (const a of accounts) if (a.parentId) children.set(a.parentId, [...(children.get(a.parentId) ?? []), a]);
  const descendants = (code: string): Account[] => {
    const root = byCode.get(code);
    if (!root) return [];
    const out: Account[] = [];
    const walk = (a: Account) => {
      if (!a.isGroup) out.push(a);
      for (const c of children.get(a.id) ?? []) walk(c);
    };
    walk(root);
    return out;
  };
  return { accounts, byCode, descendants };
}

/** Sums a natural-sign amount (debit − credit, or credit − debit) per month over rows that pass `keep`. */
export function byMonth(months: string[], list: MonthlyRow[], keep: (r: MonthlyRow) => boolean, sign: 'debit' | 'credit'): Map<string, bigint> {
  const out = new Map(months.map((m) => [m, 0n]));
  for (const r of list) {
    if (!keep(r) || !out.has(r.month)) continue;
    out.set(r.month, out.get(r.month)! + (sign === 'debit' ? r.debit - r.credit : r.credit - r.debit));
  }
  return out;
}
