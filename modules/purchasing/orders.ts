/**
 * Purchase orders: raised from an approved request (or directly), numbered PO-YYYY-NNNN, cancelled while
 * nothing is received, closed when the rest will not come. Reading: ./order-read.ts; sending: ./send-order.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { getTaxSettings } from '@modules/tax';
import type { TaxCode } from '@modules/tax';
import { orderStatusLabels, purchasingErrorCodes as codes, purchasingMessages as msg, requestStatusLabels, type CreateOrderInput, type OrderStatus, type PurchaseOrderDetailJson, type RequestStatus, type UnitCode } from './contract';
import { getOrder } from './order-read';
import { lockRequest } from './requests';
import { assertDimensions, assertExpenseAccount, invalidState, isUuid, lineAmounts, nextNumber, rows } from './shared';
import { supplierRow } from './suppliers';
import { assertStockItems, type StockReceiver } from './stock-port';

type LineIn = { description: string; quantity: bigint; unitCode: UnitCode | string; unitPrice: bigint; taxCode: TaxCode; expenseAccountCode?: string; stockItemId?: string | null };

/** Where the order is delivered: the property's address, or the operator's registered address. */
async function deliveryAddressFor(db: Db, property: string | null | undefined): Promise<string> {
  if (property) {
    const [p] = await rows<{ title: string; community: string; city: string }>(db, sql`select title, community, city from properties where reference = ${property}`);
    if (p) return `${p.title}, ${p.community}, ${p.city}, United Arab Emirates`;
  }
  return (await getTaxSettings(db)).address;
}

