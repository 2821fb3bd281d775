/**
 * Suppliers, purchasing and payables: the contract. Browser-safe (the screens import it).
 * Money is integer fils of AED as strings in JSON (inputs take a JSON integer or a string of digits);
 * quantities are decimal strings with up to 3 places ("2", "2.5"); dates are YYYY-MM-DD.
 *
 *   Suppliers        /api/admin/suppliers              GET (list contract), GET /export, POST, GET /:id, PATCH /:id
 *   Requests         /api/admin/purchase-requests      GET, GET /export, POST, GET /:id, POST /:id/approve, POST /:id/reject { reason }
 *   Orders           /api/admin/purchase-orders        GET, GET /export, POST, GET /:id, GET /:id/pdf, POST /:id/send,
 *                                                      POST /:id/cancel, POST /:id/close, POST /:id/receipts { date, lines: [{ poLineId, quantity }] }
 *   Bills            /api/admin/bills                  GET, GET /export, POST (three-way match → posted or held), GET /:id,
 *                                                      POST /:id/approve-variance { reason }, POST /:id/reject { reason },
 *                                                      POST /:id/debit-notes { date, reason, lines: [{ billLineId, amount }] },
 *                                                      POST /:id/payments { amount, date, bankAccountId } (Idempotency-Key)
 *   Payment batches  /api/admin/supplier-payments      POST /batch { date, bankAccountId, billIds } (Idempotency-Key), GET /batch/:id, GET /batch/:id/file (CSV)
 *   Payables         /api/admin/payables               GET /aging?asOf, GET /cash-requirements?from&to
 */
import { z } from 'zod';
import { ibanSchema } from '../banking/contract';
import { listQuery } from '../platform/list';
import { formatAed } from '../platform/money';
import { EMIRATES, TAX_CODES, trnSchema, type Emirate, type TaxCode } from '../tax/contract';

export * from './json-contract';

// ── Constants ────────────────────────────────────────────────────────────────────────────────────

export const SUPPLIER_CATEGORIES = ['property_management', 'maintenance_contractor', 'service_provider', 'developer', 'utilities', 'other'] as const;
export type SupplierCategory = (typeof SUPPLIER_CATEGORIES)[number];
export const supplierCategoryLabels: Record<SupplierCategory, string> = {
  property_management: 'Property management',
  maintenance_contractor: 'Maintenance contractor',
  service_provider: 'Service provider',
  developer: 'Developer',
  utilities: 'Utilities',
  other: 'Other',
};
/** The expense account a new supplier's bills post to unless one is chosen. */
export const DEFAULT_EXPENSE_ACCOUNT: Record<SupplierCategory, string> = {
  property_management: '5130',
  maintenance_contractor: '5120',
  service_provider: '6510',
  developer: '5120',
  utilities: '6220',
  other: '6310',
};
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

