/**
 * Shared set-up for the tax suites (not a test file itself): documents as the receivables and purchasing
 * modules post them (a journal entry through `post` and its tax lines through recordTaxLines, with the
 * entry's id), fee charges posted straight to the ledger with no tax lines, and readers for the VAT accounts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { LEDGER_ACCOUNTS as A, post, type PostingLine } from '@modules/ledger';
import { reverseChargeVat, taxLinesFor, vatFor, type Emirate, type TaxCode, type TaxLineInput } from './contract';
import { recordTaxLines } from './record';

let n = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

export type DocLine = { taxCode: TaxCode; net: bigint; emirate: Emirate };
export type Doc = { kind: 'invoice' | 'credit_note' | 'bill' | 'debit_note'; date: string; lines: DocLine[]; counterparty?: string };

/** The tax lines a document records (what the posting modules compute with taxLinesFor). */
export function docTaxLines(doc: Doc): TaxLineInput[] {
  const sales = doc.kind === 'invoice' || doc.kind === 'credit_note';
  const sign = doc.kind === 'credit_note' || doc.kind === 'debit_note' ? -1 : 1;
  return doc.lines.flatMap((l) => taxLinesFor(sales ? 'sales' : 'purchases', { ...l, vat: vatFor(l.net, l.taxCode) }, sign));
}

/** The journal lines of a document: invoices on 1330/4300/2410, bills on 2310/6310/1410 (reverse charge: Dr 1410 / Cr 2410). */
function docLines(doc: Doc): PostingLine[] {
  const sales = doc.kind === 'invoice' || doc.kind === 'credit_note';
  const note = doc.kind === 'credit_note' || doc.kind === 'debit_note';
  const net = doc.lines.reduce((s, l) => s + l.net, 0n);
  const vat = doc.lines.reduce((s, l) => s + vatFor(l.net, l.taxCode), 0n);
  const rc = sales ? 0n : doc.lines.filter((l) => l.taxCode === 'reverse_charge' || l.taxCode === 'import').reduce((s, l) => s + reverseChargeVat(l.net), 0n);
  const dr = (accountCode: string, amount: bigint): PostingLine[] => (amount > 0n ? [note ? { accountCode, credit: amount } : { accountCode, debit: amount }] : []);
  const cr = (accountCode: string, amount: bigint): PostingLine[] => (amount > 0n ? [note ? { accountCode, debit: amount } : { accountCode, credit: amount }] : []);
  if (sales) return [...dr(A.tradeReceivables, net + vat), ...cr(A.serviceIncome, net), ...cr(A.vatOutput, vat)];
  return [...dr(A.technology, net), ...dr(A.vatInput, vat + rc), ...cr(A.tradePayables, net + vat), ...cr(A.vatOutput, rc)];
}

/** Posts a document and records its tax lines in one transaction, as the posting modules do. */
export async function postDocument(db: Db, doc: Doc): Promise<{ id: string; number: string }> {
  const id = nextId(doc.kind);
  const number = `${doc.kind.toUpperCase().replace('_', '-')}-${n}`;
  await db.transaction(async (tx) => {
    const lines = docLines(doc);
    const entry = lines.length >= 2 ? await post(tx, { date: doc.date, memo: number, source: { module: `test.${doc.kind}`, id }, lines }) : null;
    await recordTaxLines(tx, { date: doc.date, documentType: doc.kind, documentId: id, documentNumber: number, counterparty: doc.counterparty ?? 'Test counterparty', entryId: entry?.id ?? null, lines: docTaxLines(doc) });
  });
  return { id, number };
}

/** A fee charged to an investor with 5% VAT, posted by another module with no tax lines: Dr 1310 / Cr 41x0 / Cr 2410. */
export async function postFeeCharge(db: Db, date: string, fee: bigint, account: string = A.platformFees) {
  const vat = vatFor(fee, 'standard');
  return post(db, {
    date,
    memo: 'Platform fee charged',
    source: { module: 'test.fee', id: nextId('fee') },
    lines: [{ accountCode: A.feesReceivable, debit: fee + vat }, { accountCode: account, credit: fee }, ...(vat > 0n ? [{ accountCode: A.vatOutput, credit: vat }] : [])],
  });
}

/** Input VAT booked by a journal entry with no tax lines: Dr 1410 / Cr 2320. */
export async function postJournalInputVat(db: Db, date: string, vat: bigint) {
  return post(db, { date, memo: 'VAT on an expense claim', source: { module: 'test.journal', id: nextId('je') }, lines: [{ accountCode: A.vatInput, debit: vat }, { accountCode: A.accruedExpenses, credit: vat }] });
}

/** Credit − debit on 2410 and debit − credit on 1410 in [from, to], read from the journal lines themselves. */
export async function vatMovements(db: Db, from: string, to: string): Promise<{ output: bigint; input: bigint }> {
  const [r] = await sqlRows<{ o: string; i: string }>(
    db,
    sql`select coalesce(sum(l.credit - l.debit) filter (where a.code = '2410'), 0)::text as o, coalesce(sum(l.debit - l.credit) filter (where a.code = '1410'), 0)::text as i
          from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id join ledger_journal_entries e on e.id = l.entry_id
         where e.status = 'posted' and l.date between ${from} and ${to}`,
  );
  return { output: BigInt(r!.o), input: BigInt(r!.i) };
}

/** The journal lines of the entry a source posted: [code, debit, credit]. */
export async function entryLines(db: Db, module: string, id: string): Promise<[string, string, string][]> {
  const found = await sqlRows<{ code: string; d: string; c: string }>(
    db,
    sql`select a.code, l.debit::text as d, l.credit::text as c from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
          join ledger_journal_entries e on e.id = l.entry_id where e.source_module = ${module} and e.source_id = ${id} order by l.line_no`,
  );
  return found.map((r) => [r.code, r.d, r.c]);
}
