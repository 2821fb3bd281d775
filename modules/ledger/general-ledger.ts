/** The general ledger: posted lines with each account's running balance, opening from the precomputed balances. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { formatEntryNumber, ledgerMessages, type GeneralLedgerJson, type GeneralLedgerLine } from './contract';
import { normalizeRate } from '../platform/money';
import { big, rows } from './sql';
import { filterSql, loadAccounts, movements, resolveFilters, resolveRange, type Account, type Filters, type Movement, type ReportRange } from './reports';

async function accountScope(db: Db, code: string | undefined): Promise<{ root: Account | null; ids: string[] | null }> {
  if (!code) return { root: null, ids: null };
  const accounts = await loadAccounts(db);
  const root = accounts.find((a) => a.code === code);
  if (!root) throw notFound(ledgerMessages.accountNotFound(code), 'account_not_found');
  const children = new Map<string, string[]>();
  for (const a of accounts) if (a.parentId) children.set(a.parentId, [...(children.get(a.parentId) ?? []), a.id]);
  const ids = [root.id];
  for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i]) ?? []));
  return { root, ids };
}

type GlLineRow = {
  line_id: string;
  line_no: number;
  date: string;
  entry_id: string;
  number: string;
  kind: string;
  memo: string;
  line_memo: string | null;
  code: string;
  name: string;
  account_id: string;
  debit: string;
  credit: string;
  balance: string;
  currency: string;
  original_amount: string | null;
  rate: string | null;
  cc: string | null;
  property: string | null;
  source_module: string;
  source_id: string;
};

const toGlLine = (r: GlLineRow): GeneralLedgerLine => ({
  date: r.date,
  entryId: r.entry_id,
  entryNumber: formatEntryNumber(r.number),
  kind: r.kind,
  memo: r.memo,
  lineMemo: r.line_memo,
  accountCode: r.code,
  accountName: r.name,
  debit: r.debit,
  credit: r.credit,
  balance: r.balance,
  currency: r.currency,
  originalAmount: r.original_amount,
  rate: r.rate ? normalizeRate(r.rate) : null,
  costCenter: r.cc,
  property: r.property,
  source: { module: r.source_module, id: r.source_id },
});

function lineFilter(from: string, to: string, f: Filters, ids: string[] | null): SQL {
  return sql`e.status = 'posted' and l.date between ${from} and ${to}${filterSql(f, 'l')}${
    ids ? sql` and l.account_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``
  }`;
}

/**
 * Lines of posted entries in [from, to] for an account (with its sub-accounts), a cost center (with its
 * sub-centers) and/or a property, each with its account's running balance; opening balances come from the
 * precomputed balances, so page 7 starts from the right balance without reading pages 1–6.
 */
