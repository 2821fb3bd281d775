/**
 * Goods and service receipts against a sent order: partial receipts allowed, per order line, never more than
 * ordered beyond the three-way match tolerance. Each receipt posts Dr the line's expense account / Cr 2330 at
 * the order price × quantity received (net of VAT), in the receipt's transaction. A line that buys a stock item
 * goes into the store instead, through the stock receiver (inventory posts Dr 1810 / Cr 2330 at the same value).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { post } from '@modules/ledger';
import { todayInDubai } from '@modules/platform/dates';
import { applyBps, formatAed } from '@modules/platform/money';
import { getMatchPriceToleranceBps } from '@modules/settings';
import { orderStatusLabels, purchasingErrorCodes as codes, purchasingMessages as msg, quantityString, type PurchaseOrderDetailJson, type ReceiptInput } from './contract';
import { getOrder } from './order-read';
import { lockOrder, refreshOrderStatus } from './orders';
import { receiptPosting } from './postings';
import { invalidState, lineNet, nextNumber, rows } from './shared';
import type { StockReceiver } from './stock-port';

type OrderLine = { id: string; line_no: number; description: string; quantity: string; unit_price: string; expense_account_code: string; stock_item_id: string | null; received: string };

export async function receiveGoods(db: Db, userId: string, orderId: string, input: ReceiptInput, stock?: StockReceiver): Promise<PurchaseOrderDetailJson> {
  const date = input.date ?? todayInDubai();
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== 'sent' && order.status !== 'partially_received') throw invalidState(msg.orderNotReceivable(orderStatusLabels[order.status].toLowerCase()));
    const toleranceBps = await getMatchPriceToleranceBps(tx);
    const lines = await rows<OrderLine>(
      tx,
      sql`select id, line_no, description, quantity::text, unit_price::text, expense_account_code, stock_item_id, received::text from purchase_order_lines where order_id = ${order.id} order by line_no for update`,
    );
    const byId = new Map(lines.map((l) => [l.id, l]));
    const seen = new Set<string>();
    const received = input.lines.map((r) => {
      const line = byId.get(r.poLineId);
      if (!line) throw new AppError(422, codes.invalidLine, msg.poLineUnknown);
      if (seen.has(line.id)) throw new AppError(422, codes.invalidLine, msg.poLineRepeated);
      seen.add(line.id);
      const ordered = BigInt(line.quantity);
      const before = BigInt(line.received);
      const max = ordered + applyBps(ordered, toleranceBps);
      if (before + r.quantity > max) throw new AppError(422, codes.overReceipt, msg.overReceipt(Number(line.line_no), quantityString(max - before > 0n ? max - before : 0n)));
      const price = BigInt(line.unit_price);
      // The value received so far is always round(total received × price): partial receipts never drift by a fil.
      const value = lineNet(before + r.quantity, price) - lineNet(before, price);
      return { line, quantity: r.quantity, value };
    });
    const number = await nextNumber(tx, 'GRN', date);
    const total = received.reduce((s, r) => s + r.value, 0n);
    const [receipt] = await rows<{ id: string }>(
      tx,
      sql`insert into goods_receipts (number, order_id, date, note, value, journal_reference, received_by) values (${number}, ${order.id}, ${date}, ${input.note}, ${total}, '', ${userId}) returning id`,
    );
    for (const r of received) {
      await tx.execute(sql`insert into goods_receipt_lines (receipt_id, order_line_id, quantity, value) values (${receipt!.id}, ${r.line.id}, ${r.quantity}, ${r.value})`);
      await tx.execute(sql`update purchase_order_lines set received = received + ${r.quantity}, received_value = received_value + ${r.value} where id = ${r.line.id}`);
    }
    const stocked = received.filter((r) => r.line.stock_item_id !== null && r.quantity > 0n);
    if (stocked.length > 0 && !stock) throw new AppError(422, codes.invalidLine, msg.stockItemUnknown(Number(stocked[0]!.line.line_no)));
    for (const r of stocked) {
      await stock!.receive(tx, {
        itemId: r.line.stock_item_id!,
        quantity: r.quantity,
        value: r.value,
        date,
        purchaseOrderId: order.id,
        purchaseOrderLineId: r.line.id,
        note: `${number} on ${order.number}, line ${r.line.line_no}${input.note ? `: ${input.note}` : ''}`.slice(0, 1000),
        userId,
      });
    }
    const expensed = received.filter((r) => r.line.stock_item_id === null);
    const expensedTotal = expensed.reduce((s, r) => s + r.value, 0n);
    let reference = '';
    if (expensedTotal > 0n) {
      const entry = await post(
        tx,
        receiptPosting({
          id: receipt!.id,
          number,
          orderNumber: order.number,
          supplierName: order.supplier_name,
          date,
          authorId: userId,
          lines: expensed.map((r) => ({ description: r.line.description, expenseAccountCode: r.line.expense_account_code, value: r.value, costCenter: order.cost_center, property: order.property })),
        }),
      );
      reference = entry.reference;
      await tx.execute(sql`update goods_receipts set journal_reference = ${reference} where id = ${receipt!.id}`);
    }
    const status = await refreshOrderStatus(tx, order.id);
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.order.receive',
      entityType: 'purchase_order',
      entityId: order.id,
      summary: `Receipt ${number} on ${order.number}: ${received.map((r) => `line ${r.line.line_no} × ${quantityString(r.quantity)}`).join(', ')} (${formatAed(total, { decimals: 'auto' })}), order now ${orderStatusLabels[status].toLowerCase()}`,
      details: { receiptId: receipt!.id, journalReference: reference },
    });
  });
  return getOrder(db, orderId);
}
