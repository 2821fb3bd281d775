/**
 * Receivables' journal entries, one pure builder per document:
 *   an issued invoice   Dr 1330 total / Cr each line's income account (net, with its cost center and property)
 *                       / Cr 2410 VAT per line; in the invoice's currency and rate (the ledger converts half-even)
 *   a credit note       the mirror of the lines it credits; when it clears the invoice, any fils the rounding of
 *                       earlier settlements left on 1330 go to 6900
 *   a payment           Dr the bank's ledger account (AED received) / Cr 1330 (AED booked for each invoice settled)
 *                       / Cr 2340 what is left over as the customer's credit; received − booked → 4930
 *   a credit applied    Dr 2340 / Cr 1330; the same exchange difference rule
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';

export const INVOICE_SOURCE = 'receivables.invoice';
export const CREDIT_NOTE_SOURCE = 'receivables.credit_note';
export const PAYMENT_SOURCE = 'receivables.payment';
export const CREDIT_SOURCE = 'receivables.credit';

const A = LEDGER_ACCOUNTS;

export type PostingDocumentLine = {
  lineNo: number;
  description: string;
  incomeAccount: string;
  net: bigint;
  vat: bigint;
  costCenter: string | null;
  property: string | null;
};

export type InvoicePostingDocument = {
  id: string;
  number: string;
  date: string;
  customerName: string;
  currency: string;
  rate: string;
  lines: PostingDocumentLine[];
  authorId: string | null;
};

const fx = (currency: string, rate: string): Pick<PostingLine, 'currency' | 'rate'> => (currency === 'AED' ? {} : { currency, rate });
const amount = (side: 'debit' | 'credit', v: bigint): Pick<PostingLine, 'debit' | 'credit'> => (side === 'debit' ? { debit: v } : { credit: v });
const dims = (l: PostingDocumentLine) => ({ costCenter: l.costCenter ?? null, property: l.property ?? null });

/** Income and VAT lines of a document, on `side` (credit for an invoice, debit for a credit note). */
function incomeLines(doc: InvoicePostingDocument, side: 'debit' | 'credit', label: string): { lines: PostingLine[]; total: bigint } {
  const money = fx(doc.currency, doc.rate);
  const lines: PostingLine[] = [];
  let total = 0n;
  for (const l of doc.lines) {
    if (l.net < 0n || l.vat < 0n) throw new RangeError('line amounts cannot be negative');
    total += l.net + l.vat;
    const memo = `${label} line ${l.lineNo}: ${l.description}`.slice(0, 300);
    if (l.net > 0n) lines.push({ accountCode: l.incomeAccount, ...amount(side, l.net), ...money, ...dims(l), memo });
    if (l.vat > 0n) lines.push({ accountCode: A.vatOutput, ...amount(side, l.vat), ...money, ...dims(l), memo: `VAT on ${label} line ${l.lineNo}` });
  }
  if (total <= 0n) throw new RangeError('a document must come to more than zero');
  return { lines, total };
}

export function invoicePosting(doc: InvoicePostingDocument): PostingEntry {
  const { lines, total } = incomeLines(doc, 'credit', doc.number);
  return {
    date: doc.date,
    memo: `Invoice ${doc.number} to ${doc.customerName}`,
    source: { module: INVOICE_SOURCE, id: doc.id },
    authorId: doc.authorId,
    lines: [{ accountCode: A.tradeReceivables, debit: total, ...fx(doc.currency, doc.rate), memo: `Invoice ${doc.number}, ${doc.customerName}` }, ...lines],
  };
}

export type CreditNotePostingDocument = InvoicePostingDocument & {
  invoiceNumber: string;
  /**
   * When the credit note clears the invoice: the fils still on 1330 for it minus the credit note's total in
   * AED (the rounding of earlier part-settlements in a foreign currency). Positive: 1330 is credited more.
   */
  clearingDifference?: bigint;
};

