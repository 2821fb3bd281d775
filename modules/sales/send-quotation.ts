/** Sending a quotation: the email to the customer with its PDF attached, through the outbox; a draft becomes 'sent'. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { recordAudit } from '@modules/audit';
import { queueEmail } from '@modules/email';
import { formatDate } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { getTaxSettings } from '@modules/tax';
import type { QuotationDetailJson } from './contract';
import { quotationFilename, quotationPdf } from './quotation-pdf';
import { getQuotation, quotationFor } from './quotations';

export async function sendQuotation(db: Db, userId: string | null, id: string): Promise<QuotationDetailJson> {
  const current = await getQuotation(db, id);
  await db.transaction(async (tx) => {
    const row = await quotationFor(tx, id, ['draft', 'sent'], 'sent');
    const q = await getQuotation(tx, row.id);
    const [pdf, tax] = await Promise.all([quotationPdf(tx, q), getTaxSettings(tx)]);
    await queueEmail(tx, {
      to: q.customerEmail,
      kind: 'quotation',
      subject: `Quotation ${q.number} from ${tax.legalName}`,
      text: `Dear ${q.customerName},\n\nThank you for your enquiry. Please find attached our quotation ${q.number} dated ${formatDate(q.date)} for ${formatAed(BigInt(q.total))} including VAT, valid until ${formatDate(q.validUntil)}.\n\nReply to this email to accept it and we will confirm the order.\n\n${tax.legalName}`,
      attachments: [{ filename: quotationFilename(q.number), contentType: 'application/pdf', content: pdf }],
    });
    await tx.execute(sql`update sales_quotations set status = 'sent', sent_at = now(), updated_at = now() where id = ${row.id}`);
    await recordAudit(tx, { actorId: userId, action: 'sales.quotation.send', entityType: 'sales_quotation', entityId: row.id, summary: `Emailed quotation ${q.number} to ${q.customerEmail} with its PDF` });
  });
  return getQuotation(db, current.id);
}
