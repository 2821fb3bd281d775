/**
 * An invoice or credit note as a finished document: what the PDF prints and the UBL 2.1 / PINT AE XML
 * carries, built from the stored invoice by the receivables service. Pure data, browser-safe.
 * Amounts are bigint minor units: `*Doc` in the document's currency, the others in fils of AED.
 */
import type { Emirate, TaxCode } from '../tax/contract';

export type DocumentParty = {
  name: string;
  /** 15-digit TRN, or null for an unregistered customer. */
  trn: string | null;
  email: string;
  address: { line1: string; line2?: string; city: string; emirate?: Emirate | null; postalCode?: string; country: string };
};

export type DocumentLine = {
  lineNo: number;
  description: string;
  /** Decimal string, up to 3 places ("1", "2.5"). */
  quantity: string;
  /** Unit of measure (UN/ECE rec 20): 'C62' (one), 'MON' (month), 'HUR' (hour)… */
  unitCode: string;
  unitPriceDoc: bigint;
  discountDoc: bigint;
  /** quantity × unit price − discount, rounded half-even once. */
  netDoc: bigint;
  taxCode: TaxCode;
  vatRateBps: number;
  vatDoc: bigint;
  netAed: bigint;
  vatAed: bigint;
};

export type InvoiceDocument = {
  kind: 'invoice' | 'credit_note';
  id: string;
  /** INV-2026-0001 / CN-2026-0001. */
  number: string;
  issueDate: string;
  /** Date of supply (UAE tax invoice content). */
  supplyDate: string;
  dueDate: string | null;
  currency: string;
  /** AED per 1 unit of `currency` on the invoice date; '1' for AED. */
  rate: string;
  seller: DocumentParty;
  buyer: DocumentParty;
  lines: DocumentLine[];
  /** Per tax code: the PINT AE tax subtotals. */
  taxSubtotals: { taxCode: TaxCode; vatRateBps: number; netDoc: bigint; vatDoc: bigint; netAed: bigint; vatAed: bigint }[];
  totals: { netDoc: bigint; vatDoc: bigint; totalDoc: bigint; netAed: bigint; vatAed: bigint; totalAed: bigint; paidDoc: bigint; dueDoc: bigint };
  /** For a credit note: the invoice it corrects. */
  billingReference: { number: string; issueDate: string } | null;
  paymentTerms: string;
  /** Where to pay: the operator's bank account. */
  payee: { bankName: string; iban: string; accountName: string } | null;
  notes: string;
  /** Shown on the PDF and in the XML as the buyer's reference (PO number). */
  buyerReference: string;
};
