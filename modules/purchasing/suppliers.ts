/** Suppliers: create, update, one with its open balance, the list (list contract) and its CSV export. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { minorToDecimalString } from '@modules/platform/money';
import { todayInDubai } from '@modules/platform/dates';
import {
  DEFAULT_EXPENSE_ACCOUNT,
  purchasingErrorCodes as codes,
  purchasingMessages as msg,
  supplierCategoryLabels,
  type CreateSupplierInput,
  type SupplierCategory,
  type SupplierDetailJson,
  type SupplierJson,
  type suppliersListQuery,
  type UpdateSupplierInput,
} from './contract';
import type { Emirate } from '@modules/tax';
import { assertExpenseAccount, instant, isUuid, rows, str } from './shared';

export type SuppliersListQuery = z.output<typeof suppliersListQuery>;

type Row = {
  id: string;
  name: string;
  email: string;
  trn: string | null;
  address: string;
  country: string;
  emirate: string | null;
  bank_name: string;
  iban: string | null;
  account_name: string;
  payment_terms_days: number;
  category: string;
  expense_account_code: string;
  open_balance: string;
  open_bills: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const SELECT = sql`select s.id, s.name, s.email, s.trn, s.address, s.country, s.emirate, s.bank_name, s.iban, s.account_name, s.payment_terms_days,
  s.category, s.expense_account_code, coalesce(b.open, 0)::text as open_balance, coalesce(b.n, 0)::int as open_bills, s.created_at, s.updated_at
  from suppliers s left join lateral (select sum(open_amount) as open, count(*) as n from supplier_bills where supplier_id = s.id and open_amount > 0) b on true`;

const toJson = (r: Row): SupplierJson => ({
  id: r.id,
  name: r.name,
  email: r.email,
  trn: r.trn,
  address: r.address,
  country: r.country,
  emirate: (r.emirate as Emirate | null) ?? null,
  bankName: r.bank_name,
  iban: r.iban,
  accountName: r.account_name,
  paymentTermsDays: Number(r.payment_terms_days),
  category: r.category as SupplierCategory,
  expenseAccountCode: r.expense_account_code,
  openBalance: str(r.open_balance),
  openBills: Number(r.open_bills),
  createdAt: instant(r.created_at),
  updatedAt: instant(r.updated_at),
});

export type SupplierRow = { id: string; name: string; email: string; trn: string | null; address: string; emirate: string | null; iban: string | null; account_name: string; payment_terms_days: number; expense_account_code: string };

/** The supplier row other use cases need, or 404. */
export async function supplierRow(db: Db, id: string): Promise<SupplierRow> {
  if (!isUuid(id)) throw notFound(msg.supplierNotFound, codes.supplierNotFound);
  const [row] = await rows<SupplierRow>(db, sql`select id, name, email, trn, address, emirate, iban, account_name, payment_terms_days, expense_account_code from suppliers where id = ${id}`);
  if (!row) throw notFound(msg.supplierNotFound, codes.supplierNotFound);
  return row;
}

export async function getSupplier(db: Db, id: string): Promise<SupplierDetailJson> {
  if (!isUuid(id)) throw notFound(msg.supplierNotFound, codes.supplierNotFound);
  const [row] = await rows<Row>(db, sql`${SELECT} where s.id = ${id}`);
  if (!row) throw notFound(msg.supplierNotFound, codes.supplierNotFound);
  const today = todayInDubai();
  const [extra] = await rows<{ account: string | null; orders: number; overdue: string }>(
    db,
    sql`select (select name from ledger_accounts where code = ${row.expense_account_code}) as account,
               (select count(*)::int from purchase_orders where supplier_id = ${id} and status in ('draft', 'sent', 'partially_received', 'received')) as orders,
               (select coalesce(sum(open_amount), 0)::text from supplier_bills where supplier_id = ${id} and open_amount > 0 and due_date < ${today}) as overdue`,
  );
  return { ...toJson(row), expenseAccountName: extra?.account ?? '', openOrders: Number(extra?.orders ?? 0), overdue: str(extra?.overdue) };
}