export const REQUEST_STATUSES = ['submitted', 'approved', 'rejected', 'ordered'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const requestStatusLabels: Record<RequestStatus, string> = { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected', ordered: 'Ordered' };

export const ORDER_STATUSES = ['draft', 'sent', 'partially_received', 'received', 'billed', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusLabels: Record<OrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_received: 'Partly received',
  received: 'Received',
  billed: 'Billed',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const BILL_STATUSES = ['held', 'posted', 'partially_paid', 'paid', 'rejected'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const billStatusLabels: Record<BillStatus, string> = { held: 'Held for review', posted: 'Posted', partially_paid: 'Partly paid', paid: 'Paid', rejected: 'Rejected' };

export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Units of measure (UN/ECE rec 20) a line may use. */
export const UNIT_CODES = ['C62', 'HUR', 'DAY', 'MON', 'ANN', 'MTK', 'MTR', 'KGM', 'LTR', 'SET'] as const;
export type UnitCode = (typeof UNIT_CODES)[number];
export const unitCodeLabels: Record<UnitCode, string> = {
  C62: 'each',
  HUR: 'hour',
  DAY: 'day',
  MON: 'month',
  ANN: 'year',
  MTK: 'square metre',
  MTR: 'metre',
  KGM: 'kilogram',
  LTR: 'litre',
  SET: 'set',
};

/** Quantities are stored in thousandths (QTY_SCALE per unit). */
export const QTY_SCALE = 1000n;
export const MAX_QUANTITY = 1_000_000;
/** The largest unit price or single amount, fils (AED 100 million). */
export const MAX_AMOUNT_FILS = 10_000_000_000n;
export const MAX_LINES = 100;
export const MAX_BATCH_BILLS = 200;
/** The longest range the cash requirements report covers, days. */
export const MAX_CASH_RANGE_DAYS = 366;

// ── Messages ─────────────────────────────────────────────────────────────────────────────────────

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

export const purchasingMessages = {
  name: 'Enter the supplier’s name, up to 200 characters.',
  email: 'Enter the e-mail address purchase orders are sent to, for example accounts@supplier.ae.',
  address: 'The address is text of at most 500 characters.',
  country: 'The country is a two-letter ISO code, for example AE or IE.',
  emirate: `The emirate must be one of: ${EMIRATES.join(', ')}.`,
  bankName: 'The bank name is text of at most 120 characters.',
  accountName: 'The account name is text of at most 140 characters.',
  terms: 'Payment terms are a whole number of days from 0 to 365.',
  category: `The category must be one of: ${SUPPLIER_CATEGORIES.join(', ')}.`,
  account: 'Choose an expense posting account by its code, for example 5120.',
  accountNotExpense: (code: string) => `Account ${code} is not an active expense posting account. Choose one under 5000 or 6000, for example 5120 Maintenance and repairs.`,
  title: 'Say what the purchase is for, in 3 to 200 characters.',
  description: 'Each line needs a description of 1 to 300 characters.',
  quantity: `The quantity must be a number more than 0 and at most ${MAX_QUANTITY.toLocaleString('en-US')}, with up to 3 decimal places.`,
  unitCode: `The unit must be one of: ${UNIT_CODES.join(', ')}.`,
  price: 'The unit price must be a whole number of fils (AED 1 = 100 fils), more than zero.',
  amount: 'The amount must be a whole number of fils (AED 1 = 100 fils), more than zero.',
  amountTooLarge: `The amount is too large: the most is ${aed(MAX_AMOUNT_FILS)}.`,
  taxCode: `The tax code must be one of: ${TAX_CODES.join(', ')}.`,
  lines: `Give between 1 and ${MAX_LINES} lines.`,
  date: 'The date must be a real day, as YYYY-MM-DD.',
  costCenter: 'The cost center is its code, for example PROP-DXB-001.',
  costCenterUnknown: (code: string) => `There is no active cost center with code ${code}.`,
  property: 'The property is its reference, for example MZ-DXB-001.',
  propertyUnknown: (ref: string) => `There is no property with reference ${ref}.`,
  notes: 'Notes are text of at most 1,000 characters.',
  reason: 'Give a reason of 3 to 500 characters.',
  supplierBillNumber: 'Enter the supplier’s own bill (tax invoice) number, 1 to 60 characters.',
  id: 'That is not a valid id.',
  billIds: `Choose between 1 and ${MAX_BATCH_BILLS} different bills.`,
  supplierNotFound: 'There is no supplier with that id.',
  requestNotFound: 'There is no purchase request with that id.',
  orderNotFound: 'There is no purchase order with that id.',
  billNotFound: 'There is no bill with that id.',
  batchNotFound: 'There is no payment batch with that id.',
  requestNotSubmitted: (status: string) => `Only a submitted request can be approved or rejected; this one is ${status}.`,
  selfApproval: (threshold: bigint) => `Requests estimated above ${aed(threshold)} need an administrator other than the requester to approve them.`,
  requestNotApproved: (status: string) => `A purchase order can only be raised from an approved request; this one is ${status}.`,
  orderNotSendable: (status: string) => `Only a draft or sent order can be sent to the supplier; this one is ${status}.`,
  orderNotReceivable: (status: string) => `Goods and services can only be received against a sent order; this one is ${status}. Send it first.`,
  orderNotCancellable: 'An order can only be cancelled while nothing has been received against it.',
  orderNotClosable: (status: string) => `Only an order that has been received in part or in full can be closed; this one is ${status}.`,
  orderNotBillable: (status: string) => `Bills can only be recorded against a sent or received order; this one is ${status}.`,
  poLineUnknown: 'Each line must name a line of this purchase order.',
  poLineRepeated: 'Name each purchase order line once.',
  stockItem: 'stockItemId is the id of an inventory item.',
  stockItemUnknown: (lineNo: number) => `Line ${lineNo} names a stock item that does not exist.`,
  overReceipt: (lineNo: number, open: string) => `Line ${lineNo}: that is more than was ordered. At most ${open} more can be received, the tolerance included.`,
  mixedBill: 'A bill against a purchase order has every line on one of its lines; a bill without an order has none.',
  supplierMismatch: 'The purchase order belongs to another supplier.',
  duplicateBill: (n: string, supplier: string) => `Bill ${n} from ${supplier} is already recorded. A supplier’s bill number can be recorded only once.`,
  dueBeforeBill: 'The due date cannot be before the bill date.',
  billNotHeld: (status: string) => `Only a bill held for review can be approved or rejected; this one is ${status}.`,
  billNotPayable: (status: string) => `Only a posted bill with something left to pay can be paid; this one is ${status}.`,
  overpayment: (open: bigint) => `That is more than is owed on the bill: ${aed(open)} is open.`,
  billNotPosted: (status: string) => `A debit note can only be raised against a posted bill; this one is ${status}.`,
  debitTooLarge: (lineNo: number, left: bigint) => `Line ${lineNo}: the debit notes would exceed the line. At most ${aed(left)} (net) can still be credited.`,
  debitExceedsOpen: (open: bigint) => `The debit note would exceed what is still owed on the bill (${aed(open)}). Record a refund from the supplier instead.`,
  billLineUnknown: 'Each line must name a line of this bill.',
  noIban: (name: string) => `${name} has no IBAN on file, so it cannot be paid by bank transfer. Add the bank details first.`,
  rangeTooLong: `The range can cover at most ${MAX_CASH_RANGE_DAYS} days.`,
  rangeReversed: 'The end of the range must not be before its start.',
  zeroBill: 'A bill must come to more than zero.',
  beforeBill: (what: string, billDate: string) => `A ${what} cannot be dated before its bill, which is dated ${billDate}.`,
} as const;

export const purchasingErrorCodes = {
  supplierNotFound: 'supplier_not_found',
  requestNotFound: 'purchase_request_not_found',
  orderNotFound: 'purchase_order_not_found',
  billNotFound: 'bill_not_found',
  batchNotFound: 'payment_batch_not_found',
  invalidState: 'purchasing_invalid_state',
  duplicateBill: 'duplicate_supplier_bill',
  selfApproval: 'self_approval',
  overReceipt: 'over_receipt',
  overpayment: 'bill_overpayment',
  debitTooLarge: 'debit_note_too_large',
  noIban: 'supplier_no_iban',
  accountNotExpense: 'expense_account_invalid',
  dimensionUnknown: 'dimension_unknown',
  invalidLine: 'invalid_line',
} as const;

// ── Field schemas ────────────────────────────────────────────────────────────────────────────────

const text = (message: string, min: number, max: number) => z.string({ error: message }).trim().min(min, message).max(max, message);
const optionalText = (message: string, max: number) => z.string({ error: message }).trim().max(max, message);

/** Fils as a JSON integer or a string of digits, 1 … MAX_AMOUNT_FILS → bigint. */
export const filsInput = (message: string = purchasingMessages.amount) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
    if (!/^\d{1,15}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: /^\d{16,}$/.test(s) ? purchasingMessages.amountTooLarge : message });
      return z.NEVER;
    }
    const n = BigInt(s);
    if (n <= 0n) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > MAX_AMOUNT_FILS) {
      ctx.addIssue({ code: 'custom', message: purchasingMessages.amountTooLarge });
      return z.NEVER;
    }
    return n;
  });

