/**
 * Purchasing's journal entries, one pure builder per document:
 *   a goods/service receipt  Dr each line's expense account / Cr 2330 received-not-billed, at the order price
 *   a supplier bill          order lines: Dr 2330 (the received value cleared) ± the price variance on the expense
 *                            account; direct lines: Dr expense; Dr 1410 VAT charged / Cr 2310 the total; reverse
 *                            charge and imports also Dr 1410 / Cr 2410 the self-accounted VAT
 *   a debit note             the mirror: Dr 2310 / Cr expense, Cr 1410 (and Dr 2410 / Cr 1410 for reverse charge)
 *   a payment                Dr 2310 / Cr the bank account's ledger account
 * Lines carry the cost center and property dimensions of the document line they come from.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';
import { reverseChargeVat, type TaxCode } from '@modules/tax';

export const RECEIPT_SOURCE = 'purchasing.receipt';
export const BILL_SOURCE = 'purchasing.bill';
export const DEBIT_NOTE_SOURCE = 'purchasing.debit_note';
export const PAYMENT_SOURCE = 'purchasing.payment';

type Dimensions = { costCenter: string | null; property: string | null };
const dims = (d: Dimensions) => ({ costCenter: d.costCenter, property: d.property });
const selfAccounted = (code: TaxCode) => code === 'reverse_charge' || code === 'import';

export type ReceiptDocument = {
  id: string;
  /** GRN-2026-0001 */
  number: string;
  orderNumber: string;
  supplierName: string;
  date: string;
  authorId: string | null;
  lines: (Dimensions & { description: string; expenseAccountCode: string; value: bigint })[];
};

export function receiptPosting(r: ReceiptDocument): PostingEntry {
  const lines: PostingLine[] = [];
  for (const l of r.lines) {
    if (l.value < 0n) throw new RangeError('a receipt line cannot be negative');
    if (l.value === 0n) continue;
    const memo = `${l.description}, received on ${r.orderNumber}`.slice(0, 300);
    lines.push({ accountCode: l.expenseAccountCode, debit: l.value, ...dims(l), memo });
    lines.push({ accountCode: LEDGER_ACCOUNTS.receivedNotBilled, credit: l.value, ...dims(l), memo });
  }
  if (lines.length === 0) throw new RangeError('a receipt must have a value');
  return {
    date: r.date,
    memo: `Receipt ${r.number} against ${r.orderNumber} from ${r.supplierName}`,
    source: { module: RECEIPT_SOURCE, id: r.id },
    authorId: r.authorId,
    lines,
  };
}

export type BillPostingLine = Dimensions & {
  description: string;
  expenseAccountCode: string;
  taxCode: TaxCode;
  net: bigint;
  vat: bigint;
  /** For an order line: the received value cleared from 2330 (the rest of `net` is the price variance); null for a direct line. */
  cleared: bigint | null;
};

export type BillDocument = Dimensions & {
  id: string;
  /** BILL-2026-0001 */
  number: string;
  supplierBillNumber: string;
  supplierName: string;
  date: string;
  authorId: string | null;
  lines: BillPostingLine[];
};

