/**
 * Recurring invoices: a template issues an invoice on its day of each month from its start to its end while
 * active. The run is idempotent: one invoice per template and month (a row keyed by both, written in the same
 * transaction as the invoice). Rent lines with a property post to 4200 on the property, so they reach its P&L.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, orderSql, searchWhere, sqlRows } from '@api/list';
import { recordAudit } from '@modules/audit';
import { addDays, addMonths, dayInMonth, todayInDubai } from '@modules/platform/dates';
import {
  DEFAULT_INCOME_ACCOUNT,
  RENT_INCOME_ACCOUNT,
  defaultRate,
  documentTotals,
  lineFigures,
  receivablesErrorCodes as codes,
  receivablesMessages as msg,
  type InvoiceCurrency,
  type LineInput,
  type RecurringInput,
  type RecurringJson,
  type RecurringListQuery,
  type RecurringRunJson,
} from './contract';
import { computeLines, createDraftIn } from './invoice-draft';
import { issueInvoiceIn } from './issue-invoice';
import { recurringInvoices } from './schema';
import { UUID, iso, referencedCustomer } from './shared';

type Row = typeof recurringInvoices.$inferSelect;
type StoredLine = Omit<LineInput, 'unitPrice' | 'discount'> & { unitPrice: string; discount?: string };

/** Rent: a line on a property posts to 4200 unless it names its account. */
export const recurringIncome = (l: LineInput) => (l.property ? RENT_INCOME_ACCOUNT : DEFAULT_INCOME_ACCOUNT);

/** The first run on or after `from`: the template's day in that month, or in the next. */
export function firstRun(from: string, day: number): string {
  const here = dayInMonth(from, day);
  return here >= from ? here : dayInMonth(addMonths(from.slice(0, 7) + '-01', 1), day);
}

const storeLines = (lines: LineInput[]): StoredLine[] =>
  lines.map(({ discount, unitPrice, ...rest }) => ({ ...rest, unitPrice: unitPrice.toString(), ...(discount !== undefined ? { discount: discount.toString() } : {}) }));
const loadLines = (lines: unknown): LineInput[] =>
  (lines as StoredLine[]).map((l) => ({ ...l, unitPrice: BigInt(l.unitPrice), discount: l.discount === undefined ? undefined : BigInt(l.discount) }));

function totalOf(r: Row): bigint {
  const rate = r.currency === 'AED' ? '1' : defaultRate(r.currency as InvoiceCurrency);
  const figures = loadLines(r.lines).map((l) => lineFigures(l, r.currency, rate) ?? { net: 0n, vat: 0n, netAed: 0n, vatAed: 0n });
  return documentTotals(figures, r.currency, rate).total;
}

const json = (r: Row, customerName: string): RecurringJson => ({
  id: r.id,
  name: r.name,
  customerId: r.customerId,
  customerName,
  currency: r.currency as InvoiceCurrency,
  lines: r.lines as StoredLine[],
  total: totalOf(r).toString(),
  dayOfMonth: r.dayOfMonth,
  startDate: r.startDate,
  endDate: r.endDate,
  active: r.active,
  nextRun: r.nextRun,
  createdAt: iso(r.createdAt),
});

export async function createRecurring(db: Db, userId: string, input: RecurringInput): Promise<RecurringJson> {
  return db.transaction(async (tx) => {
    const customer = await referencedCustomer(tx, input.customerId);
    const currency = input.currency ?? (customer.currency as InvoiceCurrency);
    // The same checks as a draft (accounts, dimensions, discounts), so a bad template is refused now, not at its first run.
    await computeLines(tx, input.lines, currency, currency === 'AED' ? '1' : defaultRate(currency), { defaultIncome: recurringIncome });
    const next = firstRun(input.startDate, input.dayOfMonth);
    const [row] = await tx
      .insert(recurringInvoices)
      .values({
        name: input.name,
        customerId: customer.id,
        currency,
        lines: storeLines(input.lines),
        dayOfMonth: input.dayOfMonth,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
        nextRun: input.endDate && next > input.endDate ? null : next,
        createdBy: userId,
      })
      .returning();
    await recordAudit(tx, { actorId: userId, action: 'receivables.recurring.create', entityType: 'recurring_invoice', entityId: row!.id, summary: `Set up the recurring invoice “${input.name}” for ${customer.name} on day ${input.dayOfMonth} of each month` });
    return json(row!, customer.name);
  });
}

