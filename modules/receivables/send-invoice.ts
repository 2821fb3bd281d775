/** Sending an issued invoice: the email to the customer with the PDF and the UBL XML attached, through the outbox. */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { queueEmail } from '@modules/email';
import { formatDate } from '@modules/platform/dates';
import { receivablesErrorCodes as codes, receivablesMessages as msg, type InvoiceJson } from './contract';
import { toCreditNoteDocument, toInvoiceDocument } from './document-build';
import type { InvoiceDocument } from './document';
import { invoicePdf } from './pdf';
import { invoices } from './schema';
import { customerOr404, invoiceJson, invoiceOr404, moneyIn } from './shared';
import { invoiceUbl } from './ubl';

const safeName = (number: string) => number.replace(/[^A-Za-z0-9._-]+/g, '-');

/** The PDF and the XML of a document, as a download or an attachment. */
export async function documentFiles(doc: InvoiceDocument): Promise<{ pdf: { filename: string; content: Uint8Array }; xml: { filename: string; content: string } }> {
  return { pdf: { filename: `${safeName(doc.number)}.pdf`, content: await invoicePdf(doc) }, xml: { filename: `${safeName(doc.number)}.xml`, content: invoiceUbl(doc) } };
}

export const invoiceFiles = async (db: Db, id: string) => documentFiles(await toInvoiceDocument(db, id));
export const creditNoteFiles = async (db: Db, id: string) => documentFiles(await toCreditNoteDocument(db, id));

export async function sendInvoice(db: Db, userId: string, id: string): Promise<InvoiceJson> {
  const inv = await invoiceOr404(db, id);
  if (!inv.number) throw new AppError(422, codes.notIssued, msg.notIssued);
  const doc = await toInvoiceDocument(db, id);
  const files = await documentFiles(doc);
  return db.transaction(async (tx) => {
    const customer = await customerOr404(tx, inv.customerId);
    const due = inv.openAmount > 0n ? `${moneyIn(inv.openAmount, inv.currency)} is due by ${formatDate(inv.dueDate)}.` : 'It has been paid in full; thank you.';
    const pay = doc.payee ? `\n\nPlease pay by bank transfer to ${doc.payee.accountName}, IBAN ${doc.payee.iban}, quoting ${inv.number}.` : '';
    await queueEmail(tx, {
      to: customer.email,
      kind: 'invoice',
      subject: `Tax invoice ${inv.number} from ${doc.seller.name}`,
      text: `Dear ${customer.name},\n\nPlease find attached tax invoice ${inv.number} dated ${formatDate(inv.date)} for ${moneyIn(inv.total, inv.currency)} including VAT. ${due}${pay}\n\nThe PDF is for your records; the XML is the same invoice in the UBL e-invoicing format for your accounting system.\n\n${doc.seller.name}\nTRN ${doc.seller.trn}`,
      attachments: [
        { filename: files.pdf.filename, contentType: 'application/pdf', content: files.pdf.content },
        { filename: files.xml.filename, contentType: 'application/xml', content: new TextEncoder().encode(files.xml.content) },
      ],
    });
    const [row] = await tx.update(invoices).set({ sentAt: new Date() }).where(eq(invoices.id, id)).returning();
    await recordAudit(tx, { actorId: userId, action: 'receivables.invoice.send', entityType: 'invoice', entityId: id, summary: `Emailed ${inv.number} to ${customer.email} with its PDF and XML` });
    return invoiceJson(row!, customer.name);
  });
}
