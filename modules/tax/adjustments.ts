/**
 * Manual VAT adjustments: a journal entry (the VAT account against the account the accountant names) and its
 * tax line (documentType 'adjustment') in one transaction; and their list (list contract, CSV).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { post } from '@modules/ledger';
import { minorToDecimalString } from '@modules/platform/money';
import { isInputBox, adjustmentPosting } from './postings';
import { recordTaxLines } from './record';
import type { AdjustmentInput, TaxAdjustmentJson, adjustmentsQuery } from './return-contract';
import type { VatBox } from './contract';

export async function createAdjustment(db: Db, userId: string, input: AdjustmentInput): Promise<TaxAdjustmentJson> {
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    const posted = await post(tx, adjustmentPosting({ id, date: input.date, box: input.box, vat: input.vat, memo: input.memo, accountCode: input.accountCode, authorId: userId }));
    await recordTaxLines(tx, {
      date: input.date,
      documentType: 'adjustment',
      documentId: id,
      documentNumber: posted.reference,
      counterparty: '',
      entryId: posted.id,
      lines: [{ box: input.box, direction: isInputBox(input.box) ? 'input' : 'output', taxCode: null, taxable: input.taxable, vat: input.vat }],
    });
    await recordAudit(tx, {
      actorId: userId,
      action: 'tax.adjustment',
      entityType: 'tax_adjustment',
      entityId: id,
      summary: `VAT adjustment in box ${input.box} dated ${input.date}: VAT ${minorToDecimalString(input.vat)} against ${input.accountCode} (${posted.reference})`,
      details: { ...input, taxable: input.taxable.toString(), vat: input.vat.toString(), entry: posted.reference },
    });
  });
  const [row] = await page(db, { q: undefined, sort: '-createdAt' }, 1, 0, sql`t.document_id = ${id}`);
  return adjustmentJson(row!);
}

type Row = { id: string; date: string; box: string; taxable: string; vat: string; memo: string; account_code: string; entry_number: string; created_at: string | Date };
export type AdjustmentsQuery = z.output<typeof adjustmentsQuery>;

const FROM = sql`tax_lines t join ledger_journal_entries e on e.id = t.entry_id`;
const SELECT = sql`select t.document_id as id, t.date::text as date, t.box, t.taxable::text, t.vat::text, e.memo, e.number::text as entry_number, t.created_at,
  (select a.code from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
    where l.entry_id = e.id and a.code not in ('2410', '1410') order by l.line_no limit 1) as account_code
  from ${FROM}`;
const SORT = { date: sql`t.date`, createdAt: sql`t.created_at`, vat: sql`t.vat` };
const where = (query: Pick<AdjustmentsQuery, 'q'>, extra?: SQL) =>
  allOf(sql`t.document_type = 'adjustment'`, searchWhere(query.q, [sql`e.memo`, sql`t.box`, sql`'JE-' || lpad(e.number::text, 6, '0')`]), extra) ?? sql`true`;
const page = (db: Db, query: Pick<AdjustmentsQuery, 'q' | 'sort'>, limit: number, offset: number, extra?: SQL) =>
  sqlRows<Row>(db, sql`${SELECT} where ${where(query, extra)} order by ${orderSql(query.sort, SORT, sql`t.id`)} limit ${limit} offset ${offset}`);

const adjustmentJson = (r: Row): TaxAdjustmentJson => ({
  id: r.id,
  date: r.date,
  box: r.box as VatBox,
  taxable: BigInt(r.taxable).toString(),
  vat: BigInt(r.vat).toString(),
  memo: r.memo.replace(/^VAT adjustment, box [0-9a-g]+: /, ''),
  accountCode: r.account_code ?? '',
  entryReference: `JE-${r.entry_number.padStart(6, '0')}`,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function listAdjustments(db: Db, query: AdjustmentsQuery): Promise<{ items: TaxAdjustmentJson[]; total: number }> {
  const [items, [t]] = await Promise.all([page(db, query, query.limit, query.offset), sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where(query)}`)]);
  return { items: items.map(adjustmentJson), total: Number(t?.n ?? 0) };
}

export const ADJUSTMENTS_CSV_HEADER = ['Date', 'Box', 'Taxable (AED)', 'VAT (AED)', 'Account', 'Memo', 'Journal entry', 'Recorded at'] as const;
export async function* adjustmentCsvRows(db: Db, query: AdjustmentsQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = adjustmentJson(r);
    yield [j.date, j.box, minorToDecimalString(BigInt(j.taxable)), minorToDecimalString(BigInt(j.vat)), j.accountCode, j.memo, j.entryReference, j.createdAt];
  }
}