export function billPosting(b: BillDocument): PostingEntry {
  const lines: PostingLine[] = [];
  let total = 0n;
  let vat = 0n;
  let selfVat = 0n;
  for (const l of b.lines) {
    if (l.net < 0n || l.vat < 0n || (l.cleared !== null && l.cleared < 0n)) throw new RangeError('bill lines cannot be negative');
    const memo = l.description.slice(0, 300);
    if (l.cleared === null) {
      if (l.net > 0n) lines.push({ accountCode: l.expenseAccountCode, debit: l.net, ...dims(l), memo });
    } else {
      if (l.cleared > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.receivedNotBilled, debit: l.cleared, ...dims(l), memo });
      const variance = l.net - l.cleared;
      if (variance > 0n) lines.push({ accountCode: l.expenseAccountCode, debit: variance, ...dims(l), memo: `Price variance: ${memo}`.slice(0, 300) });
      if (variance < 0n) lines.push({ accountCode: l.expenseAccountCode, credit: -variance, ...dims(l), memo: `Price variance: ${memo}`.slice(0, 300) });
    }
    total += l.net + l.vat;
    vat += l.vat;
    if (selfAccounted(l.taxCode)) selfVat += reverseChargeVat(l.net);
  }
  if (total <= 0n) throw new RangeError('a bill must come to more than zero');
  const ref = `${b.number} (${b.supplierName} ${b.supplierBillNumber})`;
  if (vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatInput, debit: vat, ...dims(b), memo: `VAT on ${ref}` });
  if (selfVat > 0n) {
    lines.push({ accountCode: LEDGER_ACCOUNTS.vatInput, debit: selfVat, ...dims(b), memo: `Reverse charge VAT recoverable on ${ref}` });
    lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, credit: selfVat, ...dims(b), memo: `Reverse charge VAT due on ${ref}` });
  }
  lines.push({ accountCode: LEDGER_ACCOUNTS.tradePayables, credit: total, ...dims(b), memo: `Owed to ${b.supplierName}, ${ref}` });
  return { date: b.date, memo: `Bill ${ref}`, source: { module: BILL_SOURCE, id: b.id }, authorId: b.authorId, lines };
}

export type DebitNoteDocument = Dimensions & {
  id: string;
  /** DN-2026-0001 */
  number: string;
  billNumber: string;
  supplierName: string;
  date: string;
  authorId: string | null;
  lines: (Dimensions & { description: string; expenseAccountCode: string; taxCode: TaxCode; net: bigint; vat: bigint })[];
};

export function debitNotePosting(d: DebitNoteDocument): PostingEntry {
  const lines: PostingLine[] = [];
  let total = 0n;
  let vat = 0n;
  let selfVat = 0n;
  for (const l of d.lines) {
    if (l.net <= 0n || l.vat < 0n) throw new RangeError('a debit note line must be positive');
    lines.push({ accountCode: l.expenseAccountCode, credit: l.net, ...dims(l), memo: `Debit note ${d.number}: ${l.description}`.slice(0, 300) });
    total += l.net + l.vat;
    vat += l.vat;
    if (selfAccounted(l.taxCode)) selfVat += reverseChargeVat(l.net);
  }
  if (total <= 0n) throw new RangeError('a debit note must come to more than zero');
  const ref = `${d.number} on ${d.billNumber}`;
  if (vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatInput, credit: vat, ...dims(d), memo: `VAT credited, ${ref}` });
  if (selfVat > 0n) {
    lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, debit: selfVat, ...dims(d), memo: `Reverse charge VAT due reduced, ${ref}` });
    lines.push({ accountCode: LEDGER_ACCOUNTS.vatInput, credit: selfVat, ...dims(d), memo: `Reverse charge VAT recoverable reduced, ${ref}` });
  }
  return {
    date: d.date,
    memo: `Debit note ${ref} from ${d.supplierName}`,
    source: { module: DEBIT_NOTE_SOURCE, id: d.id },
    authorId: d.authorId,
    lines: [{ accountCode: LEDGER_ACCOUNTS.tradePayables, debit: total, ...dims(d), memo: `Less owed to ${d.supplierName}, ${ref}` }, ...lines],
  };
}

export type PaymentDocument = {
  id: string;
  /** PAY-2026-0001 */
  number: string;
  date: string;
  amount: bigint;
  /** The bank account's ledger account (getBankAccount(...).ledgerAccountCode). */
  bankLedgerCode: string;
  billNumber: string;
  supplierBillNumber: string;
  supplierName: string;
  authorId: string | null;
};

export function paymentPosting(p: PaymentDocument): PostingEntry {
  if (p.amount <= 0n) throw new RangeError('a payment must be positive');
  const memo = `Payment ${p.number} to ${p.supplierName} for ${p.supplierBillNumber} (${p.billNumber})`;
  return {
    date: p.date,
    memo,
    source: { module: PAYMENT_SOURCE, id: p.id },
    authorId: p.authorId,
    lines: [
      { accountCode: LEDGER_ACCOUNTS.tradePayables, debit: p.amount, memo },
      { accountCode: p.bankLedgerCode, credit: p.amount, memo },
    ],
  };
}