export async function createSupplier(db: Db, userId: string, input: CreateSupplierInput): Promise<SupplierDetailJson> {
  const account = input.expenseAccountCode ?? DEFAULT_EXPENSE_ACCOUNT[input.category];
  await assertExpenseAccount(db, account);
  const id = await db.transaction(async (tx) => {
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into suppliers (name, email, trn, address, country, emirate, bank_name, iban, account_name, payment_terms_days, category, expense_account_code, created_by)
          values (${input.name}, ${input.email}, ${input.trn ?? null}, ${input.address}, ${input.country}, ${input.emirate ?? null}, ${input.bankName}, ${input.iban ?? null},
                  ${input.accountName}, ${input.paymentTermsDays}, ${input.category}, ${account}, ${userId}) returning id`,
    );
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.supplier.create',
      entityType: 'supplier',
      entityId: row!.id,
      summary: `Added supplier ${input.name} (${supplierCategoryLabels[input.category]}, ${input.paymentTermsDays} days, posting to ${account})`,
    });
    return row!.id;
  });
  return getSupplier(db, id);
}

const COLUMNS: Record<keyof UpdateSupplierInput, string> = {
  name: 'name',
  email: 'email',
  trn: 'trn',
  address: 'address',
  country: 'country',
  emirate: 'emirate',
  bankName: 'bank_name',
  iban: 'iban',
  accountName: 'account_name',
  paymentTermsDays: 'payment_terms_days',
  category: 'category',
  expenseAccountCode: 'expense_account_code',
};

export async function updateSupplier(db: Db, userId: string, id: string, input: UpdateSupplierInput): Promise<SupplierDetailJson> {
  const before = await getSupplier(db, id);
  if (input.expenseAccountCode) await assertExpenseAccount(db, input.expenseAccountCode);
  const changes = (Object.keys(COLUMNS) as (keyof UpdateSupplierInput)[]).filter((k) => input[k] !== undefined);
  if (changes.length === 0) return before;
  await db.transaction(async (tx) => {
    const sets = changes.map((k) => sql`${sql.raw(COLUMNS[k])} = ${input[k] ?? null}`);
    await tx.execute(sql`update suppliers set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
    const fields = Object.fromEntries(changes.map((k) => [k, { before: before[k as keyof SupplierDetailJson] ?? null, after: input[k] ?? null }]));
    await recordAudit(tx, { actorId: userId, action: 'purchasing.supplier.update', entityType: 'supplier', entityId: id, summary: `Updated supplier ${before.name}: ${changes.join(', ')}`, details: fields });
  });
  return getSupplier(db, id);
}

function where(query: Partial<SuppliersListQuery>): SQL {
  return allOf(searchWhere(query.q, [sql`s.name`, sql`s.email`, sql`s.trn`, sql`s.iban`]), query.category && sql`s.category = ${query.category}`) ?? sql`true`;
}
const SORT = { createdAt: sql`s.created_at`, name: sql`lower(s.name)`, openBalance: sql`coalesce(b.open, 0)` };
const page = (db: Db, query: SuppliersListQuery, limit: number, offset: number) => rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`s.id`)} limit ${limit} offset ${offset}`);

export async function listSuppliers(db: Db, query: SuppliersListQuery): Promise<{ items: SupplierJson[]; total: number }> {
  const [items, [t]] = await Promise.all([page(db, query, query.limit, query.offset), rows<{ n: number }>(db, sql`select count(*)::int as n from suppliers s where ${where(query)}`)]);
  return { items: items.map(toJson), total: Number(t?.n ?? 0) };
}

export const SUPPLIERS_CSV_HEADER = ['Supplier', 'Category', 'E-mail', 'TRN', 'Country', 'IBAN', 'Payment terms (days)', 'Expense account', 'Open balance (AED)', 'Open bills', 'Added'] as const;

export async function* supplierCsvRows(db: Db, query: SuppliersListQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = toJson(r);
    yield [j.name, supplierCategoryLabels[j.category], j.email, j.trn, j.country, j.iban, j.paymentTermsDays, j.expenseAccountCode, minorToDecimalString(BigInt(j.openBalance)), j.openBills, j.createdAt];
  }
}
