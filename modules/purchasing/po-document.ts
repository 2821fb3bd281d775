/** The purchase order as a finished document (./document.ts): what the PDF prints and the supplier receives. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { getTaxSettings } from '@modules/tax';
import { purchasingMessages as msg, purchasingErrorCodes as codes, unitCodeLabels, type UnitCode } from './contract';
import type { PurchaseOrderDocument } from './document';
import { getOrder } from './order-read';
import { rows } from './shared';
import { notFound } from '@api/errors';

const termsText = (days: number) =>
  days === 0
    ? 'Payment on receipt of a valid UAE tax invoice quoting this order number.'
    : `Payment ${days} days from the date of a valid UAE tax invoice quoting this order number. Deliveries and invoices must match this order; differences are held for review.`;

export async function toPurchaseOrderDocument(db: Db, poId: string): Promise<PurchaseOrderDocument> {
  const order = await getOrder(db, poId);
  const [supplier] = await rows<{ name: string; trn: string | null; email: string; address: string; payment_terms_days: number }>(
    db,
    sql`select name, trn, email, address, payment_terms_days from suppliers where id = ${order.supplierId}`,
  );
  if (!supplier) throw notFound(msg.supplierNotFound, codes.supplierNotFound);
  const [approver] = await rows<{ first_name: string; last_name: string; email: string }>(
    db,
    sql`select u.first_name, u.last_name, u.email from purchase_orders o join users u on u.id = o.approved_by where o.id = ${order.id}`,
  );
  const tax = await getTaxSettings(db);
  const lines = order.lines.map((l) => ({
    lineNo: l.lineNo,
    description: l.description,
    quantity: l.quantity,
    unitCode: l.unitCode,
    unitPriceFils: BigInt(l.unitPrice),
    netFils: BigInt(l.net),
    taxCode: l.taxCode,
    vatFils: BigInt(l.vat),
  }));
  const net = lines.reduce((s, l) => s + l.netFils, 0n);
  const vat = lines.reduce((s, l) => s + l.vatFils, 0n);
  const approvedBy = approver ? `${approver.first_name} ${approver.last_name}`.trim() || approver.email : null;
  const unitNote = [...new Set(order.lines.map((l) => l.unitCode))]
    .filter((u) => u !== 'C62')
    .map((u) => `${u} = ${unitCodeLabels[u as UnitCode] ?? u}`)
    .join(', ');
  return {
    id: order.id,
    number: order.number,
    date: order.orderDate,
    expectedDate: order.expectedDate,
    status: order.status,
    currency: 'AED',
    buyer: { legalName: tax.legalName, trn: tax.trn, address: tax.address },
    supplier: { name: supplier.name, trn: supplier.trn, email: supplier.email, address: supplier.address },
    lines,
    totals: { net, vat, total: net + vat },
    deliveryAddress: order.deliveryAddress,
    terms: termsText(Number(supplier.payment_terms_days)),
    approvedBy,
    requestNumber: order.requestNumber,
    notes: [order.notes, unitNote ? `Units: ${unitNote}.` : ''].filter(Boolean).join('\n'),
  };
}
