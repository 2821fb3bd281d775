/** Sales orders: created directly or from an accepted quotation, confirmed, cancelled while nothing is delivered; read and listed. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import {
  isUuid,
  orderStatusLabels,
  quantityString,
  salesErrorCodes as codes,
  salesMessages as msg,
  type DeliveryJson,
  type OrderDetailJson,
  type OrderInput,
  type OrderJson,
  type OrderLineJson,
  type ordersListQuery,
  type OrderStatus,
} from './contract';
import { documentLineJson, getQuotation, quotationFor } from './quotations';
import { buildLines, day, instant, nextNumber, notFoundOrder, referencedCustomer, rows, totalsOf, usablePriceList, type BuiltLine } from './shared';

type OrdersQuery = z.output<typeof ordersListQuery>;
type Row = {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  quotation_id: string | null;
  quotation_number: string | null;
  status: OrderStatus;
  date: string;
  notes: string;
  net: string;
  vat: string;
  total: string;
  delivered_net: string;
  invoiced_net: string;
  created_at: string | Date;
};
const SELECT = sql`select o.id, o.number, o.customer_id, c.name as customer_name, o.quotation_id, qt.number as quotation_number, o.status, o.date::text, o.notes,
  o.net::text, o.vat::text, o.total::text, o.created_at,
  (select coalesce(sum(l.delivered_net), 0)::text from sales_order_lines l where l.order_id = o.id) as delivered_net,
  (select coalesce(sum(l.invoiced_net), 0)::text from sales_order_lines l where l.order_id = o.id) as invoiced_net
  from sales_orders o join customers c on c.id = o.customer_id left join sales_quotations qt on qt.id = o.quotation_id`;

const orderJson = (r: Row): OrderJson => ({
  id: r.id,
  number: r.number,
  customerId: r.customer_id,
  customerName: r.customer_name,
  quotationId: r.quotation_id,
  quotationNumber: r.quotation_number,
  status: r.status,
  date: day(r.date),
  notes: r.notes,
  net: r.net,
  vat: r.vat,
  total: r.total,
  deliveredNet: r.delivered_net,
  invoicedNet: r.invoiced_net,
  createdAt: instant(r.created_at)!,
});

export type OrderHeader = { id: string; number: string; customer_id: string; status: OrderStatus; date: string };

/** Locks an order (FOR UPDATE) and answers its header: every change of an order runs one at a time. */
export async function lockOrder(tx: Db, id: string): Promise<OrderHeader> {
  if (!isUuid(id)) throw notFoundOrder();
  const [row] = await rows<OrderHeader>(tx, sql`select id, number, customer_id, status, date::text from sales_orders where id = ${id} for update`);
  if (!row) throw notFoundOrder();
  return row;
}

export const stateError = (o: { number: string; status: OrderStatus }, action: string) =>
  new AppError(409, codes.invalidState, msg.orderState(o.number, orderStatusLabels[o.status].toLowerCase(), action));