/** A quantity as a JSON number or decimal string ("2.5"), > 0, ≤ MAX_QUANTITY, ≤ 3 places → thousandths (bigint). */
export const quantityInput = z.union([z.number(), z.string()], { error: purchasingMessages.quantity }).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isFinite(v) && Math.abs(v) < 1e9 ? String(v) : '') : v.trim();
  const m = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(s);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: purchasingMessages.quantity });
    return z.NEVER;
  }
  const milli = BigInt(m[1]!) * QTY_SCALE + BigInt((m[2] ?? '').padEnd(3, '0') || '0');
  if (milli <= 0n || milli > BigInt(MAX_QUANTITY) * QTY_SCALE) {
    ctx.addIssue({ code: 'custom', message: purchasingMessages.quantity });
    return z.NEVER;
  }
  return milli;
});

/** Thousandths of a unit as the decimal string a person reads: 2500n → "2.5". */
export function quantityString(milli: bigint | string): string {
  const m = BigInt(milli);
  const sign = m < 0n ? '-' : '';
  const a = m < 0n ? -m : m;
  const whole = a / QTY_SCALE;
  const frac = (a % QTY_SCALE).toString().padStart(3, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}

export const dateInput = z
  .string({ error: purchasingMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, purchasingMessages.date)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
  }, purchasingMessages.date);

