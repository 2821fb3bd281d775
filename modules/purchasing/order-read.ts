/** Reading purchase orders: one with its lines, receipts and bills; the list (list contract) and its CSV. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { minorToDecimalString } from '@modules/platform/money';
import type { TaxCode } from '@modules/tax';
import {
  orderStatusLabels,
  purchasingErrorCodes as codes,
  purchasingMessages as msg,
  quantityString,
  type BillStatus,
  type OrderStatus,
  type ordersListQuery,
  type PurchaseOrderDetailJson,
  type PurchaseOrderJson,
  type ReceiptJson,
} from './contract';
import { day, dayOrNull, instant, instantOrNull, isUuid, rows, str } from './shared';

export type OrdersListQuery = z.output<typeof ordersListQuery>;

type Row = {
  id: string;
  number: string;
  status: string;
  supplier_id: string;
  supplier_name: string;
  supplier_email: string;
  request_id: string | null;
  request_number: string | null;
  order_date: string;
  expected_date: string | null;
  cost_center: string | null;
  property: string | null;
  delivery_address: string;
  notes: string;
  net: string;
  vat: string;
  total: string;
  sent_at: string | Date | null;
  created_by_email: string | null;
  created_at: string | Date;
};

const FROM = sql`purchase_orders o join suppliers s on s.id = o.supplier_id left join purchase_requests r on r.id = o.request_id left join users cu on cu.id = o.created_by`;
const SELECT = sql`select o.id, o.number, o.status, o.supplier_id, s.name as supplier_name, s.email as supplier_email, o.request_id, r.number as request_number,
  o.order_date::text as order_date, o.expected_date::text as expected_date, o.cost_center, o.property, o.delivery_address, o.notes, o.net::text, o.vat::text,
  o.total::text, o.sent_at, cu.email as created_by_email, o.created_at from ${FROM}`;

const toJson = (r: Row): PurchaseOrderJson => ({
  id: r.id,
  number: r.number,
  status: r.status as OrderStatus,
  supplierId: r.supplier_id,
  supplierName: r.supplier_name,
  supplierEmail: r.supplier_email,
  requestId: r.request_id,
  requestNumber: r.request_number,
  orderDate: day(r.order_date),
  expectedDate: dayOrNull(r.expected_date),
  costCenter: r.cost_center,
  property: r.property,
  deliveryAddress: r.delivery_address,
  notes: r.notes,
  net: str(r.net),
  vat: str(r.vat),
  total: str(r.total),
  sentAt: instantOrNull(r.sent_at),
  createdBy: r.created_by_email,
  createdAt: instant(r.created_at),
});

export async function getOrder(db: Db, id: string): Promise<PurchaseOrderDetailJson> {
  if (!isUuid(id)) throw notFound(msg.orderNotFound, codes.orderNotFound);
  const [row] = await rows<Row>(db, sql`${SELECT} where o.id = ${id}`);
  if (!row) throw notFound(msg.orderNotFound, codes.orderNotFound);
  const [lines, receipts, receiptLines, bills] = await Promise.all([
    rows<{ id: string; line_no: number; description: string; quantity: string; unit_code: string; unit_price: string; tax_code: string; net: string; vat: string; expense_account_code: string; stock_item_id: string | null; received: string; billed: string; received_value: string }>(
      db,
      sql`select id, line_no, description, quantity::text, unit_code, unit_price::text, tax_code, net::text, vat::text, expense_account_code, stock_item_id, received::text, billed::text, received_value::text
            from purchase_order_lines where order_id = ${id} order by line_no`,
    ),
    rows<{ id: string; number: string; date: string; note: string; value: string; journal_reference: string; email: string | null; created_at: string | Date }>(
      db,
      sql`select g.id, g.number, g.date::text as date, g.note, g.value::text, g.journal_reference, u.email, g.created_at
            from goods_receipts g left join users u on u.id = g.received_by where g.order_id = ${id} order by g.date, g.number`,
    ),
    rows<{ receipt_id: string; order_line_id: string; line_no: number; quantity: string; value: string }>(
      db,
      sql`select gl.receipt_id, gl.order_line_id, l.line_no, gl.quantity::text, gl.value::text from goods_receipt_lines gl
            join goods_receipts g on g.id = gl.receipt_id join purchase_order_lines l on l.id = gl.order_line_id where g.order_id = ${id} order by l.line_no`,
    ),
    rows<{ id: string; number: string; supplier_bill_number: string; status: string; total: string; bill_date: string }>(
      db,
      sql`select id, number, supplier_bill_number, status, total::text, bill_date::text as bill_date from supplier_bills where order_id = ${id} order by bill_date, number`,
    ),
  ]);
  const receiptJson = (g: (typeof receipts)[number]): ReceiptJson => ({
    id: g.id,
    number: g.number,
    date: day(g.date),
    note: g.note,
    value: str(g.value),
    journalReference: g.journal_reference,
    receivedBy: g.email,
    createdAt: instant(g.created_at),
    lines: receiptLines.filter((l) => l.receipt_id === g.id).map((l) => ({ poLineId: l.order_line_id, lineNo: Number(l.line_no), quantity: quantityString(l.quantity), value: str(l.value) })),
  });
  return {
    ...toJson(row),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: Number(l.line_no),
      description: l.description,
      quantity: quantityString(l.quantity),
      unitCode: l.unit_code,
      unitPrice: str(l.unit_price),
      taxCode: l.tax_code as TaxCode,
      net: str(l.net),
      vat: str(l.vat),
      expenseAccountCode: l.expense_account_code,
      stockItemId: l.stock_item_id,
      received: quantityString(l.received),
      billed: quantityString(l.billed),
      receivedValue: str(l.received_value),
    })),
    receipts: receipts.map(receiptJson),
    bills: bills.map((b) => ({ id: b.id, number: b.number, supplierBillNumber: b.supplier_bill_number, status: b.status as BillStatus, total: str(b.total), billDate: day(b.bill_date) })),
  };
}

function where(query: Partial<OrdersListQuery>): SQL {
  return (
    allOf(
      searchWhere(query.q, [sql`o.number`, sql`s.name`, sql`r.number`, sql`o.cost_center`, sql`o.property`]),
      query.status && sql`o.status = ${query.status}`,
      query.supplierId !== undefined && (isUuid(query.supplierId) ? sql`o.supplier_id = ${query.supplierId}` : sql`false`),
    ) ?? sql`true`
  );
}
const SORT = { createdAt: sql`o.created_at`, orderDate: sql`o.order_date`, total: sql`o.total`, status: sql`o.status`, expectedDate: sql`o.expected_date` };
const page = (db: Db, query: OrdersListQuery, limit: number, offset: number) => rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`o.id`)} limit ${limit} offset ${offset}`);

export async function listOrders(db: Db, query: OrdersListQuery): Promise<{ items: PurchaseOrderJson[]; total: number }> {
  const [items, [t]] = await Promise.all([page(db, query, query.limit, query.offset), rows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where(query)}`)]);
  return { items: items.map(toJson), total: Number(t?.n ?? 0) };
}

export const ORDERS_CSV_HEADER = ['Purchase order', 'Supplier', 'Status', 'Order date', 'Expected', 'Request', 'Cost center', 'Property', 'Net (AED)', 'VAT (AED)', 'Total (AED)', 'Sent', 'Created by'] as const;

export async function* orderCsvRows(db: Db, query: OrdersListQuery): AsyncGenerator<CsvCell[]> {
  const dec = (s: string) => minorToDecimalString(BigInt(s));
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = toJson(r);
    yield [j.number, j.supplierName, orderStatusLabels[j.status], j.orderDate, j.expectedDate, j.requestNumber, j.costCenter, j.property, dec(j.net), dec(j.vat), dec(j.total), j.sentAt, j.createdBy];
  }
}
