/** Sending a purchase order: the PDF to the supplier through the e-mail outbox, the order marked sent. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { recordAudit } from '@modules/audit';
import { queueEmail } from '@modules/email';
import { formatAed } from '@modules/platform/money';
import { formatDateLong } from '@modules/platform/dates';
import { orderStatusLabels, purchasingMessages as msg, type PurchaseOrderDetailJson } from './contract';
import type { PurchaseOrderDocument } from './document';
import { lockOrder } from './orders';
import { getOrder } from './order-read';
import { purchaseOrderPdf } from './pdf';
import { toPurchaseOrderDocument } from './po-document';
import { invalidState } from './shared';

export async function purchaseOrderPdfFile(db: Db, id: string): Promise<{ filename: string; content: Uint8Array }> {
  const doc = await toPurchaseOrderDocument(db, id);
  return { filename: `${doc.number}.pdf`, content: await purchaseOrderPdf(doc) };
}

const emailText = (doc: PurchaseOrderDocument) =>
  [
    `Dear ${doc.supplier.name},`,
    '',
    `Please find attached our purchase order ${doc.number} dated ${formatDateLong(doc.date)} for ${formatAed(doc.totals.total)} including VAT.`,
    doc.expectedDate ? `We expect delivery or completion by ${formatDateLong(doc.expectedDate)} at: ${doc.deliveryAddress}.` : `Delivery address: ${doc.deliveryAddress}.`,
    '',
    `Please quote ${doc.number} on your tax invoice. ${doc.terms}`,
    '',
    'Kind regards,',
    doc.approvedBy ? `${doc.approvedBy}, ${doc.buyer.legalName}` : doc.buyer.legalName,
    `TRN ${doc.buyer.trn}`,
  ].join('\n');

export async function sendOrder(db: Db, userId: string, id: string): Promise<PurchaseOrderDetailJson> {
  const doc = await toPurchaseOrderDocument(db, id);
  if (doc.status !== 'draft' && doc.status !== 'sent') throw invalidState(msg.orderNotSendable(orderStatusLabels[doc.status as keyof typeof orderStatusLabels]?.toLowerCase() ?? doc.status));
  const pdf = await purchaseOrderPdf(doc);
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    if (o.status !== 'draft' && o.status !== 'sent') throw invalidState(msg.orderNotSendable(orderStatusLabels[o.status].toLowerCase()));
    await queueEmail(tx, {
      to: doc.supplier.email,
      subject: `Purchase order ${doc.number} from ${doc.buyer.legalName}`,
      text: emailText(doc),
      kind: 'purchase_order',
      attachments: [{ filename: `${doc.number}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
    await tx.execute(sql`update purchase_orders set status = 'sent', sent_at = now() where id = ${o.id}`);
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.order.send',
      entityType: 'purchase_order',
      entityId: o.id,
      summary: `Purchase order ${o.number} ${o.status === 'sent' ? 'sent again' : 'sent'} to ${doc.supplier.name} (${doc.supplier.email})`,
    });
  });
  return getOrder(db, id);
}
