/**
 * Banking's journal entries, one pure builder per document (decision 016):
 *   an entry created from a statement line (a bank charge, interest, anything the books miss)
 *     money in   Dr the bank's ledger account (e.g. 1110) / Cr the chosen account (e.g. 4910 interest)
 *     money out  Dr the chosen account (e.g. 6700 bank charges) / Cr the bank's ledger account
 * The cost center, when given, is on the chosen account's line (the bank account itself is not split by it).
 */
import type { PostingEntry, PostingLine } from '@modules/ledger';

export const STATEMENT_LINE_SOURCE = 'banking.statement-line';

export type StatementLineEntryDocument = {
  lineId: string;
  /** How many entries were created for this line before (so a reversed one's source is never reused). */
  attempt: number;
  date: string;
  /** Signed fils: positive money in, negative money out. */
  amount: bigint;
  bankLedgerCode: string;
  bankName: string;
  accountCode: string;
  memo: string;
  costCenter?: string | null;
  authorId: string | null;
};

export function statementLineEntry(d: StatementLineEntryDocument): PostingEntry {
  if (d.amount === 0n) throw new RangeError('a statement line entry needs an amount');
  const abs = d.amount < 0n ? -d.amount : d.amount;
  const memo = d.memo.slice(0, 300);
  const bank: PostingLine = { accountCode: d.bankLedgerCode, memo };
  const other: PostingLine = { accountCode: d.accountCode, memo, costCenter: d.costCenter ?? null };
  const lines: PostingLine[] = d.amount > 0n ? [{ ...bank, debit: abs }, { ...other, credit: abs }] : [{ ...other, debit: abs }, { ...bank, credit: abs }];
  return {
    date: d.date,
    memo: `${memo} (bank statement line, ${d.bankName})`.slice(0, 1000),
    source: { module: STATEMENT_LINE_SOURCE, id: d.attempt === 0 ? d.lineId : `${d.lineId}/${d.attempt}` },
    authorId: d.authorId,
    lines,
  };
}