export function creditNotePosting(doc: CreditNotePostingDocument): PostingEntry {
  const { lines, total } = incomeLines(doc, 'debit', doc.number);
  const out: PostingLine[] = [{ accountCode: A.tradeReceivables, credit: total, ...fx(doc.currency, doc.rate), memo: `Credit note ${doc.number} against ${doc.invoiceNumber}` }, ...lines];
  const diff = doc.clearingDifference ?? 0n;
  if (diff !== 0n) {
    const abs = diff < 0n ? -diff : diff;
    const memo = `Rounding left on ${doc.invoiceNumber} cleared by ${doc.number}`;
    out.push({ accountCode: A.tradeReceivables, ...amount(diff > 0n ? 'credit' : 'debit', abs), memo }, { accountCode: A.fxRounding, ...amount(diff > 0n ? 'debit' : 'credit', abs), memo });
  }
  return {
    date: doc.date,
    memo: `Credit note ${doc.number} against invoice ${doc.invoiceNumber} to ${doc.customerName}`,
    source: { module: CREDIT_NOTE_SOURCE, id: doc.id },
    authorId: doc.authorId,
    lines: out,
  };
}

export type SettlementPart = { invoiceNumber: string; bookedAed: bigint; receivedAed: bigint };

export type PaymentPostingDocument = {
  id: string;
  date: string;
  customerName: string;
  bankLedgerCode: string;
  /** Fils received. */
  amount: bigint;
  allocations: SettlementPart[];
  reference: string;
  authorId: string | null;
};

/** Cr 1330 per invoice and the net exchange difference on 4930 (a gain credits it, a loss debits it). */
function settlementLines(parts: SettlementPart[], via: string): PostingLine[] {
  const lines: PostingLine[] = [];
  let difference = 0n;
  for (const p of parts) {
    if (p.bookedAed < 0n || p.receivedAed <= 0n) throw new RangeError('a settlement must be positive');
    if (p.bookedAed > 0n) lines.push({ accountCode: A.tradeReceivables, credit: p.bookedAed, memo: `${p.invoiceNumber} settled by ${via}` });
    difference += p.receivedAed - p.bookedAed;
  }
  if (difference > 0n) lines.push({ accountCode: A.exchangeDifferences, credit: difference, memo: `Exchange gain on ${parts.map((p) => p.invoiceNumber).join(', ')}` });
  if (difference < 0n) lines.push({ accountCode: A.exchangeDifferences, debit: -difference, memo: `Exchange loss on ${parts.map((p) => p.invoiceNumber).join(', ')}` });
  return lines;
}

export function paymentPosting(doc: PaymentPostingDocument): PostingEntry {
  if (doc.amount <= 0n) throw new RangeError('a payment must be positive');
  const allocated = doc.allocations.reduce((s, a) => s + a.receivedAed, 0n);
  if (allocated > doc.amount) throw new RangeError('allocations exceed the payment');
  const via = `payment from ${doc.customerName}${doc.reference ? ` (${doc.reference})` : ''}`;
  const lines: PostingLine[] = [{ accountCode: doc.bankLedgerCode, debit: doc.amount, memo: `Received from ${doc.customerName}${doc.reference ? `, ${doc.reference}` : ''}` }, ...settlementLines(doc.allocations, via)];
  if (doc.amount > allocated) lines.push({ accountCode: A.customerCredits, credit: doc.amount - allocated, memo: `Unallocated, held as ${doc.customerName}'s credit` });
  return { date: doc.date, memo: `Payment received from ${doc.customerName}`, source: { module: PAYMENT_SOURCE, id: doc.id }, authorId: doc.authorId, lines };
}

export type CreditApplicationDocument = { id: string; date: string; customerName: string; part: SettlementPart; authorId: string | null };

export function creditApplicationPosting(doc: CreditApplicationDocument): PostingEntry {
  return {
    date: doc.date,
    memo: `${doc.customerName}'s credit applied to ${doc.part.invoiceNumber}`,
    source: { module: CREDIT_SOURCE, id: doc.id },
    authorId: doc.authorId,
    lines: [{ accountCode: A.customerCredits, debit: doc.part.receivedAed, memo: `Credit applied to ${doc.part.invoiceNumber}` }, ...settlementLines([doc.part], 'credit applied')],
  };
}
