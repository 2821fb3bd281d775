/** Small helpers every purchasing use case shares: document numbers, line amounts, reference checks. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { sqlRows } from '@api/list';
import { divideHalfEven } from '@modules/platform/money';
import { vatFor, type TaxCode } from '@modules/tax';
import { QTY_SCALE, purchasingErrorCodes as codes, purchasingMessages as msg } from './contract';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string | null | undefined): s is string => typeof s === 'string' && UUID.test(s);

export const rows = <T>(db: Db, query: SQL) => sqlRows<T>(db, query);
export const str = (v: unknown): string => (v === null || v === undefined ? '0' : String(v));
export const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
export const dayOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : day(v));
export const instant = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const instantOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : instant(v));

export type DocumentKind = 'PR' | 'PO' | 'GRN' | 'BILL' | 'DN' | 'PAY' | 'PB';

/**
 * The next number of a kind of document in the year of `date`: PO-2026-0001. The counter row is created
 * if missing and locked FOR UPDATE, so two transactions never take the same number and a rolled-back one
 * leaves no gap.
 */
export async function nextNumber(tx: Db, kind: DocumentKind, date: string): Promise<string> {
  const year = Number(date.slice(0, 4));
  await tx.execute(sql`insert into purchasing_counters (kind, year, last) values (${kind}, ${year}, 0) on conflict do nothing`);
  const [row] = await rows<{ last: number }>(tx, sql`select last from purchasing_counters where kind = ${kind} and year = ${year} for update`);
  const next = Number(row?.last ?? 0) + 1;
  await tx.execute(sql`update purchasing_counters set last = ${next} where kind = ${kind} and year = ${year}`);
  return `${kind}-${year}-${String(next).padStart(4, '0')}`;
}

/** quantity (thousandths) × unit price, rounded half-even once. */
export const lineNet = (quantity: bigint, unitPrice: bigint) => divideHalfEven(quantity * unitPrice, QTY_SCALE);
export const lineAmounts = (quantity: bigint, unitPrice: bigint, taxCode: TaxCode) => {
  const net = lineNet(quantity, unitPrice);
  return { net, vat: vatFor(net, taxCode) };
};

/** 422 unless `code` is an active expense posting account. */
export async function assertExpenseAccount(db: Db, code: string): Promise<string> {
  const [row] = await rows<{ name: string }>(
    db,
    sql`select name from ledger_accounts where code = ${code} and type = 'expense' and not is_group and archived_at is null`,
  );
  if (!row) throw new AppError(422, codes.accountNotExpense, msg.accountNotExpense(code));
  return row.name;
}

/** 422 unless the cost center is active and the property reference exists. */
export async function assertDimensions(db: Db, d: { costCenter?: string | null; property?: string | null }): Promise<void> {
  if (d.costCenter) {
    const [cc] = await rows<{ id: string }>(db, sql`select id from ledger_cost_centers where code = ${d.costCenter} and archived_at is null`);
    if (!cc) throw new AppError(422, codes.dimensionUnknown, msg.costCenterUnknown(d.costCenter));
  }
  if (d.property) {
    const [p] = await rows<{ id: string }>(db, sql`select id from properties where reference = ${d.property}`);
    if (!p) throw new AppError(422, codes.dimensionUnknown, msg.propertyUnknown(d.property));
  }
}

export const invalidState = (message: string) => new AppError(409, codes.invalidState, message);
