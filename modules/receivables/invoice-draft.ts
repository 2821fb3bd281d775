/** Draft invoices: create, edit and delete while nothing is posted. Lines are checked and their figures worked out here. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { getTaxSettings, type Emirate } from '@modules/tax';
import { q } from '@modules/wallet';
import {
  DEFAULT_INCOME_ACCOUNT,
  defaultRate,
  documentTotals,
  lineFigures,
  receivablesErrorCodes as codes,
  receivablesMessages as msg,
  type InvoiceCurrency,
  type InvoiceInput,
  type InvoiceJson,
  type LineInput,
} from './contract';
import { invoiceLines, invoices } from './schema';
import { invoiceJson, invoiceLabel, invoiceOr404, referencedCustomer, type CustomerRow } from './shared';

const invalid = (message: string) => new AppError(422, codes.invalidLine, message);

/** An income posting account outside the fee group: 4300 by default, 4200 for rent. */
async function assertIncomeAccounts(db: Db, codesUsed: string[]) {
  const unique = [...new Set(codesUsed)];
  for (const code of unique) if (code >= '4100' && code <= '4199') throw new AppError(422, codes.incomeAccount, msg.feeIncome(code));
  const rows = await q<{ code: string }>(
    db,
    sql`select code from ledger_accounts where code in (${sql.join(unique.map((c) => sql`${c}`), sql`, `)}) and type = 'income' and not is_group and archived_at is null`,
  );
  const ok = new Set(rows.map((r) => r.code));
  const bad = unique.find((c) => !ok.has(c));
  if (bad) throw new AppError(422, codes.incomeAccount, msg.notIncome(bad));
}

/** Cost centers and properties named on lines must exist (the ledger would refuse them at issue anyway). */
async function assertDimensions(db: Db, lines: LineInput[]) {
  const centers = [...new Set(lines.map((l) => l.costCenter).filter((c): c is string => !!c))];
  const props = [...new Set(lines.map((l) => l.property).filter((p): p is string => !!p))];
  if (centers.length) {
    const found = await q<{ code: string }>(db, sql`select code from ledger_cost_centers where code in (${sql.join(centers.map((c) => sql`${c}`), sql`, `)}) and archived_at is null`);
    const missing = centers.find((c) => !found.some((f) => f.code === c));
    if (missing) throw new AppError(422, 'cost_center_not_found', `There is no active cost center with code ${missing}.`);
  }
  if (props.length) {
    const found = await q<{ reference: string }>(db, sql`select upper(reference) as reference from properties where upper(reference) in (${sql.join(props.map((p) => sql`${p}`), sql`, `)})`);
    const missing = props.find((p) => !found.some((f) => f.reference === p));
    if (missing) throw invalid(`There is no property with reference ${missing}.`);
  }
}

export type ComputedLine = Omit<typeof invoiceLines.$inferInsert, 'invoiceId'> & { lineNo: number; net: bigint; vat: bigint; netAed: bigint; vatAed: bigint };

/** The stored lines of a draft: figures, defaults (income account, emirate) and checks. */
export async function computeLines(
  db: Db,
  lines: LineInput[],
  currency: string,
  rate: string,
  opts: { defaultIncome?: (l: LineInput) => string } = {},
): Promise<ComputedLine[]> {
  const { defaultEmirate } = await getTaxSettings(db);
  const incomeOf = (l: LineInput) => l.incomeAccount ?? opts.defaultIncome?.(l) ?? DEFAULT_INCOME_ACCOUNT;
  await assertIncomeAccounts(db, lines.map(incomeOf));
  await assertDimensions(db, lines);
  return lines.map((l, i) => {
    const f = lineFigures({ quantity: l.quantity, unitPrice: l.unitPrice, discount: l.discount, taxCode: l.taxCode }, currency, rate);
    if (!f) throw invalid(msg.discount(i + 1));
    return {
      lineNo: i + 1,
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount ?? 0n,
      net: f.net,
      taxCode: l.taxCode,
      vat: f.vat,
      netAed: f.netAed,
      vatAed: f.vatAed,
      incomeAccount: incomeOf(l),
      costCenter: l.costCenter ?? null,
      property: l.property ?? null,
      emirate: (l.emirate ?? defaultEmirate) as Emirate,
    };
  });
}