export const idInput = z.string({ error: purchasingMessages.id }).trim().min(1, purchasingMessages.id).max(64, purchasingMessages.id);
export const accountCodeInput = z.string({ error: purchasingMessages.account }).trim().regex(/^\d{3,10}$/, purchasingMessages.account);
export const costCenterInput = z.string({ error: purchasingMessages.costCenter }).trim().min(1, purchasingMessages.costCenter).max(40, purchasingMessages.costCenter);
export const propertyInput = z
  .string({ error: purchasingMessages.property })
  .trim()
  .min(1, purchasingMessages.property)
  .max(40, purchasingMessages.property)
  .regex(/^[A-Za-z0-9-]+$/, purchasingMessages.property)
  .transform((s) => s.toUpperCase());
export const taxCodeInput = z.enum(TAX_CODES, { error: purchasingMessages.taxCode });
export const unitCodeInput = z.enum(UNIT_CODES, { error: purchasingMessages.unitCode });
const reasonInput = text(purchasingMessages.reason, 3, 500);
const notesInput = optionalText(purchasingMessages.notes, 1000);
const lines = <T extends z.ZodTypeAny>(line: T) => z.array(line, { error: purchasingMessages.lines }).min(1, purchasingMessages.lines).max(MAX_LINES, purchasingMessages.lines);

// ── Suppliers ────────────────────────────────────────────────────────────────────────────────────

