/**
 * Credit notes: the reverse of some or all of an issued invoice's lines, numbered CN-YYYY-NNNN, posted as the
 * mirror of the invoice's entry with negative VAT lines, and taking its total off the invoice's open amount.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { post } from '@modules/ledger';
import { toBaseMinor } from '@modules/platform/money';
import { recordTaxLines, taxLinesFor, vatFor, type Emirate, type TaxCode } from '@modules/tax';
import { receivablesErrorCodes as codes, receivablesMessages as msg, type CreditNoteInput, type CreditNoteJson } from './contract';
import { creditNotePosting } from './postings';
import { creditNotes, invoiceLines, invoices, receivableAllocations } from './schema';
import { UUID, assertOpen, dayOf, iso, invoiceLinesOf, invoiceOr404, moneyIn, nextNumber, referencedCustomer, statusAfter, type InvoiceLineRow } from './shared';

type CreditedLine = { row: InvoiceLineRow; net: bigint; vat: bigint; netAed: bigint; vatAed: bigint };
const invalid = (message: string) => new AppError(422, codes.creditNote, message);

/** The lines a credit note takes: each asked-for line's net (default: what is left of it) and its VAT. */
export function creditedLines(lines: InvoiceLineRow[], asked: CreditNoteInput['lines'], currency: string, rate: string): CreditedLine[] {
  const wanted = asked ?? lines.filter((l) => l.net > l.creditedNet).map((l) => ({ lineNo: l.lineNo, net: undefined }));
  const seen = new Set<number>();
  return wanted.map((w) => {
    const row = lines.find((l) => l.lineNo === w.lineNo);
    if (!row || seen.has(w.lineNo)) throw invalid(msg.creditLineUnknown(w.lineNo));
    seen.add(w.lineNo);
    const left = row.net - row.creditedNet;
    const net = w.net ?? left;
    if (net > left || left <= 0n) throw invalid(msg.creditLineExceeds(w.lineNo, moneyIn(left, currency)));
    // The last of a line takes the VAT that is left, so a line credited in parts gives back exactly its VAT.
    const vatLeft = row.vat - row.creditedVat;
    const partVat = vatFor(net, row.taxCode as TaxCode);
    const vat = net === left || partVat > vatLeft ? vatLeft : partVat;
    return { row, net, vat, netAed: toBaseMinor(net, currency, rate), vatAed: toBaseMinor(vat, currency, rate) };
  });
}

