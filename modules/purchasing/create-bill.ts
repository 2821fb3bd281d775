/**
 * Recording a supplier bill. Against an order, each line is matched three ways (ordered / received / billed,
 * and the price within the tolerance): a bill that matches posts at once; one that does not is stored `held`
 * with every difference explained, for an administrator to approve (approve-variance) or reject. A bill
 * without an order posts at once to the expense accounts. A supplier's own bill number is taken once (409).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest, conflict } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { addDays } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { getMatchPriceToleranceBps } from '@modules/settings';
import { getTaxSettings, vatFor, type TaxCode } from '@modules/tax';
import { orderStatusLabels, purchasingErrorCodes as codes, purchasingMessages as msg, type BillDetailJson, type CreateBillInput } from './contract';
import { getBill } from './bill-read';
import { threeWayMatch } from './match';
import { lockOrder } from './orders';
import { postBill } from './post-bill';
import { assertDimensions, assertExpenseAccount, invalidState, lineNet, nextNumber, rows } from './shared';
import { supplierRow } from './suppliers';

type OrderLine = { id: string; line_no: number; description: string; unit_price: string; tax_code: string; expense_account_code: string; quantity: string; received: string; billed: string };

const isUniqueViolation = (e: unknown): boolean => {
  for (let x: unknown = e, i = 0; x && i < 5; x = (x as { cause?: unknown }).cause, i++) if ((x as { code?: string }).code === '23505') return true;
  return false;
};

export async function createBill(db: Db, userId: string, input: CreateBillInput): Promise<BillDetailJson> {
  const supplier = await supplierRow(db, input.supplierId);
  const dueDate = input.dueDate ?? addDays(input.billDate, Number(supplier.payment_terms_days));
  if (dueDate < input.billDate) throw badRequest(msg.dueBeforeBill, 'validation_failed');
  const withOrder = Boolean(input.purchaseOrderId);
  if (input.lines.some((l) => Boolean(l.poLineId) !== withOrder)) throw new AppError(422, codes.invalidLine, msg.mixedBill);
  const emirate = supplier.emirate ?? (await getTaxSettings(db)).defaultEmirate;
  const duplicate = () => conflict(msg.duplicateBill(input.supplierBillNumber, supplier.name), codes.duplicateBill);
  try {
    const id = await db.transaction(async (tx) => {
      const [taken] = await rows<{ id: string }>(
        tx,
        sql`select id from supplier_bills where supplier_id = ${supplier.id} and lower(supplier_bill_number) = lower(${input.supplierBillNumber}) and status <> 'rejected'`,
      );
      if (taken) throw duplicate();
      let orderNumber: string | null = null;
      let costCenter = input.costCenter ?? null;
      let property = input.property ?? null;
      let orderLines = new Map<string, OrderLine>();
      if (input.purchaseOrderId) {
        const order = await lockOrder(tx, input.purchaseOrderId);
        if (order.supplier_id !== supplier.id) throw new AppError(422, codes.invalidLine, msg.supplierMismatch);
        if (!['sent', 'partially_received', 'received', 'billed'].includes(order.status)) throw invalidState(msg.orderNotBillable(orderStatusLabels[order.status].toLowerCase()));
        orderNumber = order.number;
        costCenter = order.cost_center;
        property = order.property;
        const ls = await rows<OrderLine>(
          tx,
          sql`select id, line_no, description, unit_price::text, tax_code, expense_account_code, quantity::text, received::text, billed::text from purchase_order_lines where order_id = ${order.id}`,
        );
        orderLines = new Map(ls.map((l) => [l.id, l]));
      }
      await assertDimensions(tx, { costCenter, property });
      const lines = [];
      for (const [i, l] of input.lines.entries()) {
        const ol = l.poLineId ? orderLines.get(l.poLineId) : undefined;
        if (l.poLineId && !ol) throw new AppError(422, codes.invalidLine, msg.poLineUnknown);
        const taxCode = (l.taxCode ?? ol?.tax_code ?? 'standard') as TaxCode;
        const account = ol?.expense_account_code ?? l.expenseAccountCode ?? supplier.expense_account_code;
        const dims = ol ? { costCenter, property } : { costCenter: l.costCenter === undefined ? costCenter : l.costCenter, property: l.property === undefined ? property : l.property };
        if (!ol) {
          await assertDimensions(tx, dims);
          await assertExpenseAccount(tx, account);
        }
        const net = lineNet(l.quantity, l.unitPrice);
        lines.push({ lineNo: i + 1, ol, description: l.description ?? ol?.description ?? '', quantity: l.quantity, unitPrice: l.unitPrice, taxCode, net, vat: vatFor(net, taxCode), account, ...dims });
      }
      if (lines.some((l) => !l.description)) throw badRequest(msg.description, 'validation_failed');
      const net = lines.reduce((s, l) => s + l.net, 0n);
      const vat = lines.reduce((s, l) => s + l.vat, 0n);
      if (net + vat <= 0n) throw new AppError(422, codes.invalidLine, msg.zeroBill);
      const tolerance = await getMatchPriceToleranceBps(tx);
      const mismatches = threeWayMatch(
        lines.flatMap((l) =>
          l.ol
            ? [{ lineNo: l.lineNo, poLineNo: Number(l.ol.line_no), quantity: l.quantity, unitPrice: l.unitPrice, received: BigInt(l.ol.received), billedBefore: BigInt(l.ol.billed), orderUnitPrice: BigInt(l.ol.unit_price) }]
            : [],
        ),
        tolerance,
      );
      const number = await nextNumber(tx, 'BILL', input.billDate);
      const [bill] = await rows<{ id: string }>(
        tx,
        sql`insert into supplier_bills (number, supplier_id, order_id, supplier_bill_number, status, bill_date, due_date, net, vat, total, cost_center, property, emirate, notes, mismatches, created_by)
            values (${number}, ${supplier.id}, ${input.purchaseOrderId ?? null}, ${input.supplierBillNumber}, 'held', ${input.billDate}, ${dueDate}, ${net}, ${vat}, ${net + vat},
                    ${costCenter}, ${property}, ${emirate}, ${input.notes}, ${JSON.stringify(mismatches)}::jsonb, ${userId}) returning id`,
      );
      for (const l of lines) {
        await tx.execute(sql`insert into supplier_bill_lines (bill_id, line_no, order_line_id, description, quantity, unit_price, net, tax_code, vat, expense_account_code, cost_center, property)
          values (${bill!.id}, ${l.lineNo}, ${l.ol?.id ?? null}, ${l.description}, ${l.quantity}, ${l.unitPrice}, ${l.net}, ${l.taxCode}, ${l.vat}, ${l.account}, ${l.costCenter ?? null}, ${l.property ?? null})`);
      }
      const what = `Bill ${number} (${supplier.name} ${input.supplierBillNumber}, ${formatAed(net + vat, { decimals: 'auto' })})${orderNumber ? ` against ${orderNumber}` : ''}`;
      if (mismatches.length === 0) {
        const { reference } = await postBill(tx, bill!.id, userId);
        await recordAudit(tx, { actorId: userId, action: 'purchasing.bill.post', entityType: 'supplier_bill', entityId: bill!.id, summary: `${what} recorded and posted (${reference})` });
      } else {
        await recordAudit(tx, {
          actorId: userId,
          action: 'purchasing.bill.hold',
          entityType: 'supplier_bill',
          entityId: bill!.id,
          summary: `${what} held for review: ${mismatches.length} difference${mismatches.length === 1 ? '' : 's'} from the order`,
          details: { mismatches },
        });
      }
      return bill!.id;
    });
    return getBill(db, id);
  } catch (e) {
    if (!(e instanceof AppError) && isUniqueViolation(e)) throw duplicate();
    throw e;
  }
}