const supplierFields = {
  name: text(purchasingMessages.name, 1, 200),
  email: z.string({ error: purchasingMessages.email }).trim().max(254, purchasingMessages.email).pipe(z.email({ error: purchasingMessages.email })),
  trn: trnSchema.nullable().optional(),
  address: optionalText(purchasingMessages.address, 500).default(''),
  country: z
    .string({ error: purchasingMessages.country })
    .trim()
    .regex(/^[A-Za-z]{2}$/, purchasingMessages.country)
    .transform((s) => s.toUpperCase())
    .default('AE'),
  emirate: z.enum(EMIRATES, { error: purchasingMessages.emirate }).nullable().optional(),
  bankName: optionalText(purchasingMessages.bankName, 120).default(''),
  iban: ibanSchema.nullable().optional(),
  accountName: optionalText(purchasingMessages.accountName, 140).default(''),
  paymentTermsDays: z.number({ error: purchasingMessages.terms }).int(purchasingMessages.terms).min(0, purchasingMessages.terms).max(365, purchasingMessages.terms).default(DEFAULT_PAYMENT_TERMS_DAYS),
  category: z.enum(SUPPLIER_CATEGORIES, { error: purchasingMessages.category }).default('other'),
  expenseAccountCode: accountCodeInput.optional(),
};
export const createSupplierInput = z.object(supplierFields);
export type CreateSupplierInput = z.output<typeof createSupplierInput>;
export const updateSupplierInput = z.object({
  name: supplierFields.name.optional(),
  email: supplierFields.email.optional(),
  trn: trnSchema.nullable().optional(),
  address: optionalText(purchasingMessages.address, 500).optional(),
  country: z
    .string({ error: purchasingMessages.country })
    .trim()
    .regex(/^[A-Za-z]{2}$/, purchasingMessages.country)
    .transform((s) => s.toUpperCase())
    .optional(),
  emirate: z.enum(EMIRATES, { error: purchasingMessages.emirate }).nullable().optional(),
  bankName: optionalText(purchasingMessages.bankName, 120).optional(),
  iban: ibanSchema.nullable().optional(),
  accountName: optionalText(purchasingMessages.accountName, 140).optional(),
  paymentTermsDays: z.number({ error: purchasingMessages.terms }).int(purchasingMessages.terms).min(0, purchasingMessages.terms).max(365, purchasingMessages.terms).optional(),
  category: z.enum(SUPPLIER_CATEGORIES, { error: purchasingMessages.category }).optional(),
  expenseAccountCode: accountCodeInput.optional(),
});
export type UpdateSupplierInput = z.output<typeof updateSupplierInput>;

export const suppliersListQuery = listQuery({
  sort: ['createdAt', 'name', 'openBalance'],
  defaultSort: 'name',
  filters: { category: z.enum(SUPPLIER_CATEGORIES, { error: purchasingMessages.category }).optional() },
});

/** The inventory item a line buys (optional): received into the store rather than expensed. */
const stockItemInput = z
  .string({ error: purchasingMessages.stockItem })
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, purchasingMessages.stockItem)
  .nullable()
  .optional();

// ── Purchase requests ────────────────────────────────────────────────────────────────────────────

export const requestLineInput = z.object({
  description: text(purchasingMessages.description, 1, 300),
  quantity: quantityInput,
  unitCode: unitCodeInput.default('C62'),
  estimatedUnitPrice: filsInput(purchasingMessages.price),
  taxCode: taxCodeInput.default('standard'),
  stockItemId: stockItemInput,
});
export const createRequestInput = z.object({
  title: text(purchasingMessages.title, 3, 200),
  costCenter: costCenterInput.nullable().optional(),
  property: propertyInput.nullable().optional(),
  supplierId: idInput.nullable().optional(),
  neededBy: dateInput.nullable().optional(),
  notes: notesInput.default(''),
  lines: lines(requestLineInput),
});
export type CreateRequestInput = z.output<typeof createRequestInput>;
export const reasonBody = z.object({ reason: reasonInput });

export const requestsListQuery = listQuery({
  sort: ['createdAt', 'estimate', 'status'],
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(REQUEST_STATUSES, { error: `status must be one of: ${REQUEST_STATUSES.join(', ')}` }).optional(),
    costCenter: costCenterInput.optional(),
  },
});

// ── Purchase orders and receipts ─────────────────────────────────────────────────────────────────