export async function createCreditNote(db: Db, userId: string, invoiceId: string, input: CreditNoteInput): Promise<CreditNoteJson> {
  return db.transaction(async (tx) => {
    const { customerId } = await invoiceOr404(tx, invoiceId);
    const customer = await referencedCustomer(tx, customerId, { lock: true });
    const inv = await invoiceOr404(tx, invoiceId, { lock: true });
    assertOpen(inv);
    if (input.date < inv.date) throw new AppError(422, codes.beforeInvoice, msg.beforeInvoice(inv.number!, inv.date));
    const credited = creditedLines(await invoiceLinesOf(tx, invoiceId, { lock: true }), input.lines, inv.currency, inv.rate);
    const total = credited.reduce((s, l) => s + l.net + l.vat, 0n);
    if (total <= 0n) throw invalid(msg.creditEmpty);
    if (total > inv.openAmount) throw invalid(msg.creditExceedsOpen);
    const converted = toBaseMinor(total, inv.currency, inv.rate);
    const open = inv.openAmount - total;
    // What comes off 1330: all that is left when the note clears the invoice, else the total converted (never below zero).
    const aedOff = open === 0n ? inv.openAed : converted < inv.openAed ? converted : inv.openAed;
    const number = await nextNumber(tx, 'CN', input.date);
    const id = crypto.randomUUID();
    const entry = await post(
      tx,
      creditNotePosting({
        id,
        number,
        invoiceNumber: inv.number!,
        date: input.date,
        customerName: customer.name,
        currency: inv.currency,
        rate: inv.rate,
        authorId: userId,
        clearingDifference: aedOff - converted,
        lines: credited.map((l) => ({ lineNo: l.row.lineNo, description: l.row.description, incomeAccount: l.row.incomeAccount, net: l.net, vat: l.vat, costCenter: l.row.costCenter, property: l.row.property })),
      }),
    );
    await recordTaxLines(tx, {
      date: input.date,
      documentType: 'credit_note',
      documentId: id,
      documentNumber: number,
      counterparty: customer.name,
      entryId: entry.id,
      lines: credited.flatMap((l) => taxLinesFor('sales', { taxCode: l.row.taxCode as TaxCode, net: l.netAed, vat: l.vatAed, emirate: l.row.emirate as Emirate }, -1)),
    });
    const netTotal = credited.reduce((s, l) => s + l.net, 0n);
    const lines = credited.map((l) => ({ lineNo: l.row.lineNo, net: l.net.toString(), vat: l.vat.toString(), netAed: l.netAed.toString(), vatAed: l.vatAed.toString() }));
    const [cn] = await tx
      .insert(creditNotes)
      .values({ id, number, invoiceId, customerId: customer.id, date: input.date, reason: input.reason, net: netTotal, vat: total - netTotal, total, totalAed: aedOff, lines, entryId: entry.id, journalReference: entry.reference, createdBy: userId })
      .returning();
    for (const l of credited) {
      await tx
        .update(invoiceLines)
        .set({ creditedNet: sql`${invoiceLines.creditedNet} + ${l.net}`, creditedVat: sql`${invoiceLines.creditedVat} + ${l.vat}` })
        .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.lineNo, l.row.lineNo)));
    }
    await tx
      .update(invoices)
      .set({ creditedAmount: inv.creditedAmount + total, openAmount: open, openAed: inv.openAed - aedOff, status: statusAfter(open, inv.paidAmount), updatedAt: new Date() })
      .where(eq(invoices.id, invoiceId));
    await tx.insert(receivableAllocations).values({ invoiceId, customerId: customer.id, kind: 'credit_note', creditNoteId: id, date: input.date, amountDoc: total, amountAed: aedOff, receivedAed: aedOff, entryId: entry.id, createdBy: userId });
    await recordAudit(tx, {
      actorId: userId,
      action: 'receivables.credit_note.create',
      entityType: 'invoice',
      entityId: invoiceId,
      summary: `Issued credit note ${number} for ${moneyIn(total, inv.currency)} against ${inv.number}: ${input.reason}`,
      details: { creditNoteId: id, journalReference: entry.reference },
    });
    return creditNoteJson(cn!, inv.number!);
  });
}

type CreditNoteRow = typeof creditNotes.$inferSelect;

export const creditNoteJson = (r: CreditNoteRow, invoiceNumber: string): CreditNoteJson => ({
  id: r.id,
  number: r.number,
  invoiceId: r.invoiceId,
  invoiceNumber,
  customerId: r.customerId,
  date: dayOf(r.date),
  reason: r.reason,
  net: r.net.toString(),
  vat: r.vat.toString(),
  total: r.total.toString(),
  totalAed: r.totalAed.toString(),
  lines: r.lines as CreditNoteJson['lines'],
  journalReference: r.journalReference,
  createdAt: iso(r.createdAt),
});

export async function creditNotesOf(db: Db, invoiceId: string, invoiceNumber: string): Promise<CreditNoteJson[]> {
  const rows = await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(creditNotes.date, creditNotes.number);
  return rows.map((r) => creditNoteJson(r, invoiceNumber));
}

export async function creditNoteOr404(db: Db, id: string): Promise<CreditNoteRow> {
  if (!UUID.test(id)) throw notFound(msg.creditNoteNotFound, codes.creditNoteNotFound);
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id));
  if (!row) throw notFound(msg.creditNoteNotFound, codes.creditNoteNotFound);
  return row;
}
