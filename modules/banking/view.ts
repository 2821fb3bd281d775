/** The reconciliation view (balances, explanation, unmatched lines and their suggestions) and the period report. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { csvResponse, exportName, type CsvCell } from '@api/list';
import { addDays, monthEnd, todayInDubai } from '@modules/platform/dates';
import { filsToDecimal } from '@modules/platform/money';
import { explanationLabels, type ReconciliationJson, type ReconciliationReportJson } from './contract';
import type { MatchSource } from './match-source';
import { reconciliationBalances, statementBalanceAt } from './reconciliation';
import { activeRules } from './rules';
import { bankAccountOr404, big, LINE_COLUMNS, lineJson, rows, type LineRow } from './shared';
import { suggestFor } from './suggestions';

/** Most unmatched lines the view lists (oldest first); the rest wait for the next page of work. */
export const MAX_UNMATCHED = 300;

export async function getReconciliation(db: Db, sources: MatchSource[], accountId: string, q: { from?: string; to?: string }): Promise<ReconciliationJson> {
  const account = await bankAccountOr404(db, accountId);
  const to = q.to ?? todayInDubai();
  const [balances, unmatched, rules] = await Promise.all([
    reconciliationBalances(db, account, to),
    rows<LineRow>(
      db,
      sql`select ${LINE_COLUMNS} from bank_statement_lines l
           where l.bank_account_id = ${account.id} and l.status = 'unmatched' and l.date <= ${to}${q.from ? sql` and l.date >= ${q.from}` : sql``}
           order by l.date, l.amount, l.id limit ${MAX_UNMATCHED}`,
    ),
    activeRules(db, account.id),
  ]);
  return {
    bankAccount: { id: account.id, name: account.name, iban: account.iban, ledgerAccountCode: account.ledgerAccountCode },
    from: q.from ?? null,
    to,
    statementBalance: balances.statementBalance.toString(),
    ledgerBalance: balances.ledgerBalance.toString(),
    difference: balances.difference.toString(),
    explanation: balances.explanation,
    unmatched: unmatched.map(lineJson),
    suggestions: await suggestFor(db, account, unmatched, sources, rules),
  };
}

type CountRow = { status: string; match_kind: string | null; n: string; s: string };

export async function reconciliationReport(db: Db, accountId: string, period: string): Promise<ReconciliationReportJson> {
  const account = await bankAccountOr404(db, accountId);
  const from = `${period}-01`;
  const to = monthEnd(from);
  const [opening, balances, counts, ledger] = await Promise.all([
    statementBalanceAt(db, account.id, addDays(from, -1)),
    reconciliationBalances(db, account, to),
    rows<CountRow>(
      db,
      sql`select status, match_kind, count(*)::text as n, coalesce(sum(amount), 0)::text as s from bank_statement_lines
           where bank_account_id = ${account.id} and date between ${from} and ${to} group by status, match_kind`,
    ),
    rows<{ n: string; s: string }>(
      db,
      sql`select count(*)::text as n, coalesce(sum(j.debit - j.credit), 0)::text as s
            from ledger_journal_lines j join ledger_journal_entries e on e.id = j.entry_id and e.status = 'posted'
            join ledger_accounts a on a.id = j.account_id and a.code = ${account.ledgerAccountCode}
           where j.date between ${from} and ${to} and not exists (select 1 from bank_reconciled_lines r where r.journal_line_id = j.id)`,
    ),
  ]);
  const tally = (pick: (r: CountRow) => boolean) => {
    const hit = counts.filter(pick);
    return { count: hit.reduce((n, r) => n + Number(r.n), 0), total: hit.reduce((s, r) => s + big(r.s), 0n).toString() };
  };
  return {
    period,
    from,
    to,
    openingStatementBalance: opening?.toString() ?? null,
    closingStatementBalance: balances.statementBalance.toString(),
    ledgerBalance: balances.ledgerBalance.toString(),
    difference: balances.difference.toString(),
    matched: tally((r) => r.status === 'matched' && r.match_kind !== 'created'),
    created: tally((r) => r.status === 'matched' && r.match_kind === 'created'),
    ignored: tally((r) => r.status === 'ignored'),
    unmatched: tally((r) => r.status === 'unmatched'),
    unreconciledLedger: { count: Number(ledger[0]!.n), total: ledger[0]!.s },
    explanation: balances.explanation,
  };
}

const aed = (fils: string | null) => (fils === null ? '' : filsToDecimal(BigInt(fils)));

/** The report as CSV: the summary rows, then what remains unreconciled. */
export function reportCsv(r: ReconciliationReportJson, accountName: string): Response {
  const lines: CsvCell[][] = [
    ['Summary', r.to, `Bank reconciliation ${r.period}, ${accountName}`, ''],
    ['Summary', r.from, 'Opening statement balance', aed(r.openingStatementBalance)],
    ['Summary', r.to, 'Closing statement balance', aed(r.closingStatementBalance)],
    ['Summary', r.to, 'Ledger balance', aed(r.ledgerBalance)],
    ['Summary', r.to, 'Difference (statement − ledger)', aed(r.difference)],
    ['Summary', r.to, `Matched to the books: ${r.matched.count} lines`, aed(r.matched.total)],
    ['Summary', r.to, `Entries created from the statement: ${r.created.count} lines`, aed(r.created.total)],
    ['Summary', r.to, `Ignored: ${r.ignored.count} lines`, aed(r.ignored.total)],
    ['Summary', r.to, `Still unmatched: ${r.unmatched.count} lines`, aed(r.unmatched.total)],
    ['Summary', r.to, `Journal lines not on the statement: ${r.unreconciledLedger.count}`, aed(r.unreconciledLedger.total)],
    ...r.explanation.map((i) => [explanationLabels[i.kind], i.date, [i.entryReference, i.description].filter(Boolean).join(' '), aed(i.amount)]),
  ];
  return csvResponse(exportName(`bank-reconciliation-${r.period}`), ['Section', 'Date', 'Description', 'Amount (AED)'], lines);
}
