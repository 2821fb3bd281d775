/**
 * The drill-down of a VAT 201 box: the documents behind it (their tax lines in the box, grouped per document)
 * and, for the default emirate's box and box 9, the journal entries on the VAT accounts that carry no tax
 * lines (platform charges to investors; other recoverable VAT). List contract with CSV export; the totals
 * of the whole filtered set come with each page.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { minorToDecimalString } from '@modules/platform/money';
import { EMIRATE_BOX } from './contract';
import { boxGroupLabels, type BoxDocumentJson, type BoxDocumentsResult, type BoxGroup, type DocumentBox, type boxDocumentsQuery } from './return-contract';
import { FEE_INCOME_ACCOUNTS, resolvePeriod } from './vat-return';

export type BoxDocumentsQuery = z.output<typeof boxDocumentsQuery>;
type Row = {
  grp: BoxGroup;
  document_type: string;
  document_id: string;
  document_number: string;
  date: string;
  counterparty: string;
  memo: string;
  source_module: string | null;
  taxable: string;
  vat: string;
};

const codes = (list: readonly string[]) => sql.join(list.map((c) => sql`${c}`), sql`, `);

/** The rows behind a box as one SQL relation: documents, then the ledger group the box has (if any). */
function relation(box: DocumentBox, from: string, to: string, defaultBox: string): SQL {
  const documents = sql`select 'documents' as grp, t.document_type, t.document_id, t.document_number, min(t.date)::text as date,
      max(t.counterparty) as counterparty, '' as memo, null::text as source_module, sum(t.taxable) as taxable, sum(t.vat) as vat
    from tax_lines t where t.box = ${box} and t.date between ${from} and ${to} and t.document_type <> 'settlement'
    group by t.document_type, t.document_id, t.document_number`;
  // Journal entries with no tax lines: what the VAT accounts' movement holds beyond the tax lines.
  const ledgerGroup = (group: BoxGroup, accounts: readonly string[], taxable: SQL, vat: SQL) => sql`
    select ${group}::text as grp, 'journal_entry' as document_type, e.id::text as document_id, 'JE-' || lpad(e.number::text, 6, '0') as document_number,
      e.date::text as date, '' as counterparty, e.memo, e.source_module, ${taxable} as taxable, ${vat} as vat
    from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id join ledger_journal_entries e on e.id = l.entry_id
    where l.date between ${from} and ${to} and a.code in (${codes(accounts)}) and e.status = 'posted' and e.kind <> 'closing'
      and not exists (select 1 from tax_lines x where x.entry_id = e.id)
    group by e.id, e.number, e.date, e.memo, e.source_module`;
  const parts = [documents];
  if (box === defaultBox) {
    parts.push(
      ledgerGroup(
        'platform_charges',
        [LEDGER_ACCOUNTS.vatOutput, ...FEE_INCOME_ACCOUNTS],
        sql`coalesce(sum(l.credit - l.debit) filter (where a.code in (${codes(FEE_INCOME_ACCOUNTS)})), 0)`,
        sql`coalesce(sum(l.credit - l.debit) filter (where a.code = ${LEDGER_ACCOUNTS.vatOutput}), 0)`,
      ),
    );
  }
  if (box === '9') parts.push(ledgerGroup('journal_entries', [LEDGER_ACCOUNTS.vatInput], sql`0::numeric`, sql`sum(l.debit - l.credit)`));
  return sql`(${sql.join(parts, sql` union all `)}) d`;
}

const SORT = { date: sql`d.date`, number: sql`d.document_number`, taxable: sql`d.taxable`, vat: sql`d.vat` };
const where = (q: BoxDocumentsQuery) =>
  allOf(searchWhere(q.q, [sql`d.document_number`, sql`d.counterparty`, sql`d.memo`, sql`d.document_type`, sql`d.source_module`]), q.group && sql`d.grp = ${q.group}`) ?? sql`true`;

async function context(db: Db, key: string, box: DocumentBox) {
  const { settings, period } = await resolvePeriod(db, key);
  return relation(box, period.from, period.to, EMIRATE_BOX[settings.defaultEmirate]);
}

const page = (db: Db, rel: SQL, q: BoxDocumentsQuery, limit: number, offset: number) =>
  sqlRows<Row>(
    db,
    sql`select d.grp, d.document_type, d.document_id, d.document_number, d.date, d.counterparty, d.memo, d.source_module, d.taxable::text as taxable, d.vat::text as vat
          from ${rel} where ${where(q)} order by ${orderSql(q.sort, SORT, sql`d.document_id`)} limit ${limit} offset ${offset}`,
  );

const json = (r: Row): BoxDocumentJson => ({
  group: r.grp,
  documentType: r.document_type,
  documentId: r.document_id,
  documentNumber: r.document_number,
  date: r.date,
  counterparty: r.counterparty,
  memo: r.memo,
  sourceModule: r.source_module,
  taxable: BigInt(r.taxable).toString(),
  vat: BigInt(r.vat).toString(),
});

export async function listBoxDocuments(db: Db, key: string, box: DocumentBox, q: BoxDocumentsQuery): Promise<BoxDocumentsResult> {
  const rel = await context(db, key, box);
  const [items, [t]] = await Promise.all([
    page(db, rel, q, q.limit, q.offset),
    sqlRows<{ n: number; taxable: string; vat: string }>(db, sql`select count(*)::int as n, coalesce(sum(d.taxable), 0)::text as taxable, coalesce(sum(d.vat), 0)::text as vat from ${rel} where ${where(q)}`),
  ]);
  return { items: items.map(json), total: Number(t?.n ?? 0), totals: { taxable: BigInt(t?.taxable ?? '0').toString(), vat: BigInt(t?.vat ?? '0').toString() } };
}

export const BOX_DOCUMENTS_CSV_HEADER = ['Group', 'Type', 'Number', 'Date', 'Counterparty', 'Memo', 'Source', 'Taxable (AED)', 'VAT (AED)'] as const;
export async function boxDocumentCsvRows(db: Db, key: string, box: DocumentBox, q: BoxDocumentsQuery): Promise<AsyncGenerator<CsvCell[]>> {
  const rel = await context(db, key, box);
  return (async function* () {
    for await (const r of allRows((limit, offset) => page(db, rel, q, limit, offset))) {
      const j = json(r);
      yield [boxGroupLabels[j.group], j.documentType, j.documentNumber, j.date, j.counterparty, j.memo, j.sourceModule, minorToDecimalString(BigInt(j.taxable)), minorToDecimalString(BigInt(j.vat))];
    }
  })();
}
