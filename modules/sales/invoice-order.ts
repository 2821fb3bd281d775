/**
 * Invoice an order: everything delivered and not yet invoiced becomes one receivables invoice, drafted and issued by
 * receivables' own functions inside this transaction — so its journal (Dr 1330 / Cr income / Cr VAT), its number
 * (INV-YYYY-NNNN) and its VAT lines come from receivables, and sales writes no journal line of its own.
 * Each invoice line's net is the slice of the order line between what was invoiced and what is delivered, so the
 * invoices of an order add up exactly to what was delivered.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { divideHalfEven, formatAed } from '@modules/platform/money';
import { createDraftIn, issueInvoiceIn, type LineInput } from '@modules/receivables';
import { QTY_SCALE, quantityString, salesErrorCodes as codes, salesMessages as msg, sliceNet, type InvoiceOrderInput, type LineTerms } from './contract';
import { lockedLines, refreshStatus, termsOf } from './deliver-order';
import { lockOrder, stateError } from './orders';
import { referencedCustomer } from './shared';

/**
 * The receivables line for `from`..`to` thousandths of an order line: the quantity at the unit price, less the
 * part of the discount that brings it to the slice's net. When rounding would need a negative discount (a fraction
 * of a fils), the slice is one unit at its net, with the quantity and price in the description.
 */
export function invoiceLineFor(terms: LineTerms, from: bigint, to: bigint, base: Omit<LineInput, 'quantity' | 'unitPrice' | 'discount'>): LineInput & { net: bigint } {
  const net = sliceNet(terms, from, to);
  const quantity = to - from;
  const gross = divideHalfEven(quantity * terms.unitPrice, QTY_SCALE);
  if (gross >= net) return { ...base, quantity: quantityString(quantity), unitPrice: terms.unitPrice, discount: gross - net, net };
  return { ...base, description: `${base.description} (${quantityString(quantity)} × ${formatAed(terms.unitPrice)})`.slice(0, 500), quantity: '1', unitPrice: net, discount: 0n, net };
}

export type InvoiceResult = { invoiceId: string; number: string; net: string; vat: string; total: string; orderId: string; status: string };

export async function invoiceOrderIn(tx: Db, userId: string | null, orderId: string, input: InvoiceOrderInput): Promise<InvoiceResult> {
  const order = await lockOrder(tx, orderId);
  if (order.status === 'draft' || order.status === 'cancelled') throw stateError(order, 'invoiced');
  const lines = (await lockedLines(tx, order.id)).filter((l) => BigInt(l.delivered_qty) > BigInt(l.invoiced_qty));
  if (!lines.length) throw new AppError(422, codes.nothingToInvoice, msg.nothingToInvoice(order.number));
  const customer = await referencedCustomer(tx, order.customer_id);
  const date = input.date ?? todayInDubai();
  const dueDate = input.dueDate ?? addDays(date, Number(customer.payment_terms_days));
  if (dueDate < date) throw new AppError(422, codes.invalidLine, 'The due date cannot be before the invoice date.');
  const slices = lines.map((l) =>
    invoiceLineFor(termsOf(l), BigInt(l.invoiced_qty), BigInt(l.delivered_qty), {
      description: l.description,
      taxCode: l.tax_code as LineInput['taxCode'],
      incomeAccount: l.income_account,
    }),
  );
  // What was delivered may come to nothing yet (a thousandth of a unit at a few fils): it waits for the next invoice.
  if (slices.every((l) => l.net === 0n)) throw new AppError(422, codes.nothingToInvoice, msg.nothingOfValue(order.number));
  const { row } = await createDraftIn(tx, userId, customer.id, {
    date,
    dueDate,
    reference: order.number,
    notes: `Sales order ${order.number}`,
    lines: slices.map(({ net: _net, ...line }) => line),
  });
  const issued = await issueInvoiceIn(tx, userId, row.id);
  await tx.execute(
    sql`insert into sales_order_invoices (invoice_id, order_id, number, date, net, vat, total) values (${issued.id}, ${order.id}, ${issued.number}, ${date}, ${BigInt(issued.net)}, ${BigInt(issued.vat)}, ${BigInt(issued.total)})`,
  );
  for (const [i, l] of lines.entries()) {
    await tx.execute(sql`update sales_order_lines set invoiced_qty = delivered_qty, invoiced_net = invoiced_net + ${slices[i]!.net} where order_id = ${order.id} and line_no = ${l.line_no}`);
  }
  const status = await refreshStatus(tx, order.id);
  await recordAudit(tx, {
    actorId: userId,
    action: 'sales.order.invoice',
    entityType: 'sales_order',
    entityId: order.id,
    summary: `Invoice ${issued.number} for ${order.number}: ${formatAed(BigInt(issued.total))} including VAT`,
    details: { invoiceId: issued.id },
  });
  return { invoiceId: issued.id, number: issued.number!, net: issued.net, vat: issued.vat, total: issued.total, orderId: order.id, status };
}

export const invoiceOrder = (db: Db, userId: string | null, orderId: string, input: InvoiceOrderInput) => db.transaction((tx) => invoiceOrderIn(tx, userId, orderId, input));
