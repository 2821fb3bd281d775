/**
 * Sales contract, browser-safe: input schemas with their messages (each once), error codes, JSON shapes and the
 * line arithmetic the screens share with the service. Quantities travel as decimal strings ("2.5", thousandths
 * inside), amounts as strings of integer fils; inputs take a JSON integer or a string of digits for fils.
 *
 * Routes (all admin, under /api/admin/sales): products, price-lists, quotations (+ /pdf, /send, /accept,
 * /decline, /expire), orders (+ /confirm, /cancel, /deliveries, /invoice — both with Idempotency-Key), summary.
 */
import { z } from 'zod';
import { divideHalfEven } from '@modules/platform/money';
import { listQuery } from '@modules/platform/list';
import { SALES_TAX_CODES, vatFor, type TaxCode } from '@modules/tax/contract';

export const PRODUCT_KINDS = ['service', 'stock'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const productKindLabels: Record<ProductKind, string> = { service: 'Service', stock: 'Stock item' };

export const SALES_UNITS = ['each', 'set', 'hour', 'day', 'month', 'visit', 'package'] as const;
export type SalesUnit = (typeof SALES_UNITS)[number];

export const QUOTATION_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const quotationStatusLabels: Record<QuotationStatus, string> = { draft: 'Draft', sent: 'Sent', accepted: 'Accepted', declined: 'Declined', expired: 'Expired' };

export const ORDER_STATUSES = ['draft', 'confirmed', 'partially_delivered', 'delivered', 'partially_invoiced', 'invoiced', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusLabels: Record<OrderStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  partially_delivered: 'Partially delivered',
  delivered: 'Delivered',
  partially_invoiced: 'Partially invoiced',
  invoiced: 'Invoiced',
  cancelled: 'Cancelled',
};
/** Orders with something still to deliver. */
export const TO_DELIVER: readonly OrderStatus[] = ['confirmed', 'partially_delivered', 'partially_invoiced'];

export const QTY_SCALE = 1000n;
export const MAX_QUANTITY = 10_000_000;
export const MAX_PRICE = 100_000_000_000n;
export const MAX_LINES = 100;
/** Where a stock item sold goes: stock leaving the store to a customer is charged to cost of goods sold. */
export const SOLD_LOCATION_CODE = 'SOLD';
export const COGS_ACCOUNT = '5510';
export const DEFAULT_SALES_INCOME = '4300';

export const salesErrorCodes = {
  productNotFound: 'sales_product_not_found',
  priceListNotFound: 'sales_price_list_not_found',
  quotationNotFound: 'sales_quotation_not_found',
  orderNotFound: 'sales_order_not_found',
  duplicateCode: 'sales_product_code_taken',
  invalidState: 'sales_invalid_state',
  quotationExpired: 'sales_quotation_expired',
  overDelivery: 'sales_over_delivery',
  nothingToInvoice: 'sales_nothing_to_invoice',
  invalidLine: 'sales_line_invalid',
  customerUnknown: 'sales_customer_unknown',
} as const;

export const salesMessages = {
  id: 'That is not a valid id.',
  code: 'The code is 1 to 40 letters, digits, dots, dashes or slashes.',
  name: 'Give the product a name of 2 to 200 characters.',
  kind: `The kind must be one of: ${PRODUCT_KINDS.join(', ')}.`,
  unit: `The unit must be one of: ${SALES_UNITS.join(', ')}.`,
  price: 'A price is a whole number of fils, 0 to 100,000,000,000 (AED 1 = 100 fils).',
  incomeAccount: 'The income account is a 4-digit code such as 4300 (services).',
  taxCode: `The tax code must be one of: ${SALES_TAX_CODES.join(', ')}.`,
  itemRequired: 'A stock product names its inventory item (itemId); a service has none.',
  listName: 'Give the price list a name of 2 to 120 characters.',
  date: 'Enter a date as YYYY-MM-DD between 2000 and 2100.',
  validTo: 'The price list cannot end before it starts.',
  validUntil: 'The quotation must stay valid until its date or later.',
  quantity: `Enter a quantity greater than 0, up to ${MAX_QUANTITY.toLocaleString('en-US')}, with at most 3 decimals.`,
  description: 'A line description is at most 500 characters.',
  notes: 'Notes are at most 1,000 characters.',
  lines: `A document has 1 to ${MAX_LINES} lines.`,
  deliveryLines: 'Name the lines to deliver: 1 or more { lineNo, quantity }, each line once.',
  lineNo: 'lineNo is the number of a line of the order.',
  prices: 'prices is a list of { productId, unitPrice }, each product once, at most 500.',
  location: 'Name the store location by its id or code.',
  productNotFound: 'We could not find that product.',
  productRef: (ref: string) => `There is no active product ${ref}.`,
  priceListNotFound: 'We could not find that price list.',
  quotationNotFound: 'We could not find that quotation.',
  orderNotFound: 'We could not find that sales order.',
  duplicateCode: (code: string) => `Another product already has the code ${code}.`,
  itemNotFound: 'There is no inventory item with that id.',
  notIncome: (code: string) => `Account ${code} is not an active income account outside the fee group. Use 4300 for services.`,
  discount: (lineNo: number) => `The discount on line ${lineNo} is larger than the line itself.`,
  quotationState: (number: string, status: string, action: string) => `${number} is ${status}: it cannot be ${action}.`,
  decidedBeforeQuote: (number: string, date: string) => `${number} is dated ${date}: it cannot be decided before that day.`,
  notYetExpired: (number: string, date: string) => `${number} is valid until ${date}; it expires after that date.`,
  acceptBeforeQuote: (number: string, date: string) => `${number} is dated ${date}: it cannot be accepted before that day.`,
  quotationExpired: (number: string, date: string) => `${number} was valid until ${date}. Send the customer a new quotation.`,
  orderState: (number: string, status: string, action: string) => `${number} is ${status}: it cannot be ${action}.`,
  cancelDelivered: (number: string) => `${number} has deliveries, so it cannot be cancelled. Credit the invoice or return the stock instead.`,
  unknownLine: (lineNo: number) => `The order has no line ${lineNo}.`,
  overDelivery: (lineNo: number, left: string) => `Line ${lineNo} has only ${left} left to deliver.`,
  storeRequired: 'This delivery includes stock items: name the store location they leave from ("from").',
  nothingToInvoice: (number: string) => `Nothing has been delivered on ${number} that is not invoiced yet.`,
  nothingOfValue: (number: string) => `What has been delivered on ${number} and not invoiced comes to AED 0.00: invoice it with the next delivery.`,
  priceListInactive: 'That price list is not active on the document date.',
} as const;

const msg = salesMessages;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
export const idParam = z.object({ id: z.string({ error: msg.id }).max(64, msg.id) });
const uuidInput = z.string({ error: msg.id }).trim().regex(UUID, msg.id);
const text = (message: string, min: number, max: number) => z.string({ error: message }).trim().min(min, message).max(max, message);

export const dateInput = z
  .string({ error: msg.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.date)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
  }, msg.date);

