/** Reading bills: one with its lines (and their three-way match), debit notes and payments; the list and its CSV. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { minorToDecimalString } from '@modules/platform/money';
import type { TaxCode } from '@modules/tax';
import {
  billStatusLabels,
  purchasingErrorCodes as codes,
  purchasingMessages as msg,
  quantityString,
  type BillDetailJson,
  type BillJson,
  type billsListQuery,
  type BillStatus,
  type MismatchJson,
  type PaymentJson,
} from './contract';
import { day, instant, isUuid, rows, str } from './shared';

export type BillsListQuery = z.output<typeof billsListQuery>;

type Row = {
  id: string;
  number: string;
  supplier_bill_number: string;
  supplier_id: string;
  supplier_name: string;
  order_id: string | null;
  order_number: string | null;
  status: string;
  bill_date: string;
  due_date: string;
  net: string;
  vat: string;
  total: string;
  paid: string;
  debited: string;
  open_amount: string;
  cost_center: string | null;
  property: string | null;
  notes: string;
  mismatches: unknown;
  decision_reason: string | null;
  decided_by_email: string | null;
  journal_reference: string | null;
  created_by_email: string | null;
  created_at: string | Date;
};

const FROM = sql`supplier_bills b join suppliers s on s.id = b.supplier_id left join purchase_orders o on o.id = b.order_id
  left join users du on du.id = b.decided_by left join users cu on cu.id = b.created_by`;
const SELECT = sql`select b.id, b.number, b.supplier_bill_number, b.supplier_id, s.name as supplier_name, b.order_id, o.number as order_number, b.status,
  b.bill_date::text as bill_date, b.due_date::text as due_date, b.net::text, b.vat::text, b.total::text, b.paid::text, b.debited::text, b.open_amount::text,
  b.cost_center, b.property, b.notes, b.mismatches, b.decision_reason, du.email as decided_by_email, b.journal_reference, cu.email as created_by_email, b.created_at from ${FROM}`;

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as MismatchJson[];

const toJson = (r: Row): BillJson => ({
  id: r.id,
  number: r.number,
  supplierBillNumber: r.supplier_bill_number,
  supplierId: r.supplier_id,
  supplierName: r.supplier_name,
  purchaseOrderId: r.order_id,
  purchaseOrderNumber: r.order_number,
  status: r.status as BillStatus,
  billDate: day(r.bill_date),
  dueDate: day(r.due_date),
  net: str(r.net),
  vat: str(r.vat),
  total: str(r.total),
  paid: str(r.paid),
  debited: str(r.debited),
  openAmount: str(r.open_amount),
  costCenter: r.cost_center,
  property: r.property,
  notes: r.notes,
  mismatches: parse(r.mismatches) ?? [],
  decisionReason: r.decision_reason,
  decidedBy: r.decided_by_email,
  journalReference: r.journal_reference,
  createdBy: r.created_by_email,
  createdAt: instant(r.created_at),
});

type PaymentRow = { id: string; number: string; bill_id: string; bill_number: string; supplier_name: string; date: string; amount: string; bank_account_id: string; batch_id: string | null; journal_reference: string; created_at: string | Date };
export const PAYMENT_SELECT = sql`select p.id, p.number, p.bill_id, b.number as bill_number, s.name as supplier_name, p.date::text as date, p.amount::text, p.bank_account_id,
  p.batch_id, p.journal_reference, p.created_at from supplier_payments p join supplier_bills b on b.id = p.bill_id join suppliers s on s.id = b.supplier_id`;
export const paymentJson = (p: PaymentRow): PaymentJson => ({
  id: p.id,
  number: p.number,
  billId: p.bill_id,
  billNumber: p.bill_number,
  supplierName: p.supplier_name,
  date: day(p.date),
  amount: str(p.amount),
  bankAccountId: p.bank_account_id,
  batchId: p.batch_id,
  journalReference: p.journal_reference,
  createdAt: instant(p.created_at),
});
export const paymentRows = (db: Db, where: SQL) => rows<PaymentRow>(db, sql`${PAYMENT_SELECT} where ${where} order by p.date, p.number`);

export async function getBill(db: Db, id: string): Promise<BillDetailJson> {
  if (!isUuid(id)) throw notFound(msg.billNotFound, codes.billNotFound);
  const [row] = await rows<Row>(db, sql`${SELECT} where b.id = ${id}`);
  if (!row) throw notFound(msg.billNotFound, codes.billNotFound);
  const bill = toJson(row);
  const [lines, notes, payments] = await Promise.all([
    rows<{
      id: string;
      line_no: number;
      order_line_id: string | null;
      po_line_no: number | null;
      description: string;
      quantity: string;
      unit_price: string;
      net: string;
      tax_code: string;
      vat: string;
      expense_account_code: string;
      cost_center: string | null;
      property: string | null;
      debited: string;
      ordered: string | null;
      received: string | null;
      billed: string | null;
      order_price: string | null;
    }>(
      db,
      sql`select l.id, l.line_no, l.order_line_id, ol.line_no as po_line_no, l.description, l.quantity::text, l.unit_price::text, l.net::text, l.tax_code, l.vat::text,
                 l.expense_account_code, l.cost_center, l.property, l.debited::text, ol.quantity::text as ordered, ol.received::text as received,
                 (ol.billed - case when b.status in ('held', 'rejected') then 0 else l.quantity end)::text as billed, ol.unit_price::text as order_price
            from supplier_bill_lines l join supplier_bills b on b.id = l.bill_id left join purchase_order_lines ol on ol.id = l.order_line_id
           where l.bill_id = ${id} order by l.line_no`,
    ),
    rows<{ id: string; number: string; date: string; reason: string; supplier_reference: string; net: string; vat: string; total: string; journal_reference: string; created_at: string | Date }>(
      db,
      sql`select id, number, date::text as date, reason, supplier_reference, net::text, vat::text, total::text, journal_reference, created_at from supplier_debit_notes where bill_id = ${id} order by date, number`,
    ),
    paymentRows(db, sql`p.bill_id = ${id}`),
  ]);
  return {
    ...bill,
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: Number(l.line_no),
      poLineId: l.order_line_id,
      poLineNo: l.po_line_no === null ? null : Number(l.po_line_no),
      description: l.description,
      quantity: quantityString(l.quantity),
      unitPrice: str(l.unit_price),
      net: str(l.net),
      taxCode: l.tax_code as TaxCode,
      vat: str(l.vat),
      expenseAccountCode: l.expense_account_code,
      costCenter: l.cost_center,
      property: l.property,
      match:
        l.order_line_id && l.ordered !== null
          ? { orderedQuantity: quantityString(l.ordered), receivedQuantity: quantityString(l.received ?? '0'), billedBefore: quantityString(l.billed ?? '0'), orderUnitPrice: str(l.order_price) }
          : null,
      debited: str(l.debited),
    })),
    debitNotes: notes.map((n) => ({
      id: n.id,
      number: n.number,
      date: day(n.date),
      reason: n.reason,
      supplierReference: n.supplier_reference,
      net: str(n.net),
      vat: str(n.vat),
      total: str(n.total),
      journalReference: n.journal_reference,
      createdAt: instant(n.created_at),
    })),
    payments: payments.map(paymentJson),
  };
}

function where(query: Partial<BillsListQuery>): SQL {
  const status = query.status === 'open' ? sql`b.open_amount > 0` : query.status ? sql`b.status = ${query.status}` : undefined;
  return (
    allOf(
      searchWhere(query.q, [sql`b.number`, sql`b.supplier_bill_number`, sql`s.name`, sql`o.number`]),
      status,
      query.supplierId !== undefined && (isUuid(query.supplierId) ? sql`b.supplier_id = ${query.supplierId}` : sql`false`),
      query.purchaseOrderId !== undefined && (isUuid(query.purchaseOrderId) ? sql`b.order_id = ${query.purchaseOrderId}` : sql`false`),
    ) ?? sql`true`
  );
}
const SORT = { createdAt: sql`b.created_at`, billDate: sql`b.bill_date`, dueDate: sql`b.due_date`, total: sql`b.total`, openAmount: sql`b.open_amount`, status: sql`b.status` };
const page = (db: Db, query: BillsListQuery, limit: number, offset: number) => rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`b.id`)} limit ${limit} offset ${offset}`);

export async function listBills(db: Db, query: BillsListQuery): Promise<{ items: BillJson[]; total: number; totals: { total: string; openAmount: string } }> {
  const [items, [t]] = await Promise.all([
    page(db, query, query.limit, query.offset),
    rows<{ n: number; total: string; open: string }>(db, sql`select count(*)::int as n, coalesce(sum(b.total), 0)::text as total, coalesce(sum(b.open_amount), 0)::text as open from ${FROM} where ${where(query)}`),
  ]);
  return { items: items.map(toJson), total: Number(t?.n ?? 0), totals: { total: str(t?.total), openAmount: str(t?.open) } };
}

export const BILLS_CSV_HEADER = ['Bill', 'Supplier bill number', 'Supplier', 'Purchase order', 'Status', 'Bill date', 'Due date', 'Net (AED)', 'VAT (AED)', 'Total (AED)', 'Paid (AED)', 'Debit notes (AED)', 'Open (AED)', 'Journal entry'] as const;

export async function* billCsvRows(db: Db, query: BillsListQuery): AsyncGenerator<CsvCell[]> {
  const dec = (s: string) => minorToDecimalString(BigInt(s));
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = toJson(r);
    yield [j.number, j.supplierBillNumber, j.supplierName, j.purchaseOrderNumber, billStatusLabels[j.status], j.billDate, j.dueDate, dec(j.net), dec(j.vat), dec(j.total), dec(j.paid), dec(j.debited), dec(j.openAmount), j.journalReference];
  }
}