export async function getOrder(db: Db, id: string): Promise<OrderDetailJson> {
  if (!isUuid(id)) throw notFoundOrder();
  const [row] = await rows<Row>(db, sql`${SELECT} where o.id = ${id}`);
  if (!row) throw notFoundOrder();
  const [lines, deliveries, deliveryLines, invoices] = await Promise.all([
    rows<Parameters<typeof documentLineJson>[0] & { income_account: string; delivered_qty: string; invoiced_qty: string; delivered_net: string; invoiced_net: string }>(
      db,
      sql`select l.line_no, l.product_id, p.code, p.kind, l.description, l.quantity::text, l.unit_price::text, l.discount::text, l.net::text, l.tax_code, l.vat::text,
                 l.income_account, l.delivered_qty::text, l.invoiced_qty::text, l.delivered_net::text, l.invoiced_net::text
            from sales_order_lines l join sales_products p on p.id = l.product_id where l.order_id = ${id} order by l.line_no`,
    ),
    rows<{ id: string; number: string; date: string; code: string | null; net: string; cost: string; note: string }>(
      db,
      sql`select d.id, d.number, d.date::text, loc.code, d.net::text, d.cost::text, d.note from sales_deliveries d left join inventory_locations loc on loc.id = d.from_location_id
            where d.order_id = ${id} order by d.number`,
    ),
    rows<{ delivery_id: string; line_no: number; quantity: string; net: string; cost: string; move: string | null }>(
      db,
      sql`select dl.delivery_id, dl.line_no, dl.quantity::text, dl.net::text, dl.cost::text, m.journal_reference as move from sales_delivery_lines dl
            join sales_deliveries d on d.id = dl.delivery_id left join stock_moves m on m.id = dl.stock_move_id where d.order_id = ${id} order by dl.line_no`,
    ),
    rows<{ invoice_id: string; number: string; date: string; net: string; vat: string; total: string; status: string }>(
      db,
      sql`select si.invoice_id, si.number, si.date::text, si.net::text, si.vat::text, si.total::text, i.status from sales_order_invoices si join invoices i on i.id = si.invoice_id
            where si.order_id = ${id} order by si.number`,
    ),
  ]);
  const orderLines: OrderLineJson[] = lines.map((l) => ({
    ...documentLineJson(l),
    incomeAccount: l.income_account,
    delivered: quantityString(l.delivered_qty),
    invoiced: quantityString(l.invoiced_qty),
    toDeliver: quantityString(BigInt(l.quantity) - BigInt(l.delivered_qty)),
    toInvoice: quantityString(BigInt(l.delivered_qty) - BigInt(l.invoiced_qty)),
    deliveredNet: l.delivered_net,
    invoicedNet: l.invoiced_net,
  }));
  const deliveryJson = (d: (typeof deliveries)[number]): DeliveryJson => ({
    id: d.id,
    number: d.number,
    date: day(d.date),
    from: d.code,
    net: d.net,
    cost: d.cost,
    note: d.note,
    lines: deliveryLines.filter((l) => l.delivery_id === d.id).map((l) => ({ lineNo: Number(l.line_no), quantity: quantityString(l.quantity), net: l.net, cost: l.cost, stockMove: l.move })),
  });
  return {
    ...orderJson(row),
    lines: orderLines,
    deliveries: deliveries.map(deliveryJson),
    invoices: invoices.map((i) => ({ invoiceId: i.invoice_id, number: i.number, date: day(i.date), net: i.net, vat: i.vat, total: i.total, status: i.status })),
  };
}

type NewOrder = { customerId: string; priceListId: string | null; date: string; notes: string; lines: BuiltLine[]; quotationId: string | null; confirm: boolean };

