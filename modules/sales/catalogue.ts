/** The sales catalogue: products (services and stock items) and price lists with a price per product. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import {
  isUuid,
  productKindLabels,
  salesErrorCodes as codes,
  salesMessages as msg,
  type CreatePriceListInput,
  type CreateProductInput,
  type PriceListDetailJson,
  type PriceListJson,
  type priceListsQuery,
  type ProductJson,
  type productsListQuery,
  type UpdateProductInput,
} from './contract';
import { instant, rows, type ProductRow } from './shared';

type ProductsQuery = z.output<typeof productsListQuery>;
type Row = ProductRow & { item_sku: string | null; created_at: string | Date };

const PRODUCT_SELECT = sql`select p.id, p.code, p.name, p.kind, p.unit, p.default_price::text, p.income_account, p.tax_code, p.item_id, p.active, p.created_at, i.sku as item_sku
  from sales_products p left join inventory_items i on i.id = p.item_id`;

const productJson = (r: Row): ProductJson => ({
  id: r.id,
  code: r.code,
  name: r.name,
  kind: r.kind,
  unit: r.unit as ProductJson['unit'],
  defaultPrice: r.default_price,
  incomeAccount: r.income_account,
  taxCode: r.tax_code,
  itemId: r.item_id,
  itemSku: r.item_sku,
  active: !!r.active,
  createdAt: instant(r.created_at)!,
});

export async function getProduct(db: Db, id: string): Promise<ProductJson> {
  const [row] = isUuid(id) ? await rows<Row>(db, sql`${PRODUCT_SELECT} where p.id = ${id}`) : [];
  if (!row) throw notFound(msg.productNotFound, codes.productNotFound);
  return productJson(row);
}

/** Income accounts a product may post to: an active income posting account outside the fee group 4100–4199. */
async function assertIncome(db: Db, code: string) {
  const [ok] = await rows<{ code: string }>(db, sql`select code from ledger_accounts where code = ${code} and type = 'income' and not is_group and archived_at is null`);
  if (!ok || (code >= '4100' && code <= '4199')) throw new AppError(422, codes.invalidLine, msg.notIncome(code));
}

async function assertCodeFree(db: Db, code: string) {
  const [taken] = await rows<{ id: string }>(db, sql`select id from sales_products where lower(code) = lower(${code})`);
  if (taken) throw new AppError(409, codes.duplicateCode, msg.duplicateCode(code));
}

