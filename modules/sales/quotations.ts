/** Quotations: drafted from a price list, sent (PDF by email through the outbox), accepted into an order, declined or expired. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { formatDate, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import {
  isUuid,
  quantityString,
  quotationStatusLabels,
  salesErrorCodes as codes,
  salesMessages as msg,
  type DocumentLineJson,
  type QuotationDetailJson,
  type QuotationInput,
  type QuotationJson,
  type quotationsListQuery,
  type QuotationStatus,
} from './contract';
import { buildLines, day, instant, nextNumber, notFoundQuotation, referencedCustomer, rows, totalsOf, usablePriceList } from './shared';

type QuotationsQuery = z.output<typeof quotationsListQuery>;
type Row = {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  price_list_id: string | null;
  status: QuotationStatus;
  date: string;
  valid_until: string;
  notes: string;
  net: string;
  vat: string;
  total: string;
  sent_at: string | Date | null;
  decided_on: string | null;
  order_id: string | null;
  order_number: string | null;
  created_at: string | Date;
};
const SELECT = sql`select qt.id, qt.number, qt.customer_id, c.name as customer_name, c.email as customer_email, qt.price_list_id, qt.status, qt.date::text, qt.valid_until::text,
  qt.notes, qt.net::text, qt.vat::text, qt.total::text, qt.sent_at, qt.decided_on::text, qt.order_id, o.number as order_number, qt.created_at
  from sales_quotations qt join customers c on c.id = qt.customer_id left join sales_orders o on o.id = qt.order_id`;

export const quotationJson = (r: Row): QuotationJson => ({
  id: r.id,
  number: r.number,
  customerId: r.customer_id,
  customerName: r.customer_name,
  priceListId: r.price_list_id,
  status: r.status,
  date: day(r.date),
  validUntil: day(r.valid_until),
  notes: r.notes,
  net: r.net,
  vat: r.vat,
  total: r.total,
  sentAt: instant(r.sent_at),
  decidedOn: r.decided_on ? day(r.decided_on) : null,
  orderId: r.order_id,
  orderNumber: r.order_number,
  createdAt: instant(r.created_at)!,
});

type LineRow = { line_no: number; product_id: string; code: string; kind: DocumentLineJson['productKind']; description: string; quantity: string; unit_price: string; discount: string; net: string; tax_code: DocumentLineJson['taxCode']; vat: string };
export const documentLineJson = (l: LineRow): DocumentLineJson => ({
  lineNo: Number(l.line_no),
  productId: l.product_id,
  productCode: l.code,
  productKind: l.kind,
  description: l.description,
  quantity: quantityString(l.quantity),
  unitPrice: l.unit_price,
  discount: l.discount,
  net: l.net,
  taxCode: l.tax_code,
  vat: l.vat,
});

async function quotationRow(db: Db, id: string, lock = false): Promise<Row> {
  if (!isUuid(id)) throw notFoundQuotation();
  if (lock) await rows(db, sql`select id from sales_quotations where id = ${id} for update`);
  const [row] = await rows<Row>(db, sql`${SELECT} where qt.id = ${id}`);
  if (!row) throw notFoundQuotation();
  return row;
}

export async function getQuotation(db: Db, id: string): Promise<QuotationDetailJson> {
  const row = await quotationRow(db, id);
  const lines = await rows<LineRow>(
    db,
    sql`select l.line_no, l.product_id, p.code, p.kind, l.description, l.quantity::text, l.unit_price::text, l.discount::text, l.net::text, l.tax_code, l.vat::text
          from sales_quotation_lines l join sales_products p on p.id = l.product_id where l.quotation_id = ${id} order by l.line_no`,
  );
  return { ...quotationJson(row), customerEmail: row.customer_email, lines: lines.map(documentLineJson) };
}

export async function createQuotation(db: Db, userId: string | null, input: QuotationInput): Promise<QuotationDetailJson> {
  const date = input.date ?? todayInDubai();
  if (input.validUntil < date) throw new AppError(422, codes.invalidLine, msg.validUntil);
  const id = await db.transaction(async (tx) => {
    const customer = await referencedCustomer(tx, input.customerId);
    const priceListId = await usablePriceList(tx, input.priceListId, date);
    const lines = await buildLines(tx, input.lines, priceListId);
    const t = totalsOf(lines);
    const number = await nextNumber(tx, 'QT', date);
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into sales_quotations (number, customer_id, price_list_id, status, date, valid_until, notes, net, vat, total, created_by)
          values (${number}, ${customer.id}, ${priceListId}, 'draft', ${date}, ${input.validUntil}, ${input.notes}, ${t.net}, ${t.vat}, ${t.total}, ${userId}) returning id`,
    );
    await tx.execute(
      sql`insert into sales_quotation_lines (quotation_id, line_no, product_id, description, quantity, unit_price, discount, net, tax_code, vat) values ${sql.join(
        lines.map((l) => sql`(${row!.id}, ${l.lineNo}, ${l.productId}, ${l.description}, ${l.quantity}, ${l.unitPrice}, ${l.discount}, ${l.net}, ${l.taxCode}, ${l.vat})`),
        sql`, `,
      )}`,
    );
    await recordAudit(tx, { actorId: userId, action: 'sales.quotation.create', entityType: 'sales_quotation', entityId: row!.id, summary: `Quotation ${number} to ${customer.name} for ${formatAed(t.total)}` });
    return row!.id;
  });
  return getQuotation(db, id);
}

/** Locks a quotation and checks it is in one of `from`; answers its row. */
export async function quotationFor(tx: Db, id: string, from: QuotationStatus[], action: string): Promise<Row> {
  const row = await quotationRow(tx, id, true);
  if (!from.includes(row.status)) throw new AppError(409, codes.invalidState, msg.quotationState(row.number, quotationStatusLabels[row.status].toLowerCase(), action));
  return row;
}

