/**
 * A purchase order as a finished document: what the PDF prints and the e-mail to the supplier attaches.
 * Built from the stored order by toPurchaseOrderDocument (modules/purchasing/po-document.ts). Pure data,
 * browser-safe. Amounts are bigint fils of AED.
 */
import type { TaxCode } from '../tax/contract';

export type PurchaseOrderLine = {
  lineNo: number;
  description: string;
  /** Decimal string, up to 3 places ("1", "2.5"). */
  quantity: string;
  /** Unit of measure (UN/ECE rec 20): 'C62' (one), 'MON' (month), 'HUR' (hour)… */
  unitCode: string;
  /** The agreed unit price, net of VAT. */
  unitPriceFils: bigint;
  /** quantity × unit price, rounded half-even once. */
  netFils: bigint;
  taxCode: TaxCode;
  /** VAT charged by the supplier on the line (0 for reverse charge and imports: we account for it). */
  vatFils: bigint;
};

export type PurchaseOrderDocument = {
  id: string;
  /** PO-2026-0001. */
  number: string;
  /** The order date, YYYY-MM-DD. */
  date: string;
  /** When the goods or service are expected, YYYY-MM-DD, or null when not agreed. */
  expectedDate: string | null;
  /** draft, sent, partially_received, received, billed, closed, cancelled. */
  status: string;
  currency: 'AED';
  /** The operator placing the order (from the tax settings). */
  buyer: { legalName: string; trn: string; address: string };
  supplier: { name: string; trn: string | null; email: string; address: string };
  lines: PurchaseOrderLine[];
  totals: { net: bigint; vat: bigint; total: bigint };
  /** Where to deliver or perform: the property's address or the operator's office. */
  deliveryAddress: string;
  /** Payment terms as printed, e.g. "Payment 30 days from the date of the bill." */
  terms: string;
  /** The administrator who approved the request or issued the order, or null. */
  approvedBy: string | null;
  /** The purchase request the order came from (PR-2026-0001), or null for a direct order. */
  requestNumber: string | null;
  notes: string;
};
