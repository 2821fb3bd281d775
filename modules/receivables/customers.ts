/** Customers: create, update, one with its open balance, the list (list contract) and its CSV. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { todayInDubai } from '@modules/platform/dates';
import { minorToDecimalString } from '@modules/platform/money';
import type { CustomerInput, CustomerJson, CustomersListQuery, CustomerUpdateInput } from './contract';
import { customers } from './schema';
import { customerFigures, customerJson, customerOr404, type CustomerRow } from './shared';

export async function createCustomer(db: Db, userId: string, input: CustomerInput): Promise<CustomerJson> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        name: input.name,
        email: input.email,
        kind: input.kind,
        trn: input.trn,
        addressLine1: input.address?.line1 ?? '',
        city: input.address?.city ?? '',
        emirate: input.address?.emirate ?? null,
        country: input.address?.country ?? 'AE',
        paymentTermsDays: input.paymentTermsDays,
        creditLimit: input.creditLimit,
        currency: input.currency,
        createdBy: userId,
      })
      .returning();
    await recordAudit(tx, { actorId: userId, action: 'receivables.customer.create', entityType: 'customer', entityId: row!.id, summary: `Added customer ${input.name} (${input.email})` });
    return customerJson(row!);
  });
}

export async function updateCustomer(db: Db, userId: string, id: string, input: CustomerUpdateInput): Promise<CustomerJson> {
  return db.transaction(async (tx) => {
    const before = await customerOr404(tx, id, { lock: true });
    const set: Partial<typeof customers.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) set.name = input.name;
    if (input.email !== undefined) set.email = input.email;
    if (input.kind !== undefined) set.kind = input.kind;
    if (input.trn !== undefined) set.trn = input.trn;
    if (input.paymentTermsDays !== undefined) set.paymentTermsDays = input.paymentTermsDays;
    if (input.creditLimit !== undefined) set.creditLimit = input.creditLimit;
    if (input.currency !== undefined) set.currency = input.currency;
    if (input.address !== undefined) Object.assign(set, { addressLine1: input.address.line1, city: input.address.city, emirate: input.address.emirate ?? null, country: input.address.country });
    const [row] = await tx.update(customers).set(set).where(eq(customers.id, id)).returning();
    const changed = Object.keys(set).filter((k) => k !== 'updatedAt');
    await recordAudit(tx, {
      actorId: userId,
      action: 'receivables.customer.update',
      entityType: 'customer',
      entityId: id,
      summary: `Updated customer ${row!.name}: ${changed.join(', ') || 'no changes'}`,
      details: { before: customerJson(before), changed },
    });
    return customerJson(row!, await customerFigures(tx, id));
  });
}

export async function getCustomer(db: Db, id: string): Promise<CustomerJson> {
  const row = await customerOr404(db, id);
  return customerJson(row, await customerFigures(db, id));
}

type ListRow = Record<string, unknown> & { open: string; overdue: string };

const FROM = (today: string) => sql`customers c left join (
    select customer_id, sum(open_aed) as open, sum(open_aed) filter (where due_date < ${today}::date) as overdue
      from invoices where status in ('issued', 'partially_paid') group by customer_id) b on b.customer_id = c.id`;
const SELECT = (today: string) =>
  sql`select c.id, c.name, c.email, c.kind, c.trn, c.address_line1 as "addressLine1", c.city, c.emirate, c.country, c.payment_terms_days as "paymentTermsDays",
      c.credit_limit::text as "creditLimit", c.currency, c.credit_balance::text as "creditBalance", c.created_by as "createdBy", c.created_at as "createdAt", c.updated_at as "updatedAt",
      coalesce(b.open, 0)::text as open, coalesce(b.overdue, 0)::text as overdue from ${FROM(today)}`;
const SORT = { createdAt: sql`c.created_at`, name: sql`lower(c.name)`, openBalance: sql`coalesce(b.open, 0)` };

function where(query: Partial<CustomersListQuery>): SQL {
  return allOf(searchWhere(query.q, [sql`c.name`, sql`c.email`, sql`c.trn`, sql`c.city`]), query.kind && sql`c.kind = ${query.kind}`) ?? sql`true`;
}

const toRow = (r: ListRow): CustomerRow => ({
  ...(r as unknown as CustomerRow),
  creditLimit: r.creditLimit === null || r.creditLimit === undefined ? null : BigInt(r.creditLimit as string),
  creditBalance: BigInt(r.creditBalance as string),
  createdAt: new Date(r.createdAt as string),
  updatedAt: new Date(r.updatedAt as string),
  paymentTermsDays: Number(r.paymentTermsDays),
});

const page = (db: Db, query: CustomersListQuery, limit: number, offset: number, today: string) =>
  sqlRows<ListRow>(db, sql`${SELECT(today)} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`c.id`)} limit ${limit} offset ${offset}`);

export async function listCustomers(db: Db, query: CustomersListQuery): Promise<{ items: CustomerJson[]; total: number }> {
  const today = todayInDubai();
  const [rows, [t]] = await Promise.all([page(db, query, query.limit, query.offset, today), sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM(today)} where ${where(query)}`)]);
  return { items: rows.map((r) => customerJson(toRow(r), { open: BigInt(r.open), overdue: BigInt(r.overdue) })), total: Number(t?.n ?? 0) };
}

export const CUSTOMERS_CSV_HEADER = ['Customer', 'Email', 'Kind', 'TRN', 'City', 'Emirate', 'Payment terms (days)', 'Credit limit (AED)', 'Currency', 'Open (AED)', 'Overdue (AED)', 'Credit (AED)', 'Added'] as const;

export async function* customerCsvRows(db: Db, query: CustomersListQuery): AsyncGenerator<CsvCell[]> {
  const today = todayInDubai();
  const dec = (s: string | null) => (s === null ? '' : minorToDecimalString(BigInt(s)));
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset, today))) {
    const c = customerJson(toRow(r), { open: BigInt(r.open), overdue: BigInt(r.overdue) });
    yield [c.name, c.email, c.kind, c.trn, c.address.city, c.address.emirate, c.paymentTermsDays, dec(c.creditLimit), c.currency, dec(c.openBalance), dec(c.overdue), dec(c.credit), c.createdAt];
  }
}
