/** Reading invoices: one with everything on it, the list (list contract, with the aging drill-down) and its CSV, and the summary cards. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, orderBy, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { monthStart, todayInDubai } from '@modules/platform/dates';
import { minorToDecimalString } from '@modules/platform/money';
import type { AgingBucket, AllocationJson, InvoiceDetailJson, InvoiceJson, InvoiceSummaryJson, InvoicesListQuery } from './contract';
import { creditNotesOf } from './credit-notes';
import { customers, invoices, receivableAllocations } from './schema';
import { UUID, customerFigures, customerJson, customerOr404, dayOf, invoiceJson, invoiceLinesOf, invoiceOr404, lineJson } from './shared';

export async function getInvoice(db: Db, id: string): Promise<InvoiceDetailJson> {
  const inv = await invoiceOr404(db, id);
  const [customer, lines, allocations, figures] = await Promise.all([
    customerOr404(db, inv.customerId),
    invoiceLinesOf(db, id),
    db.select().from(receivableAllocations).where(eq(receivableAllocations.invoiceId, id)).orderBy(receivableAllocations.date, receivableAllocations.createdAt),
    customerFigures(db, inv.customerId),
  ]);
  const notes = inv.number ? await creditNotesOf(db, id, inv.number) : [];
  return {
    ...invoiceJson(inv, customer.name),
    customer: customerJson(customer, figures),
    lines: lines.map(lineJson),
    allocations: allocations.map(
      (a): AllocationJson => ({
        id: a.id,
        kind: a.kind as AllocationJson['kind'],
        date: dayOf(a.date),
        amountDoc: a.amountDoc.toString(),
        amountAed: a.amountAed.toString(),
        receivedAed: a.receivedAed.toString(),
        paymentId: a.paymentId,
        creditNoteId: a.creditNoteId,
      }),
    ),
    creditNotes: notes,
  };
}

/** Days past due → bucket bounds (inclusive), as SQL over `days`. */
export const BUCKET_RANGES: Record<AgingBucket, [number | null, number | null]> = {
  current: [null, 0],
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

/** The fils open on an invoice as at `asOf`: today's open amount plus whatever was settled after that date. */
export const openAtSql = (asOf: string) =>
  sql`(${invoices.openAed} + coalesce((select sum(a.amount_aed) from receivable_allocations a where a.invoice_id = ${invoices.id} and a.date > ${asOf}::date), 0))`;

function where(query: Partial<InvoicesListQuery>, today: string): SQL {
  const open = sql`${invoices.status} in ('issued', 'partially_paid')`;
  const status =
    query.status === 'overdue' ? sql`${open} and ${invoices.dueDate} < ${today}::date` : query.status === 'open' ? open : query.status ? sql`${invoices.status} = ${query.status}` : undefined;
  let asOfCond: SQL | undefined;
  if (query.bucket || query.asOf) {
    const asOf = query.asOf ?? today;
    const days = sql`(${asOf}::date - ${invoices.dueDate})`;
    const [lo, hi] = query.bucket ? BUCKET_RANGES[query.bucket] : [null, null];
    asOfCond = allOf(
      sql`${invoices.status} <> 'draft'`,
      sql`${invoices.date} <= ${asOf}::date`,
      sql`${openAtSql(asOf)} > 0`,
      lo !== null && sql`${days} >= ${lo}`,
      hi !== null && sql`${days} <= ${hi}`,
    );
  }
  return (
    allOf(
      searchWhere(query.q, [invoices.number, customers.name, invoices.reference]),
      status,
      query.customerId !== undefined && (UUID.test(query.customerId) ? sql`${invoices.customerId} = ${query.customerId}` : sql`false`),
      query.currency && sql`${invoices.currency} = ${query.currency}`,
      asOfCond,
    ) ?? sql`true`
  );
}

const SORT = {
  createdAt: invoices.createdAt,
  date: invoices.date,
  dueDate: invoices.dueDate,
  number: invoices.number,
  total: invoices.totalAed,
  openAmount: invoices.openAed,
  customer: customers.name,
};

const page = (db: Db, query: InvoicesListQuery, limit: number, offset: number, today: string) =>
  db
    .select({ i: invoices, name: customers.name })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(where(query, today))
    .orderBy(...orderBy(query.sort, SORT, invoices.id))
    .limit(limit)
    .offset(offset);

export async function listInvoices(db: Db, query: InvoicesListQuery): Promise<{ items: InvoiceJson[]; total: number }> {
  const today = todayInDubai();
  const [rows, [t]] = await Promise.all([
    page(db, query, query.limit, query.offset, today),
    db.select({ n: sql<number>`count(*)::int` }).from(invoices).innerJoin(customers, and(eq(customers.id, invoices.customerId))).where(where(query, today)),
  ]);
  return { items: rows.map((r) => invoiceJson(r.i, r.name, today)), total: Number(t?.n ?? 0) };
}

export const INVOICES_CSV_HEADER = ['Invoice', 'Customer', 'Status', 'Overdue', 'Date', 'Due', 'Currency', 'Rate', 'Net', 'VAT', 'Total', 'Paid', 'Credited', 'Open', 'Total (AED)', 'Open (AED)', 'Journal entry'] as const;

export async function* invoiceCsvRows(db: Db, query: InvoicesListQuery): AsyncGenerator<CsvCell[]> {
  const today = todayInDubai();
  const dec = (s: string) => minorToDecimalString(BigInt(s));
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset, today))) {
    const j = invoiceJson(r.i, r.name, today);
    yield [j.number ?? 'Draft', j.customerName, j.status, j.overdue ? 'yes' : 'no', j.date, j.dueDate, j.currency, j.rate, dec(j.net), dec(j.vat), dec(j.total), dec(j.paidAmount), dec(j.creditedAmount), dec(j.openAmount), dec(j.totalAed), dec(j.openAed), j.journalReference];
  }
}

export async function invoiceSummary(db: Db, today = todayInDubai()): Promise<InvoiceSummaryJson> {
  const [r] = await sqlRows<{ outstanding: string; overdue: string; overdue_count: number; paid: string; drafts: number; drafts_total: string }>(
    db,
    sql`select
          (select coalesce(sum(open_aed), 0) from invoices where status in ('issued', 'partially_paid'))::text as outstanding,
          (select coalesce(sum(open_aed), 0) from invoices where status in ('issued', 'partially_paid') and due_date < ${today}::date)::text as overdue,
          (select count(*)::int from invoices where status in ('issued', 'partially_paid') and due_date < ${today}::date) as overdue_count,
          (select coalesce(sum(received_aed), 0) from receivable_allocations where kind in ('payment', 'credit') and date >= ${monthStart(today)}::date and date <= ${today}::date)::text as paid,
          (select count(*)::int from invoices where status = 'draft') as drafts,
          (select coalesce(sum(total_aed), 0) from invoices where status = 'draft')::text as drafts_total`,
  );
  return {
    outstanding: r!.outstanding,
    overdue: r!.overdue,
    overdueCount: Number(r!.overdue_count),
    paidThisMonth: r!.paid,
    drafts: Number(r!.drafts),
    draftsTotal: r!.drafts_total,
    asOf: today,
  };
}
