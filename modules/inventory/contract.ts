/**
 * Inventory contract, browser-safe: the input schemas, their messages (each once) and the JSON shapes.
 * Quantities travel as decimal strings ("2.5", thousandths inside), amounts as strings of integer fils.
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';

export const ITEM_CATEGORIES = ['furniture', 'appliance', 'fit_out_material', 'spare_part'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];
export const categoryLabels: Record<ItemCategory, string> = { furniture: 'Furniture', appliance: 'Appliances', fit_out_material: 'Fit-out materials', spare_part: 'Spare parts' };

export const UNITS = ['each', 'set', 'm', 'm2', 'litre', 'box'] as const;
export type Unit = (typeof UNITS)[number];
export const unitLabels: Record<Unit, string> = { each: 'each', set: 'set', m: 'm', m2: 'm²', litre: 'litre', box: 'box' };

export const VALUATION_METHODS = ['fifo', 'average'] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];
export const valuationLabels: Record<ValuationMethod, string> = { fifo: 'FIFO', average: 'Moving average' };

export const LOCATION_KINDS = ['warehouse', 'bin', 'property', 'maintenance_job'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
export const locationKindLabels: Record<LocationKind, string> = { warehouse: 'Warehouse', bin: 'Bin', property: 'Property', maintenance_job: 'Maintenance job' };
/** Locations whose stock is inventory (ledger 1810); stock elsewhere has left the store. */
export const STORE_KINDS: readonly LocationKind[] = ['warehouse', 'bin'];

export const MOVE_TYPES = ['receipt', 'issue', 'transfer', 'adjustment'] as const;
export type MoveType = (typeof MOVE_TYPES)[number];
export const moveTypeLabels: Record<MoveType, string> = { receipt: 'Receipt', issue: 'Issue', transfer: 'Transfer', adjustment: 'Count adjustment' };

/** Thousandths per unit. */
export const QTY_SCALE = 1000n;
export const MAX_QUANTITY = 10_000_000;
export const MAX_UNIT_COST_FILS = 100_000_000_000n;
/** The most one move may be worth: AED 10 billion. */
export const MAX_MOVE_VALUE_FILS = 1_000_000_000_000n;

export const inventoryErrorCodes = {
  itemNotFound: 'inventory_item_not_found',
  locationNotFound: 'inventory_location_not_found',
  duplicateSku: 'duplicate_sku',
  duplicateLocation: 'duplicate_location_code',
  insufficientStock: 'insufficient_stock',
  invalidMove: 'invalid_stock_move',
  methodFixed: 'valuation_method_fixed',
  noCost: 'reorder_cost_unknown',
} as const;

export const inventoryMessages = {
  name: 'Give the item a name of 2 to 200 characters.',
  sku: 'The SKU is 1 to 40 letters, digits, dots, dashes or slashes.',
  category: `The category must be one of: ${ITEM_CATEGORIES.join(', ')}.`,
  unit: `The unit must be one of: ${UNITS.join(', ')}.`,
  barcode: 'The barcode is up to 64 letters or digits.',
  method: 'The valuation method must be "fifo" or "average".',
  quantity: `Enter a quantity greater than 0, up to ${MAX_QUANTITY.toLocaleString('en-US')}, with at most 3 decimals.`,
  signedQuantity: `Enter a quantity other than 0 (negative to write stock off), up to ${MAX_QUANTITY.toLocaleString('en-US')}, with at most 3 decimals.`,
  reorder: `Reorder level and quantity are 0 or more, up to ${MAX_QUANTITY.toLocaleString('en-US')}, with at most 3 decimals.`,
  unitCost: 'The unit cost is a whole number of fils, 0 to 100,000,000,000.',
  id: 'That is not a valid id.',
  location: 'Name a location by its id or code.',
  date: 'Enter a date as YYYY-MM-DD between 2000 and 2100.',
  note: 'A note is at most 500 characters.',
  moveType: `The type must be one of: ${MOVE_TYPES.join(', ')}.`,
  kind: `The kind must be one of: ${LOCATION_KINDS.join(', ')}.`,
  code: 'The code is 1 to 40 letters, digits, dots, dashes or slashes.',
  locationName: 'Give the location a name of 2 to 200 characters.',
  itemIds: 'Choose between 1 and 100 items.',
  itemNotFound: 'We could not find that item.',
  locationNotFound: (ref: string) => `We could not find the location "${ref}".`,
  duplicateSku: (sku: string) => `Another item already has the SKU ${sku}.`,
  duplicateLocation: (code: string) => `Another location already has the code ${code}.`,
  insufficientStock: (item: string, location: string, onHand: string) => `Not enough ${item} at ${location}: ${onHand} on hand.`,
  methodFixed: 'The valuation method cannot change once the item has stock moves.',
  receiptTo: 'A receipt goes into a warehouse or bin: give "to".',
  receiptCost: 'A receipt needs the unit cost in fils.',
  issueFrom: 'An issue comes out of a warehouse or bin: give "from".',
  issueTo: 'An issue goes to a property or a maintenance job: give "to".',
  transferBoth: 'A transfer needs two different locations, "from" a warehouse or bin and "to".',
  adjustmentWhere: 'A count adjustment is made at a warehouse or bin: give "to" (or "from").',
  adjustmentCost: 'This item has no cost yet: give the unit cost of the stock found.',
  poLineWithoutOrder: 'A purchase order line needs its purchase order.',
  paidFromWithOrder: 'A receipt against a purchase order waits for the supplier bill; it is not paid from a bank account.',
  valueTooLarge: 'One move may be worth at most AED 10,000,000,000: split it into smaller moves.',
  noCost: (sku: string) => `We do not know what ${sku} costs yet: record a receipt before asking to reorder it.`,
} as const;