export const orderLineInput = z.object({
  description: text(purchasingMessages.description, 1, 300),
  quantity: quantityInput,
  unitCode: unitCodeInput.default('C62'),
  unitPrice: filsInput(purchasingMessages.price),
  taxCode: taxCodeInput.default('standard'),
  expenseAccountCode: accountCodeInput.optional(),
  stockItemId: stockItemInput,
});
export const createOrderInput = z.object({
  requestId: idInput.nullable().optional(),
  supplierId: idInput,
  orderDate: dateInput.optional(),
  expectedDate: dateInput.nullable().optional(),
  costCenter: costCenterInput.nullable().optional(),
  property: propertyInput.nullable().optional(),
  deliveryAddress: optionalText(purchasingMessages.address, 500).optional(),
  notes: notesInput.default(''),
  /** Left out with a request: the request's lines at their estimated prices. */
  lines: lines(orderLineInput).optional(),
});
export type CreateOrderInput = z.output<typeof createOrderInput>;

export const receiptInput = z.object({
  date: dateInput.optional(),
  note: notesInput.default(''),
  lines: lines(z.object({ poLineId: idInput, quantity: quantityInput })),
});
export type ReceiptInput = z.output<typeof receiptInput>;

export const ordersListQuery = listQuery({
  sort: ['createdAt', 'orderDate', 'total', 'status', 'expectedDate'],
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` }).optional(),
    supplierId: idInput.optional(),
  },
});

// ── Bills, debit notes and payments ──────────────────────────────────────────────────────────────

export const billLineInput = z.object({
  poLineId: idInput.optional(),
  description: text(purchasingMessages.description, 1, 300).optional(),
  quantity: quantityInput,
  unitPrice: filsInput(purchasingMessages.price),
  taxCode: taxCodeInput.optional(),
  expenseAccountCode: accountCodeInput.optional(),
  costCenter: costCenterInput.nullable().optional(),
  property: propertyInput.nullable().optional(),
});
export const createBillInput = z.object({
  supplierId: idInput,
  purchaseOrderId: idInput.nullable().optional(),
  supplierBillNumber: text(purchasingMessages.supplierBillNumber, 1, 60),
  billDate: dateInput,
  dueDate: dateInput.optional(),
  costCenter: costCenterInput.nullable().optional(),
  property: propertyInput.nullable().optional(),
  notes: notesInput.default(''),
  lines: lines(billLineInput),
});
export type CreateBillInput = z.output<typeof createBillInput>;

export const debitNoteInput = z.object({
  date: dateInput,
  reason: reasonInput,
  supplierReference: optionalText(purchasingMessages.supplierBillNumber, 60).default(''),
  lines: lines(z.object({ billLineId: idInput, amount: filsInput() })),
});
export type DebitNoteInput = z.output<typeof debitNoteInput>;

export const paymentInput = z.object({ amount: filsInput(), date: dateInput, bankAccountId: idInput });
export type PaymentInput = z.output<typeof paymentInput>;

export const batchInput = z.object({
  date: dateInput,
  bankAccountId: idInput,
  billIds: z
    .array(idInput, { error: purchasingMessages.billIds })
    .min(1, purchasingMessages.billIds)
    .max(MAX_BATCH_BILLS, purchasingMessages.billIds)
    .refine((ids) => new Set(ids).size === ids.length, purchasingMessages.billIds),
});
export type BatchInput = z.output<typeof batchInput>;

export const billsListQuery = listQuery({
  sort: ['createdAt', 'billDate', 'dueDate', 'total', 'openAmount', 'status'],
  defaultSort: '-billDate',
  filters: {
    status: z.enum([...BILL_STATUSES, 'open'] as const, { error: `status must be one of: ${[...BILL_STATUSES, 'open'].join(', ')}` }).optional(),
    supplierId: idInput.optional(),
    purchaseOrderId: idInput.optional(),
  },
});

export const agingQuery = z.object({ asOf: dateInput.optional() });
export const cashRequirementsQuery = z.object({ from: dateInput.optional(), to: dateInput.optional() });

export type { Emirate, TaxCode };
