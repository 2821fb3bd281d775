/**
 * The reconciliation's balances and the explanation of their difference. The statement balance comes from the
 * imported statements (the last closing balance, plus later lines); the ledger balance from the ledger's
 * precomputed balances of the bank's ledger account. From the first statement's start on, every statement
 * line and every journal line on that account is either paired (a match: equal amounts, so they cancel) or an
 * item of the explanation, and the brought-forward balances make up the rest, so the items always add up to
 * statement − ledger.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { formatEntryNumber } from '@modules/ledger';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import type { BankAccountJson, ExplanationItemJson } from './contract';
import { big, rows } from './shared';

/** Most items the explanation lists one by one; the rest are summed into one 'more' item. */
export const MAX_EXPLANATION_ITEMS = 400;

/** The bank's balance at the end of `date` by the imported statements, or null when nothing was imported. */
export async function statementBalanceAt(db: Db, accountId: string, date: string): Promise<bigint | null> {
  const [anchor] = await rows<{ period_to: string; closing_balance: string }>(
    db,
    sql`select period_to::text, closing_balance::text from bank_statements
         where bank_account_id = ${accountId} and closing_balance is not null and period_to is not null and period_to <= ${date}
         order by period_to desc, created_at desc limit 1`,
  );
  const sum = async (after: string | null, from: string | null) => {
    const [r] = await rows<{ s: string; n: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as s, count(*)::text as n from bank_statement_lines
           where bank_account_id = ${accountId} and date <= ${date}${after ? sql` and date > ${after}` : sql``}${from ? sql` and date >= ${from}` : sql``}`,
    );
    return { sum: big(r!.s), count: Number(r!.n) };
  };
  if (anchor) return big(anchor.closing_balance) + (await sum(anchor.period_to, null)).sum;
  const [opening] = await rows<{ period_from: string; opening_balance: string }>(
    db,
    sql`select coalesce(period_from, (select min(date) from bank_statement_lines where statement_id = s.id))::text as period_from, opening_balance::text
          from bank_statements s where bank_account_id = ${accountId} and opening_balance is not null order by 1 asc nulls last limit 1`,
  );
  if (opening?.period_from) return big(opening.opening_balance) + (await sum(null, opening.period_from)).sum;
  const all = await sum(null, null);
  const [any] = await rows<{ n: string }>(db, sql`select count(*)::text as n from bank_statements where bank_account_id = ${accountId}`);
  return Number(any!.n) === 0 && all.count === 0 ? null : all.sum;
}

/** The ledger balance (debit − credit) of a ledger account at the end of `date`, from the precomputed balances. */
export async function ledgerBalanceAt(db: Db, ledgerAccountCode: string, date: string): Promise<bigint> {
  const [r] = await rows<{ b: string }>(
    db,
    sql`select coalesce(sum(b.debit - b.credit), 0)::text as b from ledger_balances b join ledger_accounts a on a.id = b.account_id
         where a.code = ${ledgerAccountCode} and b.day <= ${date}`,
  );
  return big(r!.b);
}

/** The first day the reconciliation covers: the earliest statement's start or line. */
export async function reconciliationStart(db: Db, accountId: string): Promise<string | null> {
  const [r] = await rows<{ d: string | null }>(
    db,
    sql`select least((select min(period_from) from bank_statements where bank_account_id = ${accountId}),
                     (select min(date) from bank_statement_lines where bank_account_id = ${accountId}))::text as d`,
  );
  return r?.d ?? null;
}

type StatementItemRow = { id: string; date: string; amount: string; description: string; counterparty: string; status: string; jl_date: string | null; jl_id: string | null; entry_number: string | null };
type LedgerItemRow = { id: string; date: string; net: string; memo: string; line_memo: string | null; number: string; stmt_date: string | null; statement_line_id: string | null; reconciled: boolean };

export type Balances = { statementBalance: bigint; ledgerBalance: bigint; difference: bigint; explanation: ExplanationItemJson[]; start: string | null };

export async function reconciliationBalances(db: Db, account: BankAccountJson, to: string = todayInDubai()): Promise<Balances> {
  const [statementAt, ledgerBalance, start] = await Promise.all([statementBalanceAt(db, account.id, to), ledgerBalanceAt(db, account.ledgerAccountCode, to), reconciliationStart(db, account.id)]);
  const statementBalance = statementAt ?? 0n;
  const difference = statementBalance - ledgerBalance;
  if (!start || start > to) {
    const explanation: ExplanationItemJson[] = difference === 0n ? [] : [item('opening', null, `No bank statement covers ${to} yet; the books show ${formatAed(ledgerBalance)}.`, difference)];
    return { statementBalance, ledgerBalance, difference, explanation, start };
  }
  const [bankLines, bookLines, ledgerOpening] = await Promise.all([
    rows<StatementItemRow>(
      db,
      sql`select l.id, l.date::text, l.amount::text, l.description, l.counterparty, l.status, j.date::text as jl_date, j.id::text as jl_id, e.number::text as entry_number
            from bank_statement_lines l
            left join bank_reconciled_lines r on r.statement_line_id = l.id
            left join ledger_journal_lines j on j.id = r.journal_line_id
            left join ledger_journal_entries e on e.id = j.entry_id
           where l.bank_account_id = ${account.id} and l.date <= ${to}
             and (l.status <> 'matched' or j.date is null or j.date > ${to} or j.date < ${start})
           order by l.date, l.id`,
    ),
    rows<LedgerItemRow>(
      db,
      sql`select j.id::text, j.date::text, (j.debit - j.credit)::text as net, e.memo, j.memo as line_memo, e.number::text,
                 s.date::text as stmt_date, r.statement_line_id, r.id is not null as reconciled
            from ledger_journal_lines j
            join ledger_journal_entries e on e.id = j.entry_id and e.status = 'posted'
            join ledger_accounts a on a.id = j.account_id and a.code = ${account.ledgerAccountCode}
            left join bank_reconciled_lines r on r.journal_line_id = j.id
            left join bank_statement_lines s on s.id = r.statement_line_id
           where j.date between ${start} and ${to}
             and (r.id is null or r.statement_line_id is null or s.date > ${to})
           order by j.date, e.number, j.line_no`,
    ),
    ledgerBalanceAt(db, account.ledgerAccountCode, addDays(start, -1)),
  ]);
  const bankSum = await rows<{ s: string }>(db, sql`select coalesce(sum(amount), 0)::text as s from bank_statement_lines where bank_account_id = ${account.id} and date <= ${to}`);
  const broughtForward = statementBalance - big(bankSum[0]!.s);

  const items: ExplanationItemJson[] = [];
  const openingGap = broughtForward - ledgerOpening;
  if (openingGap !== 0n) {
    items.push(item('opening', addDays(start, -1), `The bank brought forward ${formatAed(broughtForward)} before ${start}; the books showed ${formatAed(ledgerOpening)} that day.`, openingGap));
  }
  for (const l of bankLines) {
    const text = [l.description, l.counterparty].filter(Boolean).join(' · ') || 'Statement line';
    const amount = big(l.amount);
    if (l.status === 'unmatched') items.push({ ...item('in_bank_not_books', l.date, text, amount), statementLineId: l.id });
    else if (l.status === 'ignored') items.push({ ...item('ignored_in_bank', l.date, text, amount), statementLineId: l.id });
    else
      items.push({
        ...item('matched_outside_period', l.date, `${text} (booked ${l.jl_date ?? 'outside the period'} in ${l.entry_number ? formatEntryNumber(l.entry_number) : 'the books'})`, amount),
        statementLineId: l.id,
        journalLineId: l.jl_id,
        entryReference: l.entry_number ? formatEntryNumber(l.entry_number) : null,
      });
  }
  let reversedHere = 0n;
  for (const j of bookLines) {
    const net = big(j.net);
    if (j.reconciled && !j.statement_line_id) {
      reversedHere += net;
      continue;
    }
    const ref = formatEntryNumber(j.number);
    const text = j.line_memo || j.memo || 'Journal line';
    if (!j.reconciled) items.push({ ...item('in_books_not_bank', j.date, text, -net), journalLineId: j.id, entryReference: ref });
    else items.push({ ...item('reconciled_outside_period', j.date, `${text} (on the bank statement ${j.stmt_date})`, -net), journalLineId: j.id, entryReference: ref, statementLineId: j.statement_line_id });
  }
  if (reversedHere !== 0n) items.push(item('reversed_here', to, 'Entries created from statement lines whose reversal is dated after this date', -reversedHere));
  return { statementBalance, ledgerBalance, difference, explanation: capItems(items), start };
}

function item(kind: ExplanationItemJson['kind'], date: string | null, description: string, amount: bigint): ExplanationItemJson {
  return { kind, date, description, amount: amount.toString(), statementLineId: null, journalLineId: null, entryReference: null };
}

function capItems(items: ExplanationItemJson[]): ExplanationItemJson[] {
  if (items.length <= MAX_EXPLANATION_ITEMS) return items;
  const kept = items.slice(0, MAX_EXPLANATION_ITEMS - 1);
  const rest = items.slice(MAX_EXPLANATION_ITEMS - 1);
  const sum = rest.reduce((s, i) => s + BigInt(i.amount), 0n);
  return [...kept, item('more', null, `${rest.length} more lines, listed in the statement lines and the general ledger`, sum)];
}