export async function createProduct(db: Db, userId: string | null, input: CreateProductInput): Promise<ProductJson> {
  const id = await db.transaction(async (tx) => {
    await assertIncome(tx, input.incomeAccount);
    await assertCodeFree(tx, input.code);
    if (input.itemId) {
      const [item] = await rows<{ id: string }>(tx, sql`select id from inventory_items where id = ${input.itemId}`);
      if (!item) throw new AppError(422, codes.invalidLine, msg.itemNotFound);
    }
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into sales_products (code, name, kind, unit, default_price, income_account, tax_code, item_id, active, created_by)
          values (${input.code}, ${input.name}, ${input.kind}, ${input.unit}, ${input.defaultPrice}, ${input.incomeAccount}, ${input.taxCode}, ${input.itemId}, ${input.active}, ${userId})
          on conflict do nothing returning id`,
    );
    if (!row) throw new AppError(409, codes.duplicateCode, msg.duplicateCode(input.code));
    await recordAudit(tx, { actorId: userId, action: 'sales.product.create', entityType: 'sales_product', entityId: row.id, summary: `Product ${input.code} ${input.name} added to the sales catalogue` });
    return row.id;
  });
  return getProduct(db, id);
}

export async function updateProduct(db: Db, userId: string, id: string, input: UpdateProductInput): Promise<ProductJson> {
  const current = await getProduct(db, id);
  await db.transaction(async (tx) => {
    if (input.incomeAccount !== undefined) await assertIncome(tx, input.incomeAccount);
    const set: SQL[] = [];
    if (input.name !== undefined) set.push(sql`name = ${input.name}`);
    if (input.unit !== undefined) set.push(sql`unit = ${input.unit}`);
    if (input.defaultPrice !== undefined) set.push(sql`default_price = ${input.defaultPrice}`);
    if (input.incomeAccount !== undefined) set.push(sql`income_account = ${input.incomeAccount}`);
    if (input.taxCode !== undefined) set.push(sql`tax_code = ${input.taxCode}`);
    if (input.active !== undefined) set.push(sql`active = ${input.active}`);
    await tx.execute(sql`update sales_products set ${sql.join(set, sql`, `)} where id = ${current.id}`);
    await recordAudit(tx, { actorId: userId, action: 'sales.product.update', entityType: 'sales_product', entityId: current.id, summary: `Product ${current.code} changed: ${Object.keys(input).join(', ')}` });
  });
  return getProduct(db, id);
}

const productWhere = (query: Partial<ProductsQuery>): SQL =>
  allOf(searchWhere(query.q, [sql`p.code`, sql`p.name`, sql`i.sku`]), query.kind && sql`p.kind = ${query.kind}`, query.active && sql`p.active = ${query.active === 'true'}`) ?? sql`true`;
const PRODUCT_SORT = { code: sql`p.code`, name: sql`p.name`, defaultPrice: sql`p.default_price`, createdAt: sql`p.created_at` };
const productPage = (db: Db, query: ProductsQuery, limit: number, offset: number) =>
  rows<Row>(db, sql`${PRODUCT_SELECT} where ${productWhere(query)} order by ${orderSql(query.sort, PRODUCT_SORT, sql`p.id`)} limit ${limit} offset ${offset}`);

export async function listProducts(db: Db, query: ProductsQuery) {
  const [items, [t]] = await Promise.all([
    productPage(db, query, query.limit, query.offset),
    rows<{ n: number }>(db, sql`select count(*)::int as n from sales_products p left join inventory_items i on i.id = p.item_id where ${productWhere(query)}`),
  ]);
  return { items: items.map(productJson), total: Number(t?.n ?? 0) };
}

export const PRODUCTS_CSV_HEADER = ['Code', 'Name', 'Kind', 'Unit', 'Default price (fils)', 'Income account', 'Tax code', 'Inventory SKU', 'Active'] as const;
export async function* productCsvRows(db: Db, query: ProductsQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => productPage(db, query, limit, offset))) {
    const p = productJson(r);
    yield [p.code, p.name, productKindLabels[p.kind], p.unit, p.defaultPrice, p.incomeAccount, p.taxCode, p.itemSku, p.active ? 'yes' : 'no'];
  }
}

// ── Price lists ──────────────────────────────────────────────────────────────────────────────────

type ListRow = { id: string; name: string; currency: 'AED'; valid_from: string; valid_to: string | null; active: boolean; products: number; created_at: string | Date };
const LIST_SELECT = sql`select l.id, l.name, l.currency, l.valid_from::text, l.valid_to::text, l.active, l.created_at,
  (select count(*)::int from sales_prices sp where sp.price_list_id = l.id) as products from sales_price_lists l`;
const priceListJson = (r: ListRow): PriceListJson => ({
  id: r.id,
  name: r.name,
  currency: r.currency,
  validFrom: r.valid_from.slice(0, 10),
  validTo: r.valid_to ? r.valid_to.slice(0, 10) : null,
  active: !!r.active,
  products: Number(r.products),
  createdAt: instant(r.created_at)!,
});

export async function getPriceList(db: Db, id: string): Promise<PriceListDetailJson> {
  const [row] = isUuid(id) ? await rows<ListRow>(db, sql`${LIST_SELECT} where l.id = ${id}`) : [];
  if (!row) throw notFound(msg.priceListNotFound, codes.priceListNotFound);
  const prices = await rows<{ product_id: string; code: string; name: string; unit_price: string }>(
    db,
    sql`select sp.product_id, p.code, p.name, sp.unit_price::text from sales_prices sp join sales_products p on p.id = sp.product_id where sp.price_list_id = ${id} order by p.code`,
  );
  return { ...priceListJson(row), prices: prices.map((p) => ({ productId: p.product_id, code: p.code, name: p.name, unitPrice: p.unit_price })) };
}

async function writePrices(tx: Db, listId: string, prices: { productId: string; unitPrice: bigint }[]) {
  await tx.execute(sql`delete from sales_prices where price_list_id = ${listId}`);
  if (!prices.length) return;
  const found = await rows<{ id: string }>(tx, sql`select id from sales_products where id in (${sql.join(prices.map((p) => sql`${p.productId}`), sql`, `)})`);
  const known = new Set(found.map((f) => f.id.toLowerCase()));
  const missing = prices.find((p) => !known.has(p.productId.toLowerCase()));
  if (missing) throw new AppError(422, codes.invalidLine, msg.productRef(missing.productId));
  await tx.execute(sql`insert into sales_prices (price_list_id, product_id, unit_price) values ${sql.join(prices.map((p) => sql`(${listId}, ${p.productId}, ${p.unitPrice})`), sql`, `)}`);
}

export async function createPriceList(db: Db, userId: string | null, input: CreatePriceListInput): Promise<PriceListDetailJson> {
  const id = await db.transaction(async (tx) => {
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into sales_price_lists (name, currency, valid_from, valid_to, active, created_by) values (${input.name}, 'AED', ${input.validFrom}, ${input.validTo}, ${input.active}, ${userId}) returning id`,
    );
    await writePrices(tx, row!.id, input.prices);
    await recordAudit(tx, { actorId: userId, action: 'sales.price_list.create', entityType: 'sales_price_list', entityId: row!.id, summary: `Price list ${input.name} with ${input.prices.length} prices` });
    return row!.id;
  });
  return getPriceList(db, id);
}

export async function setPrices(db: Db, userId: string, id: string, prices: { productId: string; unitPrice: bigint }[]): Promise<PriceListDetailJson> {
  const current = await getPriceList(db, id);
  await db.transaction(async (tx) => {
    await writePrices(tx, current.id, prices);
    await recordAudit(tx, { actorId: userId, action: 'sales.price_list.prices', entityType: 'sales_price_list', entityId: current.id, summary: `Prices of ${current.name} set: ${prices.length} products` });
  });
  return getPriceList(db, id);
}

export async function listPriceLists(db: Db, query: z.output<typeof priceListsQuery>) {
  const where = searchWhere(query.q, [sql`l.name`]) ?? sql`true`;
  const sort = { name: sql`l.name`, validFrom: sql`l.valid_from`, createdAt: sql`l.created_at` };
  const [items, [t]] = await Promise.all([
    rows<ListRow>(db, sql`${LIST_SELECT} where ${where} order by ${orderSql(query.sort, sort, sql`l.id`)} limit ${query.limit} offset ${query.offset}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from sales_price_lists l where ${where}`),
  ]);
  return { items: items.map(priceListJson), total: Number(t?.n ?? 0) };
}