async function recurringOr404(db: Db, id: string, lock = false): Promise<Row> {
  if (!UUID.test(id)) throw notFound(msg.recurringNotFound, codes.recurringNotFound);
  const query = db.select().from(recurringInvoices).where(eq(recurringInvoices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(msg.recurringNotFound, codes.recurringNotFound);
  return row;
}

export async function setRecurringActive(db: Db, userId: string, id: string, active: boolean): Promise<RecurringJson> {
  return db.transaction(async (tx) => {
    const r = await recurringOr404(tx, id, true);
    if (r.active === active) throw new AppError(409, codes.recurringState, active ? msg.active : msg.paused);
    // Resuming does not catch up on the months it was paused: the next run is the next day on or after today.
    const nextRun = active ? firstRun(r.nextRun && r.nextRun > todayInDubai() ? r.nextRun : todayInDubai(), r.dayOfMonth) : r.nextRun;
    const [row] = await tx
      .update(recurringInvoices)
      .set({ active, nextRun: r.endDate && nextRun && nextRun > r.endDate ? null : nextRun })
      .where(eq(recurringInvoices.id, id))
      .returning();
    await recordAudit(tx, { actorId: userId, action: active ? 'receivables.recurring.resume' : 'receivables.recurring.pause', entityType: 'recurring_invoice', entityId: id, summary: `${active ? 'Resumed' : 'Paused'} the recurring invoice “${r.name}”` });
    const customer = await referencedCustomer(tx, r.customerId);
    return json(row!, customer.name);
  });
}

function where(query: Partial<RecurringListQuery>): SQL {
  return allOf(searchWhere(query.q, [sql`r.name`, sql`c.name`]), query.active !== undefined && sql`r.active = ${query.active === 'true'}`) ?? sql`true`;
}
const SORT = { createdAt: sql`r.created_at`, name: sql`lower(r.name)`, nextRun: sql`r.next_run` };

export async function listRecurring(db: Db, query: RecurringListQuery): Promise<{ items: RecurringJson[]; total: number }> {
  const [ids, [t]] = await Promise.all([
    sqlRows<{ id: string; customer_name: string }>(
      db,
      sql`select r.id, c.name as customer_name from recurring_invoices r join customers c on c.id = r.customer_id where ${where(query)}
           order by ${orderSql(query.sort, SORT, sql`r.id`)} limit ${query.limit} offset ${query.offset}`,
    ),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from recurring_invoices r join customers c on c.id = r.customer_id where ${where(query)}`),
  ]);
  const rows = await Promise.all(ids.map((i) => recurringOr404(db, i.id)));
  return { items: rows.map((r, n) => json(r, ids[n]!.customer_name)), total: Number(t?.n ?? 0) };
}

/**
 * Creates and issues every invoice due up to `asOf` (default today), each template-month in its own
 * transaction: a month already invoiced is skipped, and one that fails (a closed period, the credit limit)
 * is reported and tried again at the next run.
 */
export async function runRecurring(db: Db, userId: string | null, asOfInput?: string): Promise<RecurringRunJson> {
  const asOf = asOfInput ?? todayInDubai();
  const due = await sqlRows<{ id: string }>(db, sql`select id from recurring_invoices where active and next_run is not null and next_run <= ${asOf}::date order by next_run, id`);
  const out: RecurringRunJson = { asOf, created: [], skipped: [] };
  for (const { id } of due) {
    for (let guard = 0; guard < 120; guard++) {
      const step = await db
        .transaction(async (tx) => {
          const r = await recurringOr404(tx, id, true);
          if (!r.active || !r.nextRun || r.nextRun > asOf) return 'done' as const;
          const date = r.nextRun;
          const period = date.slice(0, 7);
          const following = firstRun(addDays(date, 1), r.dayOfMonth);
          const nextRun = r.endDate && following > r.endDate ? null : following;
          const claimed = await sqlRows<{ ok: number }>(tx, sql`select 1 as ok from recurring_invoice_runs where recurring_id = ${id} and period = ${period}`);
          if (!claimed.length) {
            const customer = await referencedCustomer(tx, r.customerId);
            const { row } = await createDraftIn(
              tx,
              userId,
              customer.id,
              { date, dueDate: addDays(date, customer.paymentTermsDays), currency: r.currency as InvoiceCurrency, lines: loadLines(r.lines), reference: `${r.name}, ${period}` },
              { recurringId: id, defaultIncome: recurringIncome },
            );
            const issued = await issueInvoiceIn(tx, userId, row.id);
            await sqlRows(tx, sql`insert into recurring_invoice_runs (recurring_id, period, invoice_id) values (${id}, ${period}, ${row.id})`);
            out.created.push({ recurringId: id, period, invoiceId: row.id, number: issued.number });
          }
          await tx.update(recurringInvoices).set({ nextRun, lastRunAt: new Date() }).where(eq(recurringInvoices.id, id));
          return nextRun && nextRun <= asOf ? ('again' as const) : ('done' as const);
        })
        .catch((e: unknown) => {
          if (!(e instanceof AppError)) throw e;
          out.skipped.push({ recurringId: id, reason: e.message });
          return 'done' as const;
        });
      if (step === 'done') break;
    }
  }
  if (userId && (out.created.length || out.skipped.length)) {
    await recordAudit(db, {
      actorId: userId,
      action: 'receivables.recurring.run',
      entityType: 'recurring_invoice',
      summary: `Ran recurring invoices as at ${asOf}: ${out.created.length} issued, ${out.skipped.length} not issued`,
      details: { created: out.created, skipped: out.skipped },
    });
  }
  return out;
}
