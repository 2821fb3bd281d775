/**
 * The JSON shapes of the purchasing API (re-exported by ./contract.ts; the name keeps it browser-safe for the lint boundary). Browser-safe. Amounts are strings of
 * integer fils; quantities decimal strings ("2.5"); dates YYYY-MM-DD; instants ISO 8601.
 */
import type { Emirate, TaxCode } from '../tax/contract';
import type { AgingBucket, BillStatus, OrderStatus, RequestStatus, SupplierCategory } from './contract';

export type SupplierJson = {
  id: string;
  name: string;
  email: string;
  trn: string | null;
  address: string;
  country: string;
  emirate: Emirate | null;
  bankName: string;
  iban: string | null;
  accountName: string;
  paymentTermsDays: number;
  category: SupplierCategory;
  expenseAccountCode: string;
  /** What is owed to the supplier now: Σ open amounts of its posted bills. */
  openBalance: string;
  openBills: number;
  createdAt: string;
  updatedAt: string;
};

export type SupplierDetailJson = SupplierJson & {
  expenseAccountName: string;
  /** Orders not yet billed, closed or cancelled. */
  openOrders: number;
  overdue: string;
};

export type RequestLineJson = { id: string; lineNo: number; description: string; quantity: string; unitCode: string; estimatedUnitPrice: string; taxCode: TaxCode; net: string; vat: string; stockItemId: string | null };

export type PurchaseRequestJson = {
  id: string;
  /** PR-2026-0001 */
  number: string;
  title: string;
  status: RequestStatus;
  costCenter: string | null;
  property: string | null;
  supplierId: string | null;
  supplierName: string | null;
  neededBy: string | null;
  notes: string;
  estimateNet: string;
  estimateVat: string;
  /** Net + VAT: what the approval threshold is compared with. */
  estimateTotal: string;
  /** True when the estimate is above the approval threshold: someone other than the requester must approve. */
  needsSecondApprover: boolean;
  requestedById: string | null;
  requestedBy: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  rejectionReason: string | null;
  purchaseOrderId: string | null;
  purchaseOrderNumber: string | null;
  createdAt: string;
};
export type PurchaseRequestDetailJson = PurchaseRequestJson & { lines: RequestLineJson[] };

export type OrderLineJson = {
  id: string;
  lineNo: number;
  description: string;
  quantity: string;
  unitCode: string;
  unitPrice: string;
  taxCode: TaxCode;
  net: string;
  vat: string;
  expenseAccountCode: string;
  /** The inventory item the line buys, if any: its receipts go into the store. */
  stockItemId: string | null;
  received: string;
  billed: string;
  /** Value received at the order price (Σ receipts), fils. */
  receivedValue: string;
};

export type PurchaseOrderJson = {
  id: string;
  /** PO-2026-0001 */
  number: string;
  status: OrderStatus;
  supplierId: string;
  supplierName: string;
  supplierEmail: string;
  requestId: string | null;
  requestNumber: string | null;
  orderDate: string;
  expectedDate: string | null;
  costCenter: string | null;
  property: string | null;
  deliveryAddress: string;
  notes: string;
  net: string;
  vat: string;
  total: string;
  sentAt: string | null;
  createdBy: string | null;
  createdAt: string;
};

export type ReceiptJson = {
  id: string;
  /** GRN-2026-0001 */
  number: string;
  date: string;
  note: string;
  value: string;
  journalReference: string;
  receivedBy: string | null;
  lines: { poLineId: string; lineNo: number; quantity: string; value: string }[];
  createdAt: string;
};

export type PurchaseOrderDetailJson = PurchaseOrderJson & {
  lines: OrderLineJson[];
  receipts: ReceiptJson[];
  bills: { id: string; number: string; supplierBillNumber: string; status: BillStatus; total: string; billDate: string }[];
};

export type MismatchKind = 'quantity' | 'price';
/** One reason a bill was held: which line, what differs, by how much. */
export type MismatchJson = {
  lineNo: number;
  poLineNo: number;
  kind: MismatchKind;
  /** The order's figure (quantity open to bill, or unit price in fils). */
  expected: string;
  /** The bill's figure. */
  actual: string;
  /** actual − expected (quantity or fils). */
  difference: string;
  /** For a price: the difference in basis points of the order price. */
  differenceBps: number | null;
  message: string;
};

export type BillLineJson = {
  id: string;
  lineNo: number;
  poLineId: string | null;
  poLineNo: number | null;
  description: string;
  quantity: string;
  unitPrice: string;
  net: string;
  taxCode: TaxCode;
  vat: string;
  expenseAccountCode: string;
  costCenter: string | null;
  property: string | null;
  /** For an order line: its three-way match (order price, quantity ordered / received / billed before this bill). */
  match: { orderedQuantity: string; receivedQuantity: string; billedBefore: string; orderUnitPrice: string } | null;
  /** Net already credited by debit notes. */
  debited: string;
};

export type BillJson = {
  id: string;
  /** BILL-2026-0001: ours. */
  number: string;
  supplierBillNumber: string;
  supplierId: string;
  supplierName: string;
  purchaseOrderId: string | null;
  purchaseOrderNumber: string | null;
  status: BillStatus;
  billDate: string;
  dueDate: string;
  net: string;
  vat: string;
  total: string;
  paid: string;
  debited: string;
  openAmount: string;
  costCenter: string | null;
  property: string | null;
  notes: string;
  mismatches: MismatchJson[];
  decisionReason: string | null;
  decidedBy: string | null;
  journalReference: string | null;
  createdBy: string | null;
  createdAt: string;
};

export type DebitNoteJson = { id: string; number: string; date: string; reason: string; supplierReference: string; net: string; vat: string; total: string; journalReference: string; createdAt: string };
export type PaymentJson = {
  id: string;
  /** PAY-2026-0001 */
  number: string;
  billId: string;
  billNumber: string;
  supplierName: string;
  date: string;
  amount: string;
  bankAccountId: string;
  batchId: string | null;
  journalReference: string;
  createdAt: string;
};

export type BillDetailJson = BillJson & { lines: BillLineJson[]; debitNotes: DebitNoteJson[]; payments: PaymentJson[] };

export type PaymentBatchJson = {
  id: string;
  /** PB-2026-0001 */
  number: string;
  date: string;
  bankAccountId: string;
  bankAccountName: string;
  count: number;
  total: string;
  payments: PaymentJson[];
  createdAt: string;
};

export type AgingRowJson = { supplierId: string; name: string; current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string };
export type AgingJson = {
  asOf: string;
  buckets: readonly AgingBucket[];
  suppliers: AgingRowJson[];
  totals: Omit<AgingRowJson, 'supplierId' | 'name'>;
};

export type CashWeekJson = {
  /** Monday of the week. */
  weekStart: string;
  weekEnd: string;
  count: number;
  amount: string;
  /** Overdue bills plus every week up to this one. */
  runningTotal: string;
  bills: { id: string; number: string; supplierBillNumber: string; supplierName: string; dueDate: string; openAmount: string }[];
};
export type CashRequirementsJson = {
  from: string;
  to: string;
  overdue: { count: number; amount: string };
  weeks: CashWeekJson[];
  total: string;
};