const msg = inventoryMessages;
const text = (message: string, min: number, max: number) => z.string({ error: message }).trim().min(min, message).max(max, message);

/** A quantity as a JSON number or decimal string, ≤ 3 places → thousandths (bigint). `signed` allows a leading minus. */
export function parseQuantity(v: unknown, signed = false): bigint | null {
  const s = typeof v === 'number' ? (Number.isFinite(v) && Math.abs(v) < 1e9 ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  const m = /^(-?)(\d{1,8})(?:\.(\d{1,3}))?$/.exec(s);
  if (!m || (m[1] && !signed)) return null;
  const milli = BigInt(m[2]!) * QTY_SCALE + BigInt((m[3] ?? '').padEnd(3, '0'));
  if (milli > BigInt(MAX_QUANTITY) * QTY_SCALE) return null;
  return m[1] ? -milli : milli;
}

const quantity = (message: string, check: (q: bigint) => boolean, signed = false) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const q = parseQuantity(v, signed);
    if (q === null || !check(q)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return q;
  });
export const positiveQuantityInput = quantity(msg.quantity, (q) => q > 0n);
export const signedQuantityInput = quantity(msg.signedQuantity, (q) => q !== 0n, true);
export const reorderQuantityInput = quantity(msg.reorder, (q) => q >= 0n);

export const unitCostInput = z.union([z.number(), z.string()], { error: msg.unitCost }).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
  if (!/^\d{1,12}$/.test(s) || BigInt(s) > MAX_UNIT_COST_FILS) {
    ctx.addIssue({ code: 'custom', message: msg.unitCost });
    return z.NEVER;
  }
  return BigInt(s);
});

export const dateInput = z
  .string({ error: msg.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.date)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
  }, msg.date);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
export const uuidInput = z.string({ error: msg.id }).trim().regex(UUID, msg.id);
export const idParam = z.object({ id: z.string({ error: msg.id }).max(64, msg.id) });
const codeInput = z.string({ error: msg.code }).trim().regex(/^[A-Za-z0-9][A-Za-z0-9./-]{0,39}$/, msg.code);
export const locationRefInput = z.string({ error: msg.location }).trim().min(1, msg.location).max(64, msg.location).regex(/^[A-Za-z0-9./-]+$/, msg.location);