/** A quantity as a JSON number or decimal string, ≤ 3 places → thousandths (bigint), or null. */
export function parseQuantity(v: unknown): bigint | null {
  const s = typeof v === 'number' ? (Number.isFinite(v) && Math.abs(v) < 1e9 ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{1,8})(?:\.(\d{1,3}))?$/.exec(s);
  if (!m) return null;
  const milli = BigInt(m[1]!) * QTY_SCALE + BigInt((m[2] ?? '').padEnd(3, '0'));
  return milli > BigInt(MAX_QUANTITY) * QTY_SCALE ? null : milli;
}
/** Thousandths as the decimal string a person reads (2500n → "2.5"): the inventory's one formatter. */
export { quantityString } from '@modules/inventory/contract';

export const quantityInput = z.union([z.number(), z.string()], { error: msg.quantity }).transform((v, ctx) => {
  const q = parseQuantity(v);
  if (q === null || q <= 0n) {
    ctx.addIssue({ code: 'custom', message: msg.quantity });
    return z.NEVER;
  }
  return q;
});

export const priceInput = z.union([z.number(), z.string()], { error: msg.price }).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
  if (!/^\d{1,12}$/.test(s) || BigInt(s) > MAX_PRICE) {
    ctx.addIssue({ code: 'custom', message: msg.price });
    return z.NEVER;
  }
  return BigInt(s);
});

const codeInput = z.string({ error: msg.code }).trim().regex(/^[A-Za-z0-9][A-Za-z0-9./-]{0,39}$/, msg.code);
const taxCodeInput = z.enum(SALES_TAX_CODES, { error: msg.taxCode });
const incomeInput = z.string({ error: msg.incomeAccount }).trim().regex(/^\d{4}$/, msg.incomeAccount);
const notesInput = z.string({ error: msg.notes }).trim().max(1000, msg.notes);

const productFields = {
  code: codeInput,
  name: text(msg.name, 2, 200),
  kind: z.enum(PRODUCT_KINDS, { error: msg.kind }),
  unit: z.enum(SALES_UNITS, { error: msg.unit }),
  defaultPrice: priceInput,
  incomeAccount: incomeInput,
  taxCode: taxCodeInput,
  itemId: uuidInput.nullable(),
  active: z.boolean({ error: 'active is true or false.' }),
};
export const createProductInput = z
  .object({
    ...productFields,
    unit: productFields.unit.default('each'),
    incomeAccount: productFields.incomeAccount.default(DEFAULT_SALES_INCOME),
    taxCode: productFields.taxCode.default('standard'),
    itemId: productFields.itemId.optional().transform((v) => v ?? null),
    active: productFields.active.default(true),
  })
  .refine((v) => (v.kind === 'stock') === (v.itemId !== null), { message: msg.itemRequired, path: ['itemId'] });
