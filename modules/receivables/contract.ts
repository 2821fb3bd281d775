/**
 * Customers, invoices and receivables: the contract. Browser-safe (the screens import it). Amounts are strings
 * of integer minor units in JSON (fils for AED); inputs take a JSON integer or a string of digits.
 *
 * Contract relied on by tools outside the project (issue 14) — keep exactly:
 *   POST /api/admin/customers                { name, email, trn? }                 → 201 CustomerJson
 *   POST /api/admin/invoices                 { customerId, date, dueDate, lines: [{ description, quantity, unitPrice, taxCode }] }
 *                                                                                  → 201 InvoiceJson (status "draft", total, vat)
 *   POST /api/admin/invoices/:id/issue                                             → InvoiceJson (status "issued", number INV-YYYY-NNNN)
 *   POST /api/admin/invoices/:id/payments    { amount, date, bankAccountId }       → 201 PaymentJson (Idempotency-Key honoured)
 *   GET  /api/admin/receivables/aging?asOf=YYYY-MM-DD                              → AgingJson
 *
 * The rest (all admin): see routes.ts for the list; shapes below.
 */
import { z } from 'zod';
import { dateSchema } from '@modules/ledger/contract';
import { listQuery } from '@modules/platform/list';
import { emirateSchema, salesTaxCodeSchema, trnSchema } from '@modules/tax/contract';
import { INVOICE_CURRENCIES, QUANTITY } from './amounts-contract';

export * from './amounts-contract';
export type * from './json-contract';

// ── Constants ────────────────────────────────────────────────────────────────────────────────────

