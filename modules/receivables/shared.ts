/** What every part of receivables reads: ids, numbers, rows as JSON, the locks on a customer and an invoice. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { daysBetween, todayInDubai } from '@modules/platform/dates';
import { formatAed, formatMoney } from '@modules/platform/money';
import { TAX_RATE_BPS, type Emirate, type TaxCode } from '@modules/tax';
import { q } from '@modules/wallet';
import {
  receivablesErrorCodes as codes,
  receivablesMessages as msg,
  type CustomerJson,
  type CustomerKind,
  type InvoiceCurrency,
  type InvoiceJson,
  type InvoiceLineJson,
  type InvoiceStatus,
} from './contract';
import { customers, invoiceLines, invoices } from './schema';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const dayOf = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export type CustomerRow = typeof customers.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** Money in a document's currency for messages: "AED 1,250.00", "£1,250.00". */
export const moneyIn = (minor: bigint, currency: string) => (currency === 'AED' ? formatAed(minor) : formatMoney(minor, currency as InvoiceCurrency));

/** Statuses that still owe something. */
export const OPEN_STATUSES = ['issued', 'partially_paid'] as const;
export const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

/** The status an issued invoice has after its figures move. */
export function statusAfter(open: bigint, paid: bigint): InvoiceStatus {
  if (open === 0n) return paid > 0n ? 'paid' : 'credited';
  return paid > 0n ? 'partially_paid' : 'issued';
}

/**
 * The next number of a series, without gaps: the series row is locked FOR UPDATE until the issuing transaction
 * ends, so two issues take turns and a rolled-back issue gives its number back.
 */
export async function nextNumber(tx: Db, prefix: 'INV' | 'CN', date: string): Promise<string> {
  const series = `${prefix}-${date.slice(0, 4)}`;
  await q(tx, sql`insert into receivable_number_series (series, last_number) values (${series}, 0) on conflict (series) do nothing`);
  const [row] = await q<{ last_number: number }>(tx, sql`select last_number from receivable_number_series where series = ${series} for update`);
  const next = Number(row!.last_number) + 1;
  await q(tx, sql`update receivable_number_series set last_number = ${next} where series = ${series}`);
  return `${series}-${String(next).padStart(4, '0')}`;
}

export async function customerOr404(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<CustomerRow> {
  if (!UUID.test(id)) throw notFound(msg.customerNotFound, codes.customerNotFound);
  const query = db.select().from(customers).where(eq(customers.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw notFound(msg.customerNotFound, codes.customerNotFound);
  return row;
}

/** For a customer referenced in a body (not the addressed resource): 422 rather than 404. */
export async function referencedCustomer(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<CustomerRow> {
  try {
    return await customerOr404(db, id, opts);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw new AppError(422, codes.customerNotFound, msg.customerNotFound);
    throw e;
  }
}

export async function invoiceOr404(db: Db, id: string, opts: { lock?: boolean; status?: 'referenced' } = {}): Promise<InvoiceRow> {
  const missing = () => (opts.status === 'referenced' ? new AppError(422, codes.invoiceNotFound, msg.invoiceNotFound) : notFound(msg.invoiceNotFound, codes.invoiceNotFound));
  if (!UUID.test(id)) throw missing();
  const query = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw missing();
  return row;
}

export const invoiceLabel = (inv: Pick<InvoiceRow, 'number'>) => inv.number ?? 'This draft';

/** 422 unless the invoice is issued and still open. */
export function assertOpen(inv: InvoiceRow) {
  if (inv.status === 'draft') throw new AppError(422, codes.notIssued, msg.notIssued);
  if (!isOpen(inv.status)) throw new AppError(422, codes.notOpen, msg.notOpen(invoiceLabel(inv), inv.status.replace('_', ' ')));
}

export async function invoiceLinesOf(db: Db, invoiceId: string, opts: { lock?: boolean } = {}): Promise<InvoiceLineRow[]> {
  const query = db.select().from(invoiceLines).where(and(eq(invoiceLines.invoiceId, invoiceId))).orderBy(invoiceLines.lineNo);
  return opts.lock ? query.for('update') : query;
}

export function invoiceJson(r: InvoiceRow, customerName: string, today = todayInDubai()): InvoiceJson {
  const open = isOpen(r.status);
  const daysPastDue = open ? Math.max(0, daysBetween(r.dueDate, today)) : 0;
  return {
    id: r.id,
    number: r.number,
    customerId: r.customerId,
    customerName,
    status: r.status as InvoiceStatus,
    overdue: open && r.dueDate < today,
    daysPastDue,
    date: r.date,
    dueDate: r.dueDate,
    currency: r.currency as InvoiceCurrency,
    rate: r.rate,
    reference: r.reference,
    notes: r.notes,
    net: r.net.toString(),
    vat: r.vat.toString(),
    total: r.total.toString(),
    paidAmount: r.paidAmount.toString(),
    creditedAmount: r.creditedAmount.toString(),
    openAmount: r.openAmount.toString(),
    totalAed: r.totalAed.toString(),
    openAed: r.openAed.toString(),
    journalReference: r.journalReference,
    issuedAt: isoOrNull(r.issuedAt),
    sentAt: isoOrNull(r.sentAt),
    dunningLevel: r.dunningLevel,
    createdAt: iso(r.createdAt),
  };
}

export const lineJson = (l: InvoiceLineRow): InvoiceLineJson => ({
  lineNo: l.lineNo,
  description: l.description,
  quantity: l.quantity,
  unitPrice: l.unitPrice.toString(),
  discount: l.discount.toString(),
  net: l.net.toString(),
  taxCode: l.taxCode as TaxCode,
  vatRateBps: TAX_RATE_BPS[l.taxCode as TaxCode] ?? 0,
  vat: l.vat.toString(),
  netAed: l.netAed.toString(),
  vatAed: l.vatAed.toString(),
  incomeAccount: l.incomeAccount,
  costCenter: l.costCenter,
  property: l.property,
  emirate: l.emirate as Emirate,
  creditedNet: l.creditedNet.toString(),
});

export type CustomerFigures = { open: bigint; overdue: bigint };

export const customerJson = (c: CustomerRow, f: CustomerFigures = { open: 0n, overdue: 0n }): CustomerJson => ({
  id: c.id,
  name: c.name,
  email: c.email,
  kind: c.kind as CustomerKind,
  trn: c.trn,
  address: { line1: c.addressLine1, city: c.city, emirate: (c.emirate as Emirate | null) ?? null, country: c.country },
  paymentTermsDays: c.paymentTermsDays,
  creditLimit: c.creditLimit === null ? null : c.creditLimit.toString(),
  currency: c.currency as InvoiceCurrency,
  openBalance: f.open.toString(),
  overdue: f.overdue.toString(),
  credit: c.creditBalance.toString(),
  createdAt: iso(c.createdAt),
});

/** A customer's open invoices in fils (as on 1330) and the part past due today. */
export async function customerFigures(db: Db, customerId: string, today = todayInDubai()): Promise<CustomerFigures> {
  const [r] = await q<{ open: string; overdue: string }>(
    db,
    sql`select coalesce(sum(open_aed), 0)::text as open, coalesce(sum(open_aed) filter (where due_date < ${today}::date), 0)::text as overdue
          from invoices where customer_id = ${customerId} and status in ('issued', 'partially_paid')`,
  );
  return { open: BigInt(r?.open ?? '0'), overdue: BigInt(r?.overdue ?? '0') };
}
