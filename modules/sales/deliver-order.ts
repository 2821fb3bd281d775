/**
 * A delivery (DN-YYYY-NNNN): some or all of what is left to deliver on a confirmed order. Stock items leave a store
 * by inventory's own issue (its FIFO / average cost; Dr 5510 cost of goods sold / Cr 1810) inside this transaction;
 * services are completed on the date. Each line's delivered quantity and net move on, never past what was ordered.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { createMoveInput, recordMove } from '@modules/inventory';
import { todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { COGS_ACCOUNT, quantityString, SOLD_LOCATION_CODE, salesErrorCodes as codes, salesMessages as msg, sliceNet, TO_DELIVER, type DeliveryInput } from './contract';
import { progressStatus } from './order-status';
import { lockOrder, stateError } from './orders';
import { nextNumber, rows } from './shared';

export type OrderLineRow = {
  line_no: number;
  description: string;
  quantity: string;
  unit_price: string;
  discount: string;
  tax_code: string;
  income_account: string;
  delivered_qty: string;
  invoiced_qty: string;
  kind: 'service' | 'stock';
  item_id: string | null;
};

/** The order's lines, locked with it. */
export const lockedLines = (tx: Db, orderId: string) =>
  rows<OrderLineRow>(
    tx,
    sql`select l.line_no, l.description, l.quantity::text, l.unit_price::text, l.discount::text, l.tax_code, l.income_account, l.delivered_qty::text, l.invoiced_qty::text, p.kind, p.item_id
          from sales_order_lines l join sales_products p on p.id = l.product_id where l.order_id = ${orderId} order by l.line_no for update of l`,
  );

export const termsOf = (l: OrderLineRow) => ({ quantity: BigInt(l.quantity), unitPrice: BigInt(l.unit_price), discount: BigInt(l.discount) });

/** Writes the order's status from its lines (after a delivery or an invoice). */
export async function refreshStatus(tx: Db, orderId: string) {
  const lines = await rows<{ quantity: string; delivered_qty: string; invoiced_qty: string }>(tx, sql`select quantity::text, delivered_qty::text, invoiced_qty::text from sales_order_lines where order_id = ${orderId}`);
  const status = progressStatus(lines.map((l) => ({ quantity: BigInt(l.quantity), delivered: BigInt(l.delivered_qty), invoiced: BigInt(l.invoiced_qty) })));
  await tx.execute(sql`update sales_orders set status = ${status}, updated_at = now() where id = ${orderId}`);
  return status;
}

/** The location stock sold to customers goes to (outside the store, so issuing to it is allowed), made on first use. */
async function soldLocation(tx: Db): Promise<string> {
  await tx.execute(sql`insert into inventory_locations (code, name, kind) values (${SOLD_LOCATION_CODE}, 'Sold to customers (sales deliveries)', 'maintenance_job') on conflict do nothing`);
  return SOLD_LOCATION_CODE;
}

export type DeliveryResult = { deliveryId: string; number: string; net: string; cost: string; orderId: string; status: string };

export async function deliverOrderIn(tx: Db, userId: string | null, orderId: string, input: DeliveryInput): Promise<DeliveryResult> {
  const order = await lockOrder(tx, orderId);
  if (!TO_DELIVER.includes(order.status)) throw stateError(order, 'delivered');
  const lines = await lockedLines(tx, order.id);
  const wanted = input.lines ?? lines.filter((l) => BigInt(l.quantity) > BigInt(l.delivered_qty)).map((l) => ({ lineNo: Number(l.line_no), quantity: BigInt(l.quantity) - BigInt(l.delivered_qty) }));
  if (!wanted.length) throw stateError(order, 'delivered');
  const date = input.date ?? todayInDubai();
  const picked = wanted.map((w) => {
    const line = lines.find((l) => Number(l.line_no) === w.lineNo);
    if (!line) throw new AppError(422, codes.invalidLine, msg.unknownLine(w.lineNo));
    const left = BigInt(line.quantity) - BigInt(line.delivered_qty);
    if (w.quantity > left) throw new AppError(422, codes.overDelivery, msg.overDelivery(w.lineNo, quantityString(left)));
    return { line, quantity: w.quantity };
  });
  const stock = picked.some((p) => p.line.kind === 'stock');
  if (stock && !input.from) throw new AppError(422, codes.invalidLine, msg.storeRequired);
  const to = stock ? await soldLocation(tx) : null;
  const number = await nextNumber(tx, 'DN', date);
  const [delivery] = await rows<{ id: string }>(tx, sql`insert into sales_deliveries (number, order_id, date, note, created_by) values (${number}, ${order.id}, ${date}, ${input.note}, ${userId}) returning id`);
  let net = 0n;
  let cost = 0n;
  let fromId: string | null = null;
  for (const { line, quantity } of picked) {
    const delivered = BigInt(line.delivered_qty);
    const lineNet = sliceNet(termsOf(line), delivered, delivered + quantity);
    let moveId: string | null = null;
    let lineCost = 0n;
    if (line.kind === 'stock') {
      const move = await recordMove(
        tx,
        userId,
        createMoveInput.parse({ itemId: line.item_id, type: 'issue', quantity: quantityString(quantity), from: input.from, to, date, note: `Delivery ${number} of sales order ${order.number}` }),
        { chargeAccountCode: COGS_ACCOUNT },
      );
      moveId = move.id;
      lineCost = move.value;
      if (!fromId) [{ from_location_id: fromId }] = await rows<{ from_location_id: string }>(tx, sql`select from_location_id from stock_moves where id = ${move.id}`);
    }
    net += lineNet;
    cost += lineCost;
    await tx.execute(
      sql`insert into sales_delivery_lines (delivery_id, line_no, quantity, net, cost, stock_move_id) values (${delivery!.id}, ${line.line_no}, ${quantity}, ${lineNet}, ${lineCost}, ${moveId})`,
    );
    await tx.execute(
      sql`update sales_order_lines set delivered_qty = delivered_qty + ${quantity}, delivered_net = delivered_net + ${lineNet} where order_id = ${order.id} and line_no = ${line.line_no}`,
    );
  }
  await tx.execute(sql`update sales_deliveries set net = ${net}, cost = ${cost}, from_location_id = ${fromId} where id = ${delivery!.id}`);
  const status = await refreshStatus(tx, order.id);
  await recordAudit(tx, {
    actorId: userId,
    action: 'sales.order.deliver',
    entityType: 'sales_order',
    entityId: order.id,
    summary: `Delivery ${number} on ${order.number}: ${picked.length} line(s), ${formatAed(net)} ex VAT${cost ? `, stock at cost ${formatAed(cost)}` : ''}`,
    details: { deliveryId: delivery!.id },
  });
  return { deliveryId: delivery!.id, number, net: net.toString(), cost: cost.toString(), orderId: order.id, status };
}

export const deliverOrder = (db: Db, userId: string | null, orderId: string, input: DeliveryInput) => db.transaction((tx) => deliverOrderIn(tx, userId, orderId, input));