export async function createOrder(db: Db, userId: string, input: CreateOrderInput, stock?: StockReceiver): Promise<PurchaseOrderDetailJson> {
  const supplier = await supplierRow(db, input.supplierId);
  const orderDate = input.orderDate ?? todayInDubai();
  const id = await db.transaction(async (tx) => {
    let costCenter = input.costCenter ?? null;
    let property = input.property ?? null;
    let approvedBy: string | null = userId;
    let requestNumber: string | null = null;
    let lines: LineIn[] | undefined = input.lines;
    if (input.requestId) {
      const request = await lockRequest(tx, input.requestId);
      if (request.status !== 'approved') throw invalidState(msg.requestNotApproved(requestStatusLabels[request.status as RequestStatus]?.toLowerCase() ?? request.status));
      const [r] = await rows<{ cost_center: string | null; property: string | null; decided_by: string | null }>(tx, sql`select cost_center, property, decided_by from purchase_requests where id = ${request.id}`);
      costCenter = input.costCenter === undefined ? (r?.cost_center ?? null) : costCenter;
      property = input.property === undefined ? (r?.property ?? null) : property;
      approvedBy = r?.decided_by ?? userId;
      requestNumber = request.number;
      lines ??= (
        await rows<{ description: string; quantity: string; unit_code: string; estimated_unit_price: string; tax_code: string; stock_item_id: string | null }>(
          tx,
          sql`select description, quantity::text, unit_code, estimated_unit_price::text, tax_code, stock_item_id from purchase_request_lines where request_id = ${request.id} order by line_no`,
        )
      ).map((l) => ({ description: l.description, quantity: BigInt(l.quantity), unitCode: l.unit_code, unitPrice: BigInt(l.estimated_unit_price), taxCode: l.tax_code as TaxCode, stockItemId: l.stock_item_id }));
    }
    if (!lines?.length) throw badRequest(msg.lines, 'validation_failed');
    await assertDimensions(tx, { costCenter, property });
    await assertStockItems(tx, stock, lines);
    // A stock line's price differences on the bill go to stock differences (5520): 1810 holds only what the store values.
    const expenseOf = (l: LineIn) => (l.stockItemId ? LEDGER_ACCOUNTS.stockAdjustments : (l.expenseAccountCode ?? supplier.expense_account_code));
    const priced = lines.map((l, i) => ({ ...l, lineNo: i + 1, expenseAccountCode: expenseOf(l), ...lineAmounts(l.quantity, l.unitPrice, l.taxCode) }));
    for (const code of new Set(priced.map((l) => l.expenseAccountCode))) await assertExpenseAccount(tx, code);
    const net = priced.reduce((s, l) => s + l.net, 0n);
    const vat = priced.reduce((s, l) => s + l.vat, 0n);
    const number = await nextNumber(tx, 'PO', orderDate);
    const deliveryAddress = input.deliveryAddress?.trim() || (await deliveryAddressFor(tx, property));
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into purchase_orders (number, supplier_id, request_id, order_date, expected_date, cost_center, property, delivery_address, notes, net, vat, total, approved_by, created_by)
          values (${number}, ${supplier.id}, ${input.requestId ?? null}, ${orderDate}, ${input.expectedDate ?? null}, ${costCenter}, ${property}, ${deliveryAddress}, ${input.notes},
                  ${net}, ${vat}, ${net + vat}, ${approvedBy}, ${userId}) returning id`,
    );
    for (const l of priced) {
      await tx.execute(sql`insert into purchase_order_lines (order_id, line_no, description, quantity, unit_code, unit_price, tax_code, net, vat, expense_account_code, stock_item_id)
        values (${row!.id}, ${l.lineNo}, ${l.description}, ${l.quantity}, ${l.unitCode}, ${l.unitPrice}, ${l.taxCode}, ${l.net}, ${l.vat}, ${l.expenseAccountCode}, ${l.stockItemId?.toLowerCase() ?? null})`);
    }
    if (input.requestId) await tx.execute(sql`update purchase_requests set status = 'ordered' where id = ${input.requestId}`);
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.order.create',
      entityType: 'purchase_order',
      entityId: row!.id,
      summary: `Purchase order ${number} raised for ${supplier.name}, ${formatAed(net + vat, { decimals: 'auto' })}${requestNumber ? ` from request ${requestNumber}` : ''}`,
    });
    return row!.id;
  });
  return getOrder(db, id);
}

export type LockedOrder = {
  id: string;
  number: string;
  status: OrderStatus;
  supplier_id: string;
  request_id: string | null;
  cost_center: string | null;
  property: string | null;
  supplier_name: string;
};

export async function lockOrder(tx: Db, id: string): Promise<LockedOrder> {
  if (!isUuid(id)) throw notFound(msg.orderNotFound, codes.orderNotFound);
  const [row] = await rows<LockedOrder>(
    tx,
    sql`select o.id, o.number, o.status, o.supplier_id, o.request_id, o.cost_center, o.property, s.name as supplier_name
          from purchase_orders o join suppliers s on s.id = o.supplier_id where o.id = ${id} for update of o`,
  );
  if (!row) throw notFound(msg.orderNotFound, codes.orderNotFound);
  return row;
}

const label = (s: OrderStatus) => orderStatusLabels[s].toLowerCase();

export async function cancelOrder(db: Db, userId: string, id: string, reason: string): Promise<PurchaseOrderDetailJson> {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    const [r] = await rows<{ received: string }>(tx, sql`select coalesce(sum(received), 0)::text as received from purchase_order_lines where order_id = ${o.id}`);
    if (!['draft', 'sent'].includes(o.status) || BigInt(r?.received ?? '0') > 0n) throw invalidState(msg.orderNotCancellable);
    await tx.execute(sql`update purchase_orders set status = 'cancelled', cancelled_at = now() where id = ${o.id}`);
    // The request can be ordered again (from another supplier, for instance).
    if (o.request_id) await tx.execute(sql`update purchase_requests set status = 'approved' where id = ${o.request_id} and status = 'ordered'`);
    await recordAudit(tx, { actorId: userId, action: 'purchasing.order.cancel', entityType: 'purchase_order', entityId: o.id, summary: `Purchase order ${o.number} cancelled: ${reason}`, details: { reason } });
  });
  return getOrder(db, id);
}

export async function closeOrder(db: Db, userId: string, id: string, reason: string): Promise<PurchaseOrderDetailJson> {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    if (o.status !== 'partially_received' && o.status !== 'received') throw invalidState(msg.orderNotClosable(label(o.status)));
    await tx.execute(sql`update purchase_orders set status = 'closed' where id = ${o.id}`);
    await recordAudit(tx, { actorId: userId, action: 'purchasing.order.close', entityType: 'purchase_order', entityId: o.id, summary: `Purchase order ${o.number} closed: ${reason}`, details: { reason } });
  });
  return getOrder(db, id);
}

/** After a receipt or a posted bill: received when every line is in, billed when everything received is billed. */
export async function refreshOrderStatus(tx: Db, orderId: string): Promise<OrderStatus> {
  const [s] = await rows<{ status: OrderStatus; all_in: boolean; any_in: boolean; all_billed: boolean }>(
    tx,
    sql`select o.status, bool_and(l.received >= l.quantity) as all_in, bool_or(l.received > 0) as any_in, bool_and(l.billed >= l.received and l.billed > 0) as all_billed
          from purchase_orders o join purchase_order_lines l on l.order_id = o.id where o.id = ${orderId} group by o.status`,
  );
  if (!s || s.status === 'cancelled' || s.status === 'closed' || s.status === 'draft') return s?.status ?? 'draft';
  const next: OrderStatus = s.all_in ? (s.all_billed ? 'billed' : 'received') : s.any_in ? 'partially_received' : 'sent';
  if (next !== s.status) await tx.execute(sql`update purchase_orders set status = ${next} where id = ${orderId}`);
  return next;
}
