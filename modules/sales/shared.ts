/** What the sales use cases share: SQL rows, gapless numbering, the customer and price lookups and line building. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { sqlRows } from '@api/list';
import { vatFor, type TaxCode } from '@modules/tax/contract';
import { isUuid, lineTotals, salesErrorCodes as codes, salesMessages as msg, type DocumentLineInput, type ProductKind } from './contract';

export const rows = <T>(db: Db, query: SQL) => sqlRows<T>(db, query);
export const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
export const instant = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(v as string));

export type Series = 'QT' | 'SO' | 'DN';

/** The next number of a year's series (QT-2026-0001), under a row lock on the series: no gaps, no duplicates. */
export async function nextNumber(tx: Db, prefix: Series, date: string): Promise<string> {
  const series = `${prefix}-${date.slice(0, 4)}`;
  await tx.execute(sql`insert into sales_number_series (series, last_number) values (${series}, 0) on conflict (series) do nothing`);
  const [row] = await rows<{ last_number: number }>(tx, sql`select last_number from sales_number_series where series = ${series} for update`);
  const next = Number(row!.last_number) + 1;
  await tx.execute(sql`update sales_number_series set last_number = ${next} where series = ${series}`);
  return `${series}-${String(next).padStart(4, '0')}`;
}

export type CustomerRow = { id: string; name: string; email: string; payment_terms_days: number };

/** A customer named in a body: 422 when there is none (it is not the addressed resource). */
export async function referencedCustomer(db: Db, id: string): Promise<CustomerRow> {
  const [c] = isUuid(id) ? await rows<CustomerRow>(db, sql`select id, name, email, payment_terms_days from customers where id = ${id}`) : [];
  if (!c) throw new AppError(422, 'sales_customer_unknown', 'There is no customer with that id.');
  return c;
}

export type ProductRow = { id: string; code: string; name: string; kind: ProductKind; unit: string; default_price: string; income_account: string; tax_code: TaxCode; item_id: string | null; active: boolean };

/** The price list to price a document from: must exist and be active on the date. */
export async function usablePriceList(db: Db, id: string | null | undefined, date: string): Promise<string | null> {
  if (!id) return null;
  const [pl] = await rows<{ id: string; ok: boolean }>(
    db,
    sql`select id, (active and valid_from <= ${date} and (valid_to is null or valid_to >= ${date})) as ok from sales_price_lists where id = ${id}`,
  );
  if (!pl) throw new AppError(422, codes.invalidLine, msg.priceListNotFound);
  if (!pl.ok) throw new AppError(422, codes.invalidLine, msg.priceListInactive);
  return pl.id;
}

export type BuiltLine = { lineNo: number; productId: string; description: string; quantity: bigint; unitPrice: bigint; discount: bigint; net: bigint; taxCode: TaxCode; vat: bigint; incomeAccount: string };

/** Document lines priced and checked: the price list's price (else the product's), overridable per line. */
export async function buildLines(db: Db, lines: DocumentLineInput[], priceListId: string | null): Promise<BuiltLine[]> {
  const ids = [...new Set(lines.map((l) => l.productId.toLowerCase()))];
  const products = await rows<ProductRow & { list_price: string | null }>(
    db,
    sql`select p.id, p.code, p.name, p.kind, p.unit, p.default_price::text, p.income_account, p.tax_code, p.item_id, p.active,
               ${priceListId ? sql`(select unit_price::text from sales_prices sp where sp.price_list_id = ${priceListId} and sp.product_id = p.id)` : sql`null`} as list_price
          from sales_products p where p.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
  );
  const byId = new Map(products.map((p) => [p.id.toLowerCase(), p]));
  return lines.map((l, i) => {
    const p = byId.get(l.productId.toLowerCase());
    if (!p || !p.active) throw new AppError(422, codes.productNotFound, msg.productRef(l.productId));
    const unitPrice = l.unitPrice ?? BigInt(p.list_price ?? p.default_price);
    const discount = l.discount ?? 0n;
    const taxCode = l.taxCode ?? p.tax_code;
    const terms = { quantity: l.quantity, unitPrice, discount, taxCode };
    const { net } = lineTotals(terms);
    if (net < 0n) throw new AppError(422, codes.invalidLine, msg.discount(i + 1));
    return { lineNo: i + 1, productId: p.id, description: l.description || p.name, quantity: l.quantity, unitPrice, discount, net, taxCode, vat: vatFor(net, taxCode), incomeAccount: p.income_account };
  });
}

export const totalsOf = (lines: { net: bigint; vat: bigint }[]) => {
  const net = lines.reduce((s, l) => s + l.net, 0n);
  const vat = lines.reduce((s, l) => s + l.vat, 0n);
  return { net, vat, total: net + vat };
};

export const notFoundQuotation = () => notFound(msg.quotationNotFound, codes.quotationNotFound);
export const notFoundOrder = () => notFound(msg.orderNotFound, codes.orderNotFound);