export const CUSTOMER_KINDS = ['tenant', 'buyer', 'service_client'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
export const customerKindLabels: Record<CustomerKind, string> = { tenant: 'Tenant', buyer: 'Buyer', service_client: 'Service client' };

export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What the list filters by: the stored statuses and the derived 'overdue'. */
export const INVOICE_FILTERS = [...INVOICE_STATUSES, 'overdue', 'open'] as const;
export const invoiceStatusLabels: Record<InvoiceStatus | 'overdue', string> = {
  draft: 'Draft',
  issued: 'Issued',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  credited: 'Credited',
  overdue: 'Overdue',
};

export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Reminder levels and the days past due each is sent at. */
export const DUNNING_LEVELS = [
  { level: 1, days: 7 },
  { level: 2, days: 21 },
  { level: 3, days: 45 },
] as const;

/** Income accounts a line may post to: service income by default, rent for rent; never the platform's own fee group 4100–4199. */
export const DEFAULT_INCOME_ACCOUNT = '4300';
export const RENT_INCOME_ACCOUNT = '4200';
export const MAX_AMOUNT = 1_000_000_000_000n;
export const MAX_LINES = 200;

// ── Messages and codes ───────────────────────────────────────────────────────────────────────────

export const receivablesMessages = {
  id: 'That is not a valid id.',
  name: 'Enter the customer’s name, up to 200 characters.',
  email: 'Enter a valid email address for the customer’s invoices.',
  kind: `The customer kind must be one of: ${CUSTOMER_KINDS.join(', ')}.`,
  terms: 'Payment terms are a whole number of days from 0 to 365.',
  currency: `The currency must be one of: ${INVOICE_CURRENCIES.join(', ')}.`,
  rate: 'The rate is AED per 1 unit of the currency, a positive decimal such as 4.645570.',
  amount: 'Amounts are whole numbers of minor units (fils for AED: AED 1 = 100 fils), from 0 to 10,000,000,000 AED.',
  positive: 'The amount must be a whole number of fils, more than zero.',
  quantity: 'The quantity is a number with at most 3 decimals, more than zero, such as 1, 2.5 or 0.125.',
  description: 'Describe the line in 1 to 500 characters.',
  incomeAccount: 'The income account is a 4-digit code such as 4300 (services) or 4200 (rent).',
  costCenter: 'A cost center code is 1–32 letters, digits, dots or dashes.',
  property: 'The property is its reference, such as MZ-DXB-001 (at most 64 characters).',
  lines: `An invoice has 1 to ${MAX_LINES} lines.`,
  dueBeforeDate: 'The due date cannot be before the invoice date.',
  text: (label: string, max: number) => `${label} must be text of at most ${max} characters.`,
  reason: 'Give the reason for the credit note in 3 to 300 characters.',
  dayOfMonth: 'The day of the month is from 1 to 28, so every month has it.',
  endBeforeStart: 'The end date cannot be before the start date.',
  bucket: `The bucket must be one of: ${AGING_BUCKETS.join(', ')}.`,
  customerNotFound: 'There is no customer with that id.',
  invoiceNotFound: 'There is no invoice with that id.',
  creditNoteNotFound: 'There is no credit note with that id.',
  recurringNotFound: 'There is no recurring invoice with that id.',
  notDraft: (number: string) => `${number} has been issued, so it can no longer be changed or deleted. Correct it with a credit note.`,
  notOpen: (number: string, status: string) => `${number} is ${status}: nothing is left to pay on it.`,
  notIssued: 'Only an issued invoice can be paid, credited or sent. Issue the draft first.',
  emptyInvoice: 'An invoice must come to more than zero before it is issued.',
  discount: (lineNo: number) => `The discount on line ${lineNo} is larger than the line itself.`,
  feeIncome: (code: string) => `Account ${code} is in the fee income group (4100–4199), which is kept for the platform’s own charges. Use 4300 for services or 4200 for rent.`,
  notIncome: (code: string) => `Account ${code} is not an active income account. Use 4300 for services or 4200 for rent.`,
  creditLimit: (limit: string, after: string) => `Issuing this invoice would take the customer’s open balance to ${after}, past their credit limit of ${limit}. Ask for a payment first, or issue it with the override.`,
  beforeInvoice: (number: string, date: string) => `The date cannot be before ${number}’s date, ${date}.`,
  exceedsOpen: (number: string, open: string) => `That is more than is open on ${number} (${open}).`,
  allocationsExceed: 'The allocations add up to more than the payment.',
  otherCustomer: (number: string) => `${number} belongs to another customer.`,
  duplicateInvoice: 'Allocate to each invoice once.',
  notEnoughCredit: (available: string) => `The customer has only ${available} of credit to apply.`,
  creditLineUnknown: (lineNo: number) => `The invoice has no line ${lineNo}.`,
  creditLineExceeds: (lineNo: number, left: string) => `Line ${lineNo} has only ${left} left to credit.`,
  creditEmpty: 'The credit note must credit more than zero.',
  creditExceedsOpen: 'The credit note comes to more than is still open on the invoice. Refund the payment instead, or credit less.',
  foreignAmountDoc: 'amountDoc applies only to an invoice in a foreign currency.',
  paused: 'This recurring invoice is already paused.',
  active: 'This recurring invoice is already active.',
  noEmail: 'The customer has no email address.',
} as const;

export const receivablesErrorCodes = {
  customerNotFound: 'customer_not_found',
  invoiceNotFound: 'invoice_not_found',
  creditNoteNotFound: 'credit_note_not_found',
  recurringNotFound: 'recurring_not_found',
  notDraft: 'invoice_not_draft',
  notOpen: 'invoice_not_open',
  notIssued: 'invoice_not_issued',
  emptyInvoice: 'invoice_empty',
  invalidLine: 'invoice_line_invalid',
  incomeAccount: 'income_account_invalid',
  creditLimit: 'credit_limit_exceeded',
  beforeInvoice: 'date_before_invoice',
  exceedsOpen: 'allocation_exceeds_open',
  allocationsExceed: 'allocations_exceed_payment',
  otherCustomer: 'invoice_other_customer',
  notEnoughCredit: 'credit_insufficient',
  creditNote: 'credit_note_invalid',
  recurringState: 'recurring_invalid_state',
} as const;

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────

const M = receivablesMessages;

/** Minor units as a JSON integer or a string of digits → bigint, 0..MAX_AMOUNT (or > 0 with `positive`). */
export const amountInput = (opts: { positive?: boolean } = {}) =>
  z.union([z.number(), z.string()], { error: M.amount }).transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
    const n = /^\d{1,16}$/.test(s) ? BigInt(s) : -1n;
    if (n < 0n || n > MAX_AMOUNT || (opts.positive && n === 0n)) {
      ctx.addIssue({ code: 'custom', message: opts.positive && n === 0n ? M.positive : M.amount });
      return z.NEVER;
    }
    return n;
  });