/** Writes an order and its lines inside `tx`; answers its id and number. */
async function insertOrder(tx: Db, userId: string | null, o: NewOrder) {
  const t = totalsOf(o.lines);
  const number = await nextNumber(tx, 'SO', o.date);
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into sales_orders (number, customer_id, quotation_id, price_list_id, status, date, notes, net, vat, total, confirmed_at, created_by)
        values (${number}, ${o.customerId}, ${o.quotationId}, ${o.priceListId}, ${o.confirm ? 'confirmed' : 'draft'}, ${o.date}, ${o.notes}, ${t.net}, ${t.vat}, ${t.total},
                ${o.confirm ? sql`now()` : sql`null`}, ${userId}) returning id`,
  );
  await tx.execute(
    sql`insert into sales_order_lines (order_id, line_no, product_id, description, quantity, unit_price, discount, net, tax_code, vat, income_account) values ${sql.join(
      o.lines.map((l) => sql`(${row!.id}, ${l.lineNo}, ${l.productId}, ${l.description}, ${l.quantity}, ${l.unitPrice}, ${l.discount}, ${l.net}, ${l.taxCode}, ${l.vat}, ${l.incomeAccount})`),
      sql`, `,
    )}`,
  );
  return { id: row!.id, number, total: t.total };
}

export async function createOrder(db: Db, userId: string | null, input: OrderInput): Promise<OrderDetailJson> {
  const date = input.date ?? todayInDubai();
  const id = await db.transaction(async (tx) => {
    const customer = await referencedCustomer(tx, input.customerId);
    const priceListId = await usablePriceList(tx, input.priceListId, date);
    const lines = await buildLines(tx, input.lines, priceListId);
    const o = await insertOrder(tx, userId, { customerId: customer.id, priceListId, date, notes: input.notes, lines, quotationId: null, confirm: input.confirm });
    await recordAudit(tx, { actorId: userId, action: 'sales.order.create', entityType: 'sales_order', entityId: o.id, summary: `Sales order ${o.number} for ${customer.name}, ${formatAed(o.total)}` });
    return o.id;
  });
  return getOrder(db, id);
}

/** The customer accepts a quotation: it becomes a confirmed order with the same lines and prices. */
export async function acceptQuotation(db: Db, userId: string | null, id: string, date?: string): Promise<OrderDetailJson> {
  const on = date ?? todayInDubai();
  const orderId = await db.transaction(async (tx) => {
    const qt = await quotationFor(tx, id, ['draft', 'sent'], 'accepted');
    if (day(qt.valid_until) < on) throw new AppError(422, codes.quotationExpired, msg.quotationExpired(qt.number, day(qt.valid_until)));
    if (on < day(qt.date)) throw new AppError(422, codes.invalidLine, msg.acceptBeforeQuote(qt.number, day(qt.date)));
    const detail = await getQuotation(tx, id);
    const lines = await rows<BuiltLine & { line_no: number; product_id: string; unit_price: string; tax_code: BuiltLine['taxCode']; income_account: string }>(
      tx,
      sql`select l.line_no, l.product_id, l.description, l.quantity::text as quantity, l.unit_price::text, l.discount::text as discount, l.net::text as net, l.tax_code, l.vat::text as vat, p.income_account
            from sales_quotation_lines l join sales_products p on p.id = l.product_id where l.quotation_id = ${id} order by l.line_no`,
    );
    const built: BuiltLine[] = lines.map((l) => ({
      lineNo: Number(l.line_no),
      productId: l.product_id,
      description: l.description,
      quantity: BigInt(l.quantity),
      unitPrice: BigInt(l.unit_price),
      discount: BigInt(l.discount),
      net: BigInt(l.net),
      taxCode: l.tax_code,
      vat: BigInt(l.vat),
      incomeAccount: l.income_account,
    }));
    const o = await insertOrder(tx, userId, { customerId: qt.customer_id, priceListId: qt.price_list_id, date: on, notes: qt.notes, lines: built, quotationId: qt.id, confirm: true });
    await tx.execute(sql`update sales_quotations set status = 'accepted', decided_on = ${on}, order_id = ${o.id}, updated_at = now() where id = ${qt.id}`);
    await recordAudit(tx, { actorId: userId, action: 'sales.quotation.accept', entityType: 'sales_quotation', entityId: qt.id, summary: `Quotation ${qt.number} accepted by ${detail.customerName}: order ${o.number}` });
    return o.id;
  });
  return getOrder(db, orderId);
}

export async function confirmOrder(db: Db, userId: string, id: string): Promise<OrderDetailJson> {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    if (o.status !== 'draft') throw stateError(o, 'confirmed');
    await tx.execute(sql`update sales_orders set status = 'confirmed', confirmed_at = now(), updated_at = now() where id = ${o.id}`);
    await recordAudit(tx, { actorId: userId, action: 'sales.order.confirm', entityType: 'sales_order', entityId: o.id, summary: `Sales order ${o.number} confirmed` });
  });
  return getOrder(db, id);
}

/** Cancelled only while nothing has been delivered. */
export async function cancelOrder(db: Db, userId: string, id: string): Promise<OrderDetailJson> {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    if (o.status !== 'draft' && o.status !== 'confirmed') {
      if (o.status === 'cancelled') throw stateError(o, 'cancelled again');
      throw new AppError(409, codes.invalidState, msg.cancelDelivered(o.number));
    }
    await tx.execute(sql`update sales_orders set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = ${o.id}`);
    await recordAudit(tx, { actorId: userId, action: 'sales.order.cancel', entityType: 'sales_order', entityId: o.id, summary: `Sales order ${o.number} cancelled` });
  });
  return getOrder(db, id);
}

const where = (query: Partial<OrdersQuery>): SQL =>
  allOf(searchWhere(query.q, [sql`o.number`, sql`c.name`, sql`qt.number`]), query.status && sql`o.status = ${query.status}`, query.customerId && sql`o.customer_id = ${query.customerId}`) ?? sql`true`;
const SORT = { number: sql`o.number`, date: sql`o.date`, total: sql`o.total`, createdAt: sql`o.created_at`, customer: sql`c.name` };
const page = (db: Db, query: OrdersQuery, limit: number, offset: number) =>
  rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`o.id`)} limit ${limit} offset ${offset}`);

export async function listOrders(db: Db, query: OrdersQuery) {
  const [items, [t]] = await Promise.all([
    page(db, query, query.limit, query.offset),
    rows<{ n: number }>(db, sql`select count(*)::int as n from sales_orders o join customers c on c.id = o.customer_id left join sales_quotations qt on qt.id = o.quotation_id where ${where(query)}`),
  ]);
  return { items: items.map(orderJson), total: Number(t?.n ?? 0) };
}

export const ORDERS_CSV_HEADER = ['Number', 'Customer', 'Date', 'Status', 'Quotation', 'Net (fils)', 'VAT (fils)', 'Total (fils)', 'Delivered net (fils)', 'Invoiced net (fils)'] as const;
export async function* orderCsvRows(db: Db, query: OrdersQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = orderJson(r);
    yield [j.number, j.customerName, j.date, orderStatusLabels[j.status], j.quotationNumber, j.net, j.vat, j.total, j.deliveredNet, j.invoicedNet];
  }
}