export type DraftFields = Pick<InvoiceInput, 'date' | 'dueDate' | 'lines'> & Partial<Pick<InvoiceInput, 'currency' | 'rate' | 'reference' | 'notes'>>;

/** Writes a draft's header figures and lines (inside `tx`); returns the row. */
async function writeDraft(tx: Db, customer: CustomerRow, input: DraftFields, existingId: string | null, userId: string | null, extra: { recurringId?: string; defaultIncome?: (l: LineInput) => string } = {}) {
  const currency = (input.currency ?? customer.currency) as InvoiceCurrency;
  const rate = currency === 'AED' ? '1' : (input.rate ?? defaultRate(currency));
  const lines = await computeLines(tx, input.lines, currency, rate, { defaultIncome: extra.defaultIncome });
  const t = documentTotals(lines, currency, rate);
  const header = {
    customerId: customer.id,
    date: input.date,
    dueDate: input.dueDate,
    currency,
    rate,
    reference: input.reference ?? '',
    notes: input.notes ?? '',
    net: t.net,
    vat: t.vat,
    total: t.total,
    totalAed: t.totalAed,
    updatedAt: new Date(),
  };
  let id = existingId;
  if (id) {
    await tx.update(invoices).set(header).where(eq(invoices.id, id));
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
  } else {
    const [row] = await tx.insert(invoices).values({ ...header, status: 'draft', createdBy: userId, recurringId: extra.recurringId ?? null }).returning({ id: invoices.id });
    id = row!.id;
  }
  await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: id! })));
  return (await invoiceOr404(tx, id))!;
}

/** Creates a draft inside a transaction the caller holds (the recurring run uses it too). */
export async function createDraftIn(tx: Db, userId: string | null, customerId: string, input: DraftFields, extra: { recurringId?: string; defaultIncome?: (l: LineInput) => string } = {}) {
  const customer = await referencedCustomer(tx, customerId);
  const row = await writeDraft(tx, customer, input, null, userId, extra);
  return { row, customer };
}

export async function createInvoice(db: Db, userId: string, input: InvoiceInput): Promise<InvoiceJson> {
  return db.transaction(async (tx) => {
    const { row, customer } = await createDraftIn(tx, userId, input.customerId, input);
    await recordAudit(tx, { actorId: userId, action: 'receivables.invoice.create', entityType: 'invoice', entityId: row.id, summary: `Drafted an invoice to ${customer.name} for ${row.currency} ${row.total}` });
    return invoiceJson(row, customer.name);
  });
}

export async function updateInvoice(db: Db, userId: string, id: string, input: InvoiceInput): Promise<InvoiceJson> {
  return db.transaction(async (tx) => {
    const current = await invoiceOr404(tx, id, { lock: true });
    if (current.status !== 'draft') throw new AppError(422, codes.notDraft, msg.notDraft(invoiceLabel(current)));
    const customer = await referencedCustomer(tx, input.customerId);
    const row = await writeDraft(tx, customer, input, id, userId);
    await recordAudit(tx, { actorId: userId, action: 'receivables.invoice.update', entityType: 'invoice', entityId: id, summary: `Edited the draft invoice to ${customer.name}` });
    return invoiceJson(row, customer.name);
  });
}

export async function deleteInvoice(db: Db, userId: string, id: string): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const current = await invoiceOr404(tx, id, { lock: true });
    if (current.status !== 'draft') throw new AppError(422, codes.notDraft, msg.notDraft(invoiceLabel(current)));
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordAudit(tx, { actorId: userId, action: 'receivables.invoice.delete', entityType: 'invoice', entityId: id, summary: `Deleted a draft invoice of ${current.currency} ${current.total}` });
    return { id, deleted: true as const };
  });
}
