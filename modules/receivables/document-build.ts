/**
 * The finished document of an issued invoice or a credit note (InvoiceDocument, document.ts): what the PDF
 * prints and the UBL XML carries, built from the stored rows, the operator's VAT registration and its
 * operating bank account.
 */
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { listBankAccounts } from '@modules/banking';
import { TAX_RATE_BPS, emirateLabels, getTaxSettings, type Emirate, type TaxCode } from '@modules/tax';
import { receivablesErrorCodes as codes, receivablesMessages as msg } from './contract';
import { creditNoteOr404 } from './credit-notes';
import type { DocumentLine, DocumentParty, InvoiceDocument } from './document';
import { customerOr404, invoiceLinesOf, invoiceOr404, type CustomerRow, type InvoiceLineRow, type InvoiceRow } from './shared';

const UNIT_CODE = 'C62';

function buyerOf(c: CustomerRow): DocumentParty {
  return { name: c.name, trn: c.trn, email: c.email, address: { line1: c.addressLine1, city: c.city, emirate: (c.emirate as Emirate | null) ?? null, country: c.country } };
}

async function sellerAndPayee(db: Db): Promise<{ seller: DocumentParty; payee: InvoiceDocument['payee'] }> {
  const [tax, banks] = await Promise.all([getTaxSettings(db), listBankAccounts(db)]);
  const bank = banks.find((b) => b.kind === 'operating') ?? banks[0];
  return {
    seller: {
      name: tax.legalName,
      trn: tax.trn,
      email: 'accounts@manzil.ae',
      address: { line1: tax.address, city: emirateLabels[tax.defaultEmirate], emirate: tax.defaultEmirate, country: 'AE' },
    },
    payee: bank ? { bankName: bank.bankName || bank.name, iban: bank.iban, accountName: tax.legalName } : null,
  };
}

type Part = { row: InvoiceLineRow; net: bigint; vat: bigint; netAed: bigint; vatAed: bigint };

function documentLines(parts: Part[]): { lines: DocumentLine[]; taxSubtotals: InvoiceDocument['taxSubtotals'] } {
  const lines = parts.map(
    (p, i): DocumentLine => ({
      lineNo: i + 1,
      description: p.row.description,
      quantity: p.row.quantity,
      unitCode: UNIT_CODE,
      unitPriceDoc: p.row.unitPrice,
      discountDoc: p.net === p.row.net ? p.row.discount : 0n,
      netDoc: p.net,
      taxCode: p.row.taxCode as TaxCode,
      vatRateBps: TAX_RATE_BPS[p.row.taxCode as TaxCode] ?? 0,
      vatDoc: p.vat,
      netAed: p.netAed,
      vatAed: p.vatAed,
    }),
  );
  const byCode = new Map<TaxCode, InvoiceDocument['taxSubtotals'][number]>();
  for (const l of lines) {
    const t = byCode.get(l.taxCode) ?? { taxCode: l.taxCode, vatRateBps: l.vatRateBps, netDoc: 0n, vatDoc: 0n, netAed: 0n, vatAed: 0n };
    t.netDoc += l.netDoc;
    t.vatDoc += l.vatDoc;
    t.netAed += l.netAed;
    t.vatAed += l.vatAed;
    byCode.set(l.taxCode, t);
  }
  return { lines, taxSubtotals: [...byCode.values()] };
}

const sum = (parts: Part[], k: 'net' | 'vat' | 'netAed' | 'vatAed') => parts.reduce((s, p) => s + p[k], 0n);

function base(inv: InvoiceRow, customer: CustomerRow) {
  return {
    supplyDate: inv.date,
    currency: inv.currency,
    rate: inv.rate,
    buyer: buyerOf(customer),
    paymentTerms: customer.paymentTermsDays === 0 ? 'Due on receipt' : `Due within ${customer.paymentTermsDays} days of the invoice date`,
    notes: inv.notes,
    buyerReference: inv.reference,
  };
}

/** An issued invoice as a document (a draft has no number yet: 422). */
export async function toInvoiceDocument(db: Db, invoiceId: string): Promise<InvoiceDocument> {
  const inv = await invoiceOr404(db, invoiceId);
  if (!inv.number) throw new AppError(422, codes.notIssued, msg.notIssued);
  const [customer, rows, parties] = await Promise.all([customerOr404(db, inv.customerId), invoiceLinesOf(db, invoiceId), sellerAndPayee(db)]);
  const parts = rows.map((row) => ({ row, net: row.net, vat: row.vat, netAed: row.netAed, vatAed: row.vatAed }));
  const { lines, taxSubtotals } = documentLines(parts);
  return {
    kind: 'invoice',
    id: inv.id,
    number: inv.number,
    issueDate: inv.date,
    dueDate: inv.dueDate,
    ...base(inv, customer),
    ...parties,
    lines,
    taxSubtotals,
    totals: { netDoc: inv.net, vatDoc: inv.vat, totalDoc: inv.total, netAed: sum(parts, 'netAed'), vatAed: sum(parts, 'vatAed'), totalAed: inv.totalAed, paidDoc: inv.paidAmount + inv.creditedAmount, dueDoc: inv.openAmount },
    billingReference: null,
  };
}

/** A credit note as a document (UBL kind 'credit_note', referring to its invoice). */
export async function toCreditNoteDocument(db: Db, creditNoteId: string): Promise<InvoiceDocument> {
  const cn = await creditNoteOr404(db, creditNoteId);
  const inv = await invoiceOr404(db, cn.invoiceId);
  const [customer, rows, parties] = await Promise.all([customerOr404(db, inv.customerId), invoiceLinesOf(db, inv.id), sellerAndPayee(db)]);
  const credited = cn.lines as { lineNo: number; net: string; vat: string; netAed: string; vatAed: string }[];
  const parts = credited.map((c) => ({ row: rows.find((r) => r.lineNo === c.lineNo)!, net: BigInt(c.net), vat: BigInt(c.vat), netAed: BigInt(c.netAed), vatAed: BigInt(c.vatAed) }));
  const { lines, taxSubtotals } = documentLines(parts);
  return {
    kind: 'credit_note',
    id: cn.id,
    number: cn.number,
    issueDate: cn.date,
    dueDate: null,
    ...base(inv, customer),
    notes: cn.reason,
    ...parties,
    lines,
    taxSubtotals,
    totals: { netDoc: cn.net, vatDoc: cn.vat, totalDoc: cn.total, netAed: sum(parts, 'netAed'), vatAed: sum(parts, 'vatAed'), totalAed: cn.totalAed, paidDoc: 0n, dueDoc: cn.total },
    billingReference: { number: inv.number!, issueDate: inv.date },
  };
}
