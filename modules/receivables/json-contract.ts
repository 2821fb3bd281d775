/** Receivables: the JSON shapes of the API (amounts are strings of integer minor units). Browser-safe. */
import type { Emirate, TaxCode } from '@modules/tax/contract';
import type { InvoiceCurrency } from './amounts-contract';
import type { AgingBucket, CustomerKind, InvoiceStatus, LineInput } from './contract';

// ── JSON shapes ──────────────────────────────────────────────────────────────────────────────────

export type CustomerJson = {
  id: string;
  name: string;
  email: string;
  kind: CustomerKind;
  trn: string | null;
  address: { line1: string; city: string; emirate: Emirate | null; country: string };
  paymentTermsDays: number;
  creditLimit: string | null;
  currency: InvoiceCurrency;
  /** Fils of AED: open invoices, overdue part, unallocated credit. */
  openBalance: string;
  overdue: string;
  credit: string;
  createdAt: string;
};

export type InvoiceLineJson = {
  lineNo: number;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  net: string;
  taxCode: TaxCode;
  vatRateBps: number;
  vat: string;
  netAed: string;
  vatAed: string;
  incomeAccount: string;
  costCenter: string | null;
  property: string | null;
  emirate: Emirate;
  creditedNet: string;
};

export type InvoiceJson = {
  id: string;
  number: string | null;
  customerId: string;
  customerName: string;
  status: InvoiceStatus;
  overdue: boolean;
  daysPastDue: number;
  date: string;
  dueDate: string;
  currency: InvoiceCurrency;
  rate: string;
  reference: string;
  notes: string;
  /** In the invoice currency. */
  net: string;
  vat: string;
  total: string;
  paidAmount: string;
  creditedAmount: string;
  openAmount: string;
  /** Fils of AED. */
  totalAed: string;
  openAed: string;
  journalReference: string | null;
  issuedAt: string | null;
  sentAt: string | null;
  dunningLevel: number;
  createdAt: string;
};

export type AllocationJson = { id: string; kind: 'payment' | 'credit' | 'credit_note'; date: string; amountDoc: string; amountAed: string; receivedAed: string; paymentId: string | null; creditNoteId: string | null };
export type CreditNoteJson = {
  id: string;
  number: string;
  invoiceId: string;
  invoiceNumber: string;
  customerId: string;
  date: string;
  reason: string;
  net: string;
  vat: string;
  total: string;
  totalAed: string;
  lines: { lineNo: number; net: string; vat: string; netAed: string; vatAed: string }[];
  journalReference: string | null;
  createdAt: string;
};
export type InvoiceDetailJson = InvoiceJson & { lines: InvoiceLineJson[]; allocations: AllocationJson[]; creditNotes: CreditNoteJson[]; customer: CustomerJson };

export type PaymentJson = {
  id: string;
  customerId: string;
  date: string;
  amount: string;
  unallocated: string;
  bankAccountId: string;
  reference: string;
  journalReference: string | null;
  allocations: { invoiceId: string; invoiceNumber: string; amountDoc: string; amountAed: string; receivedAed: string }[];
  /** The invoice the contract route paid, as it stands after the payment. */
  invoice?: InvoiceJson;
};

export type AgingRowJson = { customerId: string; name: string; current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string };
export type AgingJson = {
  asOf: string;
  buckets: AgingBucket[];
  customers: AgingRowJson[];
  totals: Omit<AgingRowJson, 'customerId' | 'name'>;
  /** Unallocated customer credit (2340), fils. */
  credits: string;
};

export type StatementLineJson = { date: string; kind: 'invoice' | 'credit_note' | 'payment' | 'credit_applied' | 'exchange_difference'; reference: string; description: string; debit: string; credit: string; balance: string };
export type StatementJson = { customer: CustomerJson; from: string; to: string; opening: string; lines: StatementLineJson[]; closing: string };

export type InvoiceSummaryJson = { outstanding: string; overdue: string; overdueCount: number; paidThisMonth: string; drafts: number; draftsTotal: string; asOf: string };

export type RecurringJson = {
  id: string;
  name: string;
  customerId: string;
  customerName: string;
  currency: InvoiceCurrency;
  lines: (Omit<LineInput, 'unitPrice' | 'discount'> & { unitPrice: string; discount?: string })[];
  total: string;
  dayOfMonth: number;
  startDate: string;
  endDate: string | null;
  active: boolean;
  nextRun: string | null;
  createdAt: string;
};
export type RecurringRunJson = { asOf: string; created: { recurringId: string; period: string; invoiceId: string; number: string | null }[]; skipped: { recurringId: string; reason: string }[] };

export type DunningItemJson = { invoiceId: string; number: string; customerId: string; customerName: string; email: string; dueDate: string; daysPastDue: number; openAmount: string; currency: string; openAed: string; lastLevel: number; levelDue: number };
export type DunningJson = { asOf: string; items: DunningItemJson[] };
