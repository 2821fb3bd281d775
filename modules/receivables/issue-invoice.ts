/**
 * Issuing an invoice: the next number of its year's series, the journal entry and the VAT lines, in one
 * transaction with the status change. From here the invoice is immutable; corrections are credit notes.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { post } from '@modules/ledger';
import { recordTaxLines, taxLinesFor, type Emirate, type TaxCode } from '@modules/tax';
import { receivablesErrorCodes as codes, receivablesMessages as msg, type InvoiceJson } from './contract';
import { invoicePosting } from './postings';
import { invoices } from './schema';
import { customerFigures, invoiceJson, invoiceLabel, invoiceLinesOf, invoiceOr404, moneyIn, nextNumber, referencedCustomer } from './shared';

/** Issues a draft inside `tx` (the recurring run calls this too). */
export async function issueInvoiceIn(tx: Db, userId: string | null, id: string, opts: { override?: boolean } = {}): Promise<InvoiceJson> {
  // Locks in one order everywhere: the customer, then its invoices (payments do the same).
  const { customerId } = await invoiceOr404(tx, id);
  const customer = await referencedCustomer(tx, customerId, { lock: true });
  const inv = await invoiceOr404(tx, id, { lock: true });
  if (inv.status !== 'draft') throw new AppError(422, codes.notDraft, msg.notDraft(invoiceLabel(inv)));
  if (inv.customerId !== customerId) throw new AppError(409, 'retry', 'The draft changed while it was being issued. Please try again.');
  if (inv.total <= 0n) throw new AppError(422, codes.emptyInvoice, msg.emptyInvoice);
  let overridden = false;
  if (customer.creditLimit !== null) {
    const after = (await customerFigures(tx, customer.id)).open + inv.totalAed;
    if (after > customer.creditLimit) {
      if (!opts.override) throw new AppError(422, codes.creditLimit, msg.creditLimit(moneyIn(customer.creditLimit, 'AED'), moneyIn(after, 'AED')));
      overridden = true;
    }
  }
  const lines = await invoiceLinesOf(tx, id);
  const number = await nextNumber(tx, 'INV', inv.date);
  const entry = await post(
    tx,
    invoicePosting({
      id,
      number,
      date: inv.date,
      customerName: customer.name,
      currency: inv.currency,
      rate: inv.rate,
      authorId: userId,
      lines: lines.map((l) => ({ lineNo: l.lineNo, description: l.description, incomeAccount: l.incomeAccount, net: l.net, vat: l.vat, costCenter: l.costCenter, property: l.property })),
    }),
  );
  await recordTaxLines(tx, {
    date: inv.date,
    documentType: 'invoice',
    documentId: id,
    documentNumber: number,
    counterparty: customer.name,
    entryId: entry.id,
    lines: lines.flatMap((l) => taxLinesFor('sales', { taxCode: l.taxCode as TaxCode, net: l.netAed, vat: l.vatAed, emirate: l.emirate as Emirate })),
  });
  const [row] = await tx
    .update(invoices)
    .set({
      number,
      status: 'issued',
      openAmount: inv.total,
      openAed: inv.totalAed,
      entryId: entry.id,
      journalReference: entry.reference,
      issuedAt: new Date(),
      issuedBy: userId,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, id))
    .returning();
  await recordAudit(tx, {
    actorId: userId,
    action: overridden ? 'receivables.invoice.issue_over_limit' : 'receivables.invoice.issue',
    entityType: 'invoice',
    entityId: id,
    summary: `Issued ${number} to ${customer.name} for ${moneyIn(inv.total, inv.currency)}${overridden ? ', past the customer’s credit limit (override)' : ''}`,
    details: { journalReference: entry.reference, override: overridden },
  });
  return invoiceJson(row!, customer.name);
}

export async function issueInvoice(db: Db, userId: string, id: string, opts: { override?: boolean } = {}): Promise<InvoiceJson> {
  return db.transaction((tx) => issueInvoiceIn(tx, userId, id, opts));
}