export async function generalLedger(db: Db, q: ReportRange & { account?: string; limit?: number; offset?: number }): Promise<GeneralLedgerJson> {
  const { from, to } = resolveRange(q);
  const limit = q.limit ?? 100;
  const offset = q.offset ?? 0;
  const [f, scope, accounts] = await Promise.all([resolveFilters(db, q), accountScope(db, q.account), loadAccounts(db)]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const m = await movements(db, from, to, f);
  const scopeIds = scope.ids ? new Set(scope.ids) : null;
  const inScope = [...m.entries()].filter(([id]) => !scopeIds || scopeIds.has(id));
  const summary = inScope
    .map(([id, mv]) => {
      const a = byId.get(id)!;
      const opening = mv.openDebit - mv.openCredit;
      return { a, row: { accountCode: a.code, accountName: a.name, opening: opening.toString(), debit: mv.debit.toString(), credit: mv.credit.toString(), closing: (opening + mv.debit - mv.credit).toString() } };
    })
    .filter((s) => s.row.opening !== '0' || s.row.debit !== '0' || s.row.credit !== '0')
    .sort((x, y) => (x.a.code < y.a.code ? -1 : 1))
    .map((s) => s.row);
  const openingBalance = summary.reduce((s, r) => s + BigInt(r.opening), 0n);
  const closingBalance = summary.reduce((s, r) => s + BigInt(r.closing), 0n);

  const where = lineFilter(from, to, f, scope.ids);
  const openingSql = sql`select account_id, sum(debit - credit) as net from ledger_balances where day < ${from}${filterSql(f)} group by account_id`;
  const lines = await rows<GlLineRow>(
    db,
    sql`with opening as (${openingSql}),
        gl as (
          select l.id as line_id, l.line_no, l.date, e.id as entry_id, e.number, e.kind, e.memo, l.memo as line_memo, l.account_id,
                 l.debit, l.credit, l.currency, l.original_amount, l.rate, l.cost_center_id, l.property, e.source_module, e.source_id,
                 coalesce(o.net, 0) + sum(l.debit - l.credit) over (partition by l.account_id order by l.date, e.number, l.line_no rows between unbounded preceding and current row) as balance
            from ledger_journal_lines l
            join ledger_journal_entries e on e.id = l.entry_id
            left join opening o on o.account_id = l.account_id
           where ${where})
        select gl.line_id::text, gl.line_no, gl.date::text, gl.entry_id, gl.number::text, gl.kind, gl.memo, gl.line_memo, a.code, a.name, gl.account_id,
               gl.debit::text, gl.credit::text, gl.balance::text, gl.currency, gl.original_amount::text, gl.rate::text, c.code as cc, gl.property,
               gl.source_module, gl.source_id
          from gl join ledger_accounts a on a.id = gl.account_id left join ledger_cost_centers c on c.id = gl.cost_center_id
         order by a.code, gl.date, gl.number, gl.line_no
         limit ${limit} offset ${offset}`,
  );
  const [count] = await rows<{ n: string; d: string; c: string }>(
    db,
    sql`select count(*)::text as n, coalesce(sum(l.debit), 0)::text as d, coalesce(sum(l.credit), 0)::text as c
          from ledger_journal_lines l join ledger_journal_entries e on e.id = l.entry_id where ${where}`,
  );
  return {
    from,
    to,
    account: scope.root ? { code: scope.root.code, name: scope.root.name, type: scope.root.type } : null,
    accounts: summary,
    openingBalance: openingBalance.toString(),
    closingBalance: closingBalance.toString(),
    totals: { debit: count.d, credit: count.c },
    lines: lines.map(toGlLine),
    page: { limit, offset, total: Number(count.n) },
  };
}

/**
 * Every general-ledger line in scope, account by account, read in chunks by key (never OFFSET), with the
 * running balance carried in TypeScript from the precomputed opening. Used by the CSV export.
 */
export async function generalLedgerLines(db: Db, q: ReportRange & { account?: string }, chunk = 5000): Promise<AsyncGenerator<GeneralLedgerLine[]>> {
  const { from, to } = resolveRange(q);
  const [f, scope] = await Promise.all([resolveFilters(db, q), accountScope(db, q.account)]);
  const m = await movements(db, from, to, f);
  const scopeIds = scope.ids ? new Set(scope.ids) : null;
  const accounts = (await loadAccounts(db)).filter((a) => m.has(a.id) && (!scopeIds || scopeIds.has(a.id)));
  return linesByAccount(db, accounts, m, from, to, f, chunk);
}

async function* linesByAccount(db: Db, accounts: Account[], m: Map<string, Movement>, from: string, to: string, f: Filters, chunk: number): AsyncGenerator<GeneralLedgerLine[]> {
  for (const a of accounts) {
    const mv = m.get(a.id)!;
    let balance = mv.openDebit - mv.openCredit;
    let after: [string, string, number] | null = null;
    for (;;) {
      const page: GlLineRow[] = await rows<GlLineRow>(
        db,
        sql`select l.id::text as line_id, l.line_no, l.date::text, e.id as entry_id, e.number::text, e.kind, e.memo, l.memo as line_memo,
                   ${a.code} as code, ${a.name} as name, l.account_id, l.debit::text, l.credit::text, '0' as balance, l.currency,
                   l.original_amount::text, l.rate::text, c.code as cc, l.property, e.source_module, e.source_id
              from ledger_journal_lines l join ledger_journal_entries e on e.id = l.entry_id
              left join ledger_cost_centers c on c.id = l.cost_center_id
             where ${lineFilter(from, to, f, [a.id])}
               ${after ? sql`and (l.date, e.number, l.line_no) > (${after[0]}::date, ${after[1]}::bigint, ${after[2]})` : sql``}
             order by l.date, e.number, l.line_no
             limit ${chunk}`,
      );
      if (page.length === 0) break;
      for (const r of page) {
        balance += big(r.debit) - big(r.credit);
        r.balance = balance.toString();
      }
      yield page.map(toGlLine);
      const last = page[page.length - 1];
      after = [last.date, last.number, Number(last.line_no)];
      if (page.length < chunk) break;
    }
  }
}