/** Declined by the customer, or expired: a sent (or draft) quotation is decided without an order. */
export async function decideQuotation(db: Db, userId: string | null, id: string, outcome: 'declined' | 'expired', date?: string): Promise<QuotationDetailJson> {
  const on = date ?? todayInDubai();
  await db.transaction(async (tx) => {
    const row = await quotationFor(tx, id, ['draft', 'sent'], outcome === 'declined' ? 'declined' : 'marked expired');
    if (on < day(row.date)) throw new AppError(422, codes.invalidLine, msg.decidedBeforeQuote(row.number, formatDate(day(row.date))));
    if (outcome === 'expired' && day(row.valid_until) >= on) throw new AppError(422, codes.invalidLine, msg.notYetExpired(row.number, formatDate(day(row.valid_until))));
    await tx.execute(sql`update sales_quotations set status = ${outcome}, decided_on = ${on}, updated_at = now() where id = ${row.id}`);
    await recordAudit(tx, { actorId: userId, action: `sales.quotation.${outcome}`, entityType: 'sales_quotation', entityId: row.id, summary: `Quotation ${row.number} ${outcome}` });
  });
  return getQuotation(db, id);
}

const where = (query: Partial<QuotationsQuery>): SQL =>
  allOf(searchWhere(query.q, [sql`qt.number`, sql`c.name`, sql`qt.notes`]), query.status && sql`qt.status = ${query.status}`, query.customerId && sql`qt.customer_id = ${query.customerId}`) ?? sql`true`;
const SORT = { number: sql`qt.number`, date: sql`qt.date`, validUntil: sql`qt.valid_until`, total: sql`qt.total`, createdAt: sql`qt.created_at`, customer: sql`c.name` };
const page = (db: Db, query: QuotationsQuery, limit: number, offset: number) =>
  rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`qt.id`)} limit ${limit} offset ${offset}`);

export async function listQuotations(db: Db, query: QuotationsQuery) {
  const [items, [t]] = await Promise.all([
    page(db, query, query.limit, query.offset),
    rows<{ n: number }>(db, sql`select count(*)::int as n from sales_quotations qt join customers c on c.id = qt.customer_id where ${where(query)}`),
  ]);
  return { items: items.map(quotationJson), total: Number(t?.n ?? 0) };
}

export const QUOTATIONS_CSV_HEADER = ['Number', 'Customer', 'Date', 'Valid until', 'Status', 'Net (fils)', 'VAT (fils)', 'Total (fils)', 'Order'] as const;
export async function* quotationCsvRows(db: Db, query: QuotationsQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = quotationJson(r);
    yield [j.number, j.customerName, j.date, j.validUntil, quotationStatusLabels[j.status], j.net, j.vat, j.total, j.orderNumber];
  }
}