export type CreateProductInput = z.output<typeof createProductInput>;
export const updateProductInput = z
  .object({ name: productFields.name, unit: productFields.unit, defaultPrice: productFields.defaultPrice, incomeAccount: productFields.incomeAccount, taxCode: productFields.taxCode, active: productFields.active })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Change at least one field.');
export type UpdateProductInput = z.output<typeof updateProductInput>;

const priceEntries = z
  .array(z.object({ productId: uuidInput, unitPrice: priceInput }), { error: msg.prices })
  .max(500, msg.prices)
  .refine((a) => new Set(a.map((p) => p.productId.toLowerCase())).size === a.length, msg.prices);
export const createPriceListInput = z
  .object({
    name: text(msg.listName, 2, 120),
    currency: z.literal('AED', { error: 'Price lists are in AED.' }).default('AED'),
    validFrom: dateInput,
    validTo: dateInput.nullable().optional().transform((v) => v ?? null),
    active: z.boolean({ error: 'active is true or false.' }).default(true),
    prices: priceEntries.default([]),
  })
  .refine((v) => !v.validTo || v.validTo >= v.validFrom, { message: msg.validTo, path: ['validTo'] });
export type CreatePriceListInput = z.output<typeof createPriceListInput>;
export const setPricesInput = z.object({ prices: priceEntries });

export const documentLineInput = z.object({
  productId: uuidInput,
  description: z.string({ error: msg.description }).trim().max(500, msg.description).optional(),
  quantity: quantityInput,
  /** Absent: the price list's price, else the product's default price. */
  unitPrice: priceInput.optional(),
  discount: priceInput.optional(),
  taxCode: taxCodeInput.optional(),
});
export type DocumentLineInput = z.output<typeof documentLineInput>;
const linesInput = z.array(documentLineInput, { error: msg.lines }).min(1, msg.lines).max(MAX_LINES, msg.lines);

export const quotationInput = z
  .object({
    customerId: uuidInput,
    priceListId: uuidInput.nullable().optional(),
    date: dateInput.optional(),
    validUntil: dateInput,
    notes: notesInput.default(''),
    lines: linesInput,
  })
  .refine((v) => !v.date || v.validUntil >= v.date, { message: msg.validUntil, path: ['validUntil'] });
export type QuotationInput = z.output<typeof quotationInput>;

export const orderInput = z.object({
  customerId: uuidInput,
  priceListId: uuidInput.nullable().optional(),
  date: dateInput.optional(),
  notes: notesInput.default(''),
  lines: linesInput,
  /** Confirm at once (default) or keep as a draft. */
  confirm: z.boolean({ error: 'confirm is true or false.' }).default(true),
});
export type OrderInput = z.output<typeof orderInput>;

export const decisionInput = z.object({ date: dateInput.optional() });

export const deliveryInput = z.object({
  date: dateInput.optional(),
  from: z.string({ error: msg.location }).trim().min(1, msg.location).max(64, msg.location).regex(/^[A-Za-z0-9./-]+$/, msg.location).optional(),
  note: z.string({ error: msg.notes }).trim().max(500, msg.notes).default(''),
  /** Absent: everything still to deliver. */
  lines: z
    .array(z.object({ lineNo: z.number({ error: msg.lineNo }).int(msg.lineNo).min(1, msg.lineNo).max(MAX_LINES, msg.lineNo), quantity: quantityInput }), { error: msg.deliveryLines })
    .min(1, msg.deliveryLines)
    .max(MAX_LINES, msg.deliveryLines)
    .refine((a) => new Set(a.map((l) => l.lineNo)).size === a.length, msg.deliveryLines)
    .optional(),
});
export type DeliveryInput = z.output<typeof deliveryInput>;

export const invoiceOrderInput = z.object({ date: dateInput.optional(), dueDate: dateInput.optional() });
export type InvoiceOrderInput = z.output<typeof invoiceOrderInput>;

