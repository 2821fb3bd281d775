/** Helpers the banking services share: rows, the statement line's JSON, text normalisation for matching. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { foldText, sqlRows } from '@api/list';
import { formatEntryNumber } from '@modules/ledger';
import { getBankAccount } from './accounts';
import { statementMessages, type BankAccountJson, type MatchKind, type StatementLineJson, type StatementLineStatus } from './contract';
import type { StatementLineForMatch } from './match-source';

export const rows = <T>(db: Db, query: SQL) => sqlRows<T>(db, query);
export const big = (v: string | number | bigint | null | undefined) => BigInt(v ?? 0);

export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** A bank account by id, or 404 (also for a malformed id). */
export const bankAccountOr404 = (db: Db, id: string): Promise<BankAccountJson> => getBankAccount(db, id);

/** The columns every statement line query selects, as `LineRow`. */
export const LINE_COLUMNS = sql`l.id, l.statement_id, l.bank_account_id, l.date::text as date, l.amount::text as amount, l.description, l.reference, l.counterparty,
  l.bank_ref, l.status, l.match_kind, l.matched_entry_id, l.matched_journal_line_id::text as matched_journal_line_id, l.candidate_key, l.rule_id,
  l.ignore_reason, l.created_entries, (select e.number::text from ledger_journal_entries e where e.id = l.matched_entry_id) as entry_number`;

export type LineRow = {
  id: string;
  statement_id: string;
  bank_account_id: string;
  date: string;
  amount: string;
  description: string;
  reference: string;
  counterparty: string;
  bank_ref: string | null;
  status: StatementLineStatus;
  match_kind: MatchKind | null;
  matched_entry_id: string | null;
  matched_journal_line_id: string | null;
  candidate_key: string | null;
  rule_id: string | null;
  ignore_reason: string | null;
  created_entries: number;
  entry_number: string | null;
};

export const lineJson = (r: LineRow): StatementLineJson => ({
  id: r.id,
  statementId: r.statement_id,
  date: r.date,
  amount: String(r.amount),
  description: r.description,
  reference: r.reference,
  counterparty: r.counterparty,
  bankRef: r.bank_ref,
  status: r.status,
  matchKind: r.match_kind,
  matchedEntryId: r.matched_entry_id,
  matchedEntryReference: r.entry_number ? formatEntryNumber(r.entry_number) : null,
  candidateKey: r.candidate_key,
  ruleId: r.rule_id,
  ignoreReason: r.ignore_reason,
});

/** One statement line of the account, locked for update when `lock`; 404 otherwise. */
export async function loadLine(db: Db, accountId: string, lineId: string, lock = false): Promise<LineRow> {
  if (!isUuid(lineId)) throw notFound(statementMessages.lineNotFound, 'statement_line_not_found');
  const [row] = await rows<LineRow>(db, sql`select ${LINE_COLUMNS} from bank_statement_lines l where l.id = ${lineId} and l.bank_account_id = ${accountId}${lock ? sql` for update` : sql``}`);
  if (!row) throw notFound(statementMessages.lineNotFound, 'statement_line_not_found');
  return row;
}

export function assertUnmatched(line: LineRow) {
  if (line.status !== 'unmatched') throw new AppError('statement_line_not_unmatched', statementMessages.notUnmatched);
}

export const lineForMatch = (line: LineRow, account: BankAccountJson): StatementLineForMatch => ({
  id: line.id,
  bankAccountId: account.id,
  ledgerAccountCode: account.ledgerAccountCode,
  date: line.date,
  amount: big(line.amount),
  description: line.description,
  reference: line.reference,
  counterparty: line.counterparty,
});

/** Lower case, accents folded, only letters, digits and single spaces: "Al-Noor  Trading L.L.C." → "al noor trading l l c". */
export const normalizeText = (s: string) =>
  foldText(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The leading words of a text up to the first one with a digit (a date, an amount, a reference), for patterns that
 * repeat: "ENBD CHARGES ACCOUNT MAINTENANCE 03/2026" → "enbd charges account maintenance". Contiguous, so a
 * rule can look for it as a substring of the normalised description.
 */
export function patternText(s: string, words = 4): string {
  const all = normalizeText(s).split(' ').filter(Boolean);
  const cut = all.findIndex((w) => /\d/.test(w));
  return (cut < 0 ? all : all.slice(0, cut)).slice(0, words).join(' ');
}

export const direction = (amount: bigint): 'in' | 'out' => (amount >= 0n ? 'in' : 'out');