const itemFields = {
  name: text(msg.name, 2, 200),
  sku: z.string({ error: msg.sku }).trim().regex(/^[A-Za-z0-9][A-Za-z0-9./-]{0,39}$/, msg.sku),
  valuationMethod: z.enum(VALUATION_METHODS, { error: msg.method }),
  category: z.enum(ITEM_CATEGORIES, { error: msg.category }),
  unit: z.enum(UNITS, { error: msg.unit }),
  barcode: z.string({ error: msg.barcode }).trim().regex(/^[A-Za-z0-9-]{0,64}$/, msg.barcode).nullable(),
  reorderLevel: reorderQuantityInput,
  reorderQuantity: reorderQuantityInput,
  defaultSupplierId: uuidInput.nullable(),
};
export const createItemInput = z.object({
  ...itemFields,
  category: itemFields.category.default('spare_part'),
  unit: itemFields.unit.default('each'),
  barcode: itemFields.barcode.optional(),
  reorderLevel: itemFields.reorderLevel.default(0n),
  reorderQuantity: itemFields.reorderQuantity.default(0n),
  defaultSupplierId: itemFields.defaultSupplierId.optional(),
});
export type CreateItemInput = z.output<typeof createItemInput>;
/** A change to an item: only the fields given (no defaults, so nothing else is reset). */
export const updateItemInput = z
  .object(itemFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Change at least one field.');
export type UpdateItemInput = z.output<typeof updateItemInput>;

export const createLocationInput = z.object({
  code: codeInput,
  name: text(msg.locationName, 2, 200),
  kind: z.enum(LOCATION_KINDS, { error: msg.kind }),
  parentId: uuidInput.nullable().optional(),
  property: z.string({ error: msg.location }).trim().min(1, msg.location).max(64, msg.location).nullable().optional(),
});
export type CreateLocationInput = z.output<typeof createLocationInput>;

export const createMoveInput = z.object({
  itemId: uuidInput,
  type: z.enum(MOVE_TYPES, { error: msg.moveType }),
  /** Positive; for an adjustment, negative writes stock off. */
  quantity: signedQuantityInput,
  unitCost: unitCostInput.nullable().optional(),
  from: locationRefInput.nullable().optional(),
  to: locationRefInput.nullable().optional(),
  date: dateInput.optional(),
  note: z.string({ error: msg.note }).trim().max(500, msg.note).default(''),
  purchaseOrderId: uuidInput.nullable().optional(),
  purchaseOrderLineId: uuidInput.nullable().optional(),
  /** A receipt without an order paid on the spot: the bank account (banking) it was paid from. */
  paidFrom: uuidInput.nullable().optional(),
});
export type CreateMoveInput = z.output<typeof createMoveInput>;

export const reorderRequestInput = z.object({ itemIds: z.array(uuidInput, { error: msg.itemIds }).min(1, msg.itemIds).max(100, msg.itemIds) });

export const itemsListQuery = listQuery({
  sort: ['name', 'sku', 'createdAt', 'onHand', 'value'],
  defaultSort: 'name',
  filters: {
    category: z.enum(ITEM_CATEGORIES, { error: msg.category }).optional(),
    valuationMethod: z.enum(VALUATION_METHODS, { error: msg.method }).optional(),
  },
});
export const locationsListQuery = listQuery({
  sort: ['code', 'name', 'kind', 'createdAt'],
  defaultSort: 'code',
  filters: { kind: z.enum(LOCATION_KINDS, { error: msg.kind }).optional() },
});
export const movesListQuery = listQuery({
  sort: ['date', 'createdAt', 'value'],
  defaultSort: '-createdAt',
  filters: { type: z.enum(MOVE_TYPES, { error: msg.moveType }).optional(), itemId: uuidInput.optional(), locationId: uuidInput.optional() },
});
export const stockQuery = z.object({ locationId: uuidInput.optional(), itemId: uuidInput.optional() });
export const valuationQuery = z.object({ asOf: dateInput.optional() });

// ── JSON shapes ──────────────────────────────────────────────────────────────────────────────────

export type ItemJson = {
  id: string;
  sku: string;
  name: string;
  category: ItemCategory;
  unit: Unit;
  barcode: string | null;
  reorderLevel: string;
  reorderQuantity: string;
  valuationMethod: ValuationMethod;
  defaultSupplierId: string | null;
  /** In store (warehouses and bins). */
  onHand: string;
  value: string;
  /** Fils per unit, rounded: value / on hand. */
  unitCost: string | null;
  hasMoves: boolean;
  createdAt: string;
};

export type LocationJson = {
  id: string;
  code: string;
  name: string;
  kind: LocationKind;
  parentId: string | null;
  parentCode: string | null;
  property: string | null;
  /** Distinct items with stock there. */
  items: number;
  /** Installed value (property), expensed value (job) or the store value at cost (warehouse, bin). */
  value: string;
};

export type MoveJson = {
  id: string;
  number: string;
  type: MoveType;
  date: string;
  itemId: string;
  sku: string;
  itemName: string;
  quantity: string;
  unitCost: string | null;
  value: string;
  from: { id: string; code: string; name: string } | null;
  to: { id: string; code: string; name: string } | null;
  purchaseOrderId: string | null;
  note: string;
  journalReference: string;
  createdAt: string;
};

export type StockRowJson = { itemId: string; sku: string; itemName: string; category: ItemCategory; unit: Unit; locationId: string; locationCode: string; locationName: string; kind: LocationKind; property: string | null; quantity: string; value: string };

export type LedgerRowJson = { moveId: string; number: string; date: string; type: MoveType; quantityIn: string; quantityOut: string; unitCost: string | null; value: string; runningQuantity: string; runningValue: string; journalReference: string; from: string | null; to: string | null };
export type ItemLedgerJson = { item: ItemJson; rows: LedgerRowJson[] };

export type ValuationItemJson = { itemId: string; sku: string; name: string; category: ItemCategory; valuationMethod: ValuationMethod; quantity: string; value: string };
export type ValuationJson = { asOf: string; items: ValuationItemJson[]; total: string; byCategory: { category: ItemCategory; value: string }[] };

export type ReorderJson = { items: (ItemJson & { shortfall: string })[]; total: number };
export type ReorderRequestsJson = { requests: { id: string; number: string; itemIds: string[] }[] };

/** Thousandths of a unit as the decimal string a person reads: 2500n → "2.5". */
export function quantityString(milli: bigint | string): string {
  const m = BigInt(milli);
  const sign = m < 0n ? '-' : '';
  const a = m < 0n ? -m : m;
  const frac = (a % QTY_SCALE).toString().padStart(3, '0').replace(/0+$/, '');
  return `${sign}${a / QTY_SCALE}${frac ? `.${frac}` : ''}`;
}