export const idInput = z.string({ error: M.id }).trim().max(64, M.id);
const text = (label: string, max: number) => z.string({ error: M.text(label, max) }).trim().max(max, M.text(label, max));

export const currencyInput = z.enum(INVOICE_CURRENCIES, { error: M.currency });
export const rateInput = z
  .string({ error: M.rate })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,8})?$/, M.rate)
  .refine((s) => /[1-9]/.test(s), M.rate);

const quantityInput = z
  .union([z.string(), z.number()], { error: M.quantity })
  .transform((v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim()))
  .refine((s) => QUANTITY.test(s) && /[1-9]/.test(s), M.quantity);

export const addressInput = z.object({
  line1: text('The address', 200).default(''),
  city: text('The city', 100).default(''),
  emirate: emirateSchema.nullish(),
  country: z.string({ error: 'The country is a 2-letter code such as AE.' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, 'The country is a 2-letter code such as AE.').default('AE'),
});

const customerFields = {
  name: z.string({ error: M.name }).trim().min(1, M.name).max(200, M.name),
  email: z.string({ error: M.email }).trim().toLowerCase().max(254, M.email).pipe(z.email({ error: M.email })),
  kind: z.enum(CUSTOMER_KINDS, { error: M.kind }),
  trn: z.union([trnSchema, z.literal('').transform(() => null), z.null()]),
  address: addressInput,
  paymentTermsDays: z.number({ error: M.terms }).int(M.terms).min(0, M.terms).max(365, M.terms),
  creditLimit: z.union([amountInput(), z.null()]),
  currency: currencyInput,
};

export const customerInput = z.object({
  ...customerFields,
  kind: customerFields.kind.default('service_client'),
  trn: customerFields.trn.optional().transform((v) => v ?? null),
  address: customerFields.address.optional(),
  paymentTermsDays: customerFields.paymentTermsDays.default(30),
  creditLimit: customerFields.creditLimit.optional().transform((v) => v ?? null),
  currency: customerFields.currency.default('AED'),
});
export type CustomerInput = z.output<typeof customerInput>;

export const customerUpdateInput = z.object(customerFields).partial();
export type CustomerUpdateInput = z.output<typeof customerUpdateInput>;

export const lineInput = z.object({
  description: z.string({ error: M.description }).trim().min(1, M.description).max(500, M.description),
  quantity: quantityInput,
  unitPrice: amountInput(),
  discount: amountInput().optional(),
  taxCode: salesTaxCodeSchema,
  incomeAccount: z.string({ error: M.incomeAccount }).trim().regex(/^\d{4}$/, M.incomeAccount).optional(),
  costCenter: z.string({ error: M.costCenter }).trim().toUpperCase().regex(/^[0-9A-Z][0-9A-Z.-]{0,31}$/, M.costCenter).nullish(),
  property: z.string({ error: M.property }).trim().toUpperCase().min(1, M.property).max(64, M.property).nullish(),
  emirate: emirateSchema.optional(),
});
export type LineInput = z.output<typeof lineInput>;

export const linesInput = z.array(lineInput, { error: M.lines }).min(1, M.lines).max(MAX_LINES, M.lines);

export const invoiceInput = z
  .object({
    customerId: idInput,
    date: dateSchema('date'),
    dueDate: dateSchema('dueDate'),
    currency: currencyInput.optional(),
    rate: rateInput.optional(),
    reference: text('The reference', 100).optional(),
    notes: text('The notes', 1000).optional(),
    lines: linesInput,
  })
  .refine((v) => v.dueDate >= v.date, { message: M.dueBeforeDate, path: ['dueDate'] });
export type InvoiceInput = z.output<typeof invoiceInput>;

export const issueInput = z.object({ override: z.boolean({ error: 'override is true or false.' }).optional() });

export const paymentInput = z.object({
  amount: amountInput({ positive: true }),
  date: dateSchema('date'),
  bankAccountId: idInput,
  /** For an invoice in a foreign currency: how much of it (in its currency) the payment settles. */
  amountDoc: amountInput({ positive: true }).optional(),
  reference: text('The reference', 100).optional(),
});
export type PaymentInput = z.output<typeof paymentInput>;

export const allocationInput = z.object({ invoiceId: idInput, amount: amountInput({ positive: true }), amountDoc: amountInput({ positive: true }).optional() });
export type AllocationInput = z.output<typeof allocationInput>;

export const customerPaymentInput = z.object({
  customerId: idInput,
  amount: amountInput({ positive: true }),
  date: dateSchema('date'),
  bankAccountId: idInput,
  reference: text('The reference', 100).optional(),
  allocations: z.array(allocationInput, { error: 'allocations is a list of { invoiceId, amount }.' }).max(100, 'Allocate to at most 100 invoices at once.').default([]),
});
export type CustomerPaymentInput = z.output<typeof customerPaymentInput>;

export const applyCreditInput = z.object({ invoiceId: idInput, amount: amountInput({ positive: true }), date: dateSchema('date').optional(), amountDoc: amountInput({ positive: true }).optional() });
export type ApplyCreditInput = z.output<typeof applyCreditInput>;

export const creditNoteInput = z.object({
  date: dateSchema('date'),
  reason: z.string({ error: M.reason }).trim().min(3, M.reason).max(300, M.reason),
  /** Lines to credit and how much of each line's net (default: what is left of it); absent: every line in full. */
  lines: z
    .array(z.object({ lineNo: z.number({ error: 'lineNo is a line number.' }).int('lineNo is a line number.').min(1).max(MAX_LINES), net: amountInput({ positive: true }).optional() }), {
      error: 'lines is a list of { lineNo, net? }.',
    })
    .min(1)
    .max(MAX_LINES)
    .optional(),
});
export type CreditNoteInput = z.output<typeof creditNoteInput>;

export const recurringInput = z
  .object({
    name: z.string({ error: M.text('The name', 120) }).trim().min(1, M.text('The name', 120)).max(120, M.text('The name', 120)),
    customerId: idInput,
    currency: currencyInput.optional(),
    lines: linesInput,
    dayOfMonth: z.number({ error: M.dayOfMonth }).int(M.dayOfMonth).min(1, M.dayOfMonth).max(28, M.dayOfMonth),
    startDate: dateSchema('startDate'),
    endDate: dateSchema('endDate').nullish(),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, { message: M.endBeforeStart, path: ['endDate'] });
export type RecurringInput = z.output<typeof recurringInput>;

export const runRecurringInput = z.object({ asOf: dateSchema('asOf').optional() });
export const asOfQuery = z.object({ asOf: dateSchema('asOf').optional() });
export const statementQuery = z.object({ from: dateSchema('from').optional(), to: dateSchema('to').optional(), format: z.enum(['json', 'csv'], { error: 'format is json or csv.' }).optional() });
export const dunningSendInput = z.object({ asOf: dateSchema('asOf').optional() });

export const invoicesListQuery = listQuery({
  sort: ['createdAt', 'date', 'dueDate', 'number', 'total', 'openAmount', 'customer'],
  defaultSort: '-date',
  filters: {
    status: z.enum(INVOICE_FILTERS, { error: `status must be one of: ${INVOICE_FILTERS.join(', ')}` }).optional(),
    customerId: idInput.optional(),
    currency: currencyInput.optional(),
    bucket: z.enum(AGING_BUCKETS, { error: M.bucket }).optional(),
    asOf: dateSchema('asOf').optional(),
  },
});
export type InvoicesListQuery = z.output<typeof invoicesListQuery>;

export const customersListQuery = listQuery({
  sort: ['createdAt', 'name', 'openBalance'],
  defaultSort: 'name',
  filters: { kind: z.enum(CUSTOMER_KINDS, { error: M.kind }).optional() },
});
export type CustomersListQuery = z.output<typeof customersListQuery>;

export const recurringListQuery = listQuery({
  sort: ['createdAt', 'name', 'nextRun'],
  defaultSort: 'nextRun',
  filters: { active: z.enum(['true', 'false'], { error: 'active is true or false.' }).optional() },
});
export type RecurringListQuery = z.output<typeof recurringListQuery>;