export const productsListQuery = listQuery({
  sort: ['code', 'name', 'defaultPrice', 'createdAt'],
  defaultSort: 'code',
  filters: { kind: z.enum(PRODUCT_KINDS, { error: msg.kind }).optional(), active: z.enum(['true', 'false'], { error: 'active is true or false.' }).optional() },
});
export const priceListsQuery = listQuery({ sort: ['name', 'validFrom', 'createdAt'], defaultSort: '-validFrom' });
export const quotationsListQuery = listQuery({
  sort: ['number', 'date', 'validUntil', 'total', 'createdAt', 'customer'],
  defaultSort: '-createdAt',
  filters: { status: z.enum(QUOTATION_STATUSES, { error: `status must be one of: ${QUOTATION_STATUSES.join(', ')}` }).optional(), customerId: uuidInput.optional() },
});
export const ordersListQuery = listQuery({
  sort: ['number', 'date', 'total', 'createdAt', 'customer'],
  defaultSort: '-createdAt',
  filters: { status: z.enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` }).optional(), customerId: uuidInput.optional() },
});

// ── Line arithmetic (bigint only) ────────────────────────────────────────────────────────────────

export type LineTerms = { quantity: bigint; unitPrice: bigint; discount: bigint };

/**
 * The net (fils, ex VAT) of `part` thousandths of a line: the gross rounded half-even, less the same share of the
 * line's discount (half-even). netOf(line, quantity) is the line's net; the net of a slice of a line is the
 * difference of two cumulative figures, so slices (deliveries, invoices) always add up to the whole.
 */
export function netOf(line: LineTerms, part: bigint): bigint {
  const gross = divideHalfEven(part * line.unitPrice, QTY_SCALE);
  const discount = part === line.quantity ? line.discount : divideHalfEven(line.discount * part, line.quantity);
  return gross - discount;
}
/** The net of the slice from `from` to `to` thousandths (cumulative). */
export const sliceNet = (line: LineTerms, from: bigint, to: bigint) => netOf(line, to) - netOf(line, from);

export function lineTotals(line: LineTerms & { taxCode: TaxCode }) {
  const net = netOf(line, line.quantity);
  return { net, vat: vatFor(net, line.taxCode) };
}

// ── JSON shapes ──────────────────────────────────────────────────────────────────────────────────

export type ProductJson = {
  id: string;
  code: string;
  name: string;
  kind: ProductKind;
  unit: SalesUnit;
  defaultPrice: string;
  incomeAccount: string;
  taxCode: TaxCode;
  itemId: string | null;
  itemSku: string | null;
  active: boolean;
  createdAt: string;
};
export type PriceListJson = { id: string; name: string; currency: 'AED'; validFrom: string; validTo: string | null; active: boolean; products: number; createdAt: string };
export type PriceListDetailJson = PriceListJson & { prices: { productId: string; code: string; name: string; unitPrice: string }[] };

export type DocumentLineJson = {
  lineNo: number;
  productId: string;
  productCode: string;
  productKind: ProductKind;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  net: string;
  taxCode: TaxCode;
  vat: string;
};
export type QuotationJson = {
  id: string;
  number: string;
  customerId: string;
  customerName: string;
  priceListId: string | null;
  status: QuotationStatus;
  date: string;
  validUntil: string;
  notes: string;
  net: string;
  vat: string;
  total: string;
  sentAt: string | null;
  decidedOn: string | null;
  orderId: string | null;
  orderNumber: string | null;
  createdAt: string;
};
export type QuotationDetailJson = QuotationJson & { lines: DocumentLineJson[]; customerEmail: string };

export type OrderLineJson = DocumentLineJson & { incomeAccount: string; delivered: string; invoiced: string; toDeliver: string; toInvoice: string; deliveredNet: string; invoicedNet: string };
export type OrderJson = {
  id: string;
  number: string;
  customerId: string;
  customerName: string;
  quotationId: string | null;
  quotationNumber: string | null;
  status: OrderStatus;
  date: string;
  notes: string;
  net: string;
  vat: string;
  total: string;
  /** Ex VAT, fils: delivered so far and invoiced so far. */
  deliveredNet: string;
  invoicedNet: string;
  createdAt: string;
};
export type DeliveryJson = { id: string; number: string; date: string; from: string | null; net: string; cost: string; note: string; lines: { lineNo: number; quantity: string; net: string; cost: string; stockMove: string | null }[] };
export type OrderInvoiceJson = { invoiceId: string; number: string; date: string; net: string; vat: string; total: string; status: string };
export type OrderDetailJson = OrderJson & { lines: OrderLineJson[]; deliveries: DeliveryJson[]; invoices: OrderInvoiceJson[] };

export type SalesSummaryJson = {
  asOf: string;
  quotations: { status: QuotationStatus; count: number; net: string }[];
  /** Per month of decision: accepted / (accepted + declined + expired); rate in basis points, null when none decided. */
  conversion: { month: string; accepted: number; decided: number; rateBps: number | null }[];
  /** Mean days from a quotation's date to its order's date (one decimal), null when no quotation has become an order. */
  averageDaysToOrder: string | null;
  ordersToDeliver: number;
  toDeliverNet: string;
  deliveredNotInvoiced: string;
  salesThisMonth: string;
};
