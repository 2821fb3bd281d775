/**
 * Every property for administrators (GET /api/admin/properties and /export) on the one list contract:
 * search, filters, sort and paging in SQL, every status, and the CSV of the whole filtered set.
 */
import { eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import { minorToDecimalString } from '../platform/contract';
import { parseSort } from '../platform/list';
import type { AdminPropertiesParams, AdminPropertyList, AdminPropertyListItem, AdminPropertySortField } from './admin-list-contract';
import { unitsToShareString } from './contract';
import { properties, type Property } from './schema';
import { cardJson, coversFor } from './service';

/** Funding first, then coming soon, funded, exited, drafts, closed. */
const STATUS_RANK = sql`case ${properties.status} when 'funding' then 0 when 'coming_soon' then 1 when 'funded' then 2 when 'exited' then 3 when 'draft' then 4 else 5 end`;

const SORT: Record<AdminPropertySortField, SQL | typeof properties.createdAt> = {
  createdAt: properties.createdAt,
  publishedAt: sql`${properties.publishedAt}`,
  reference: sql`${properties.reference}`,
  title: sql`lower(${properties.title})`,
  city: sql`lower(${properties.city})`,
  status: STATUS_RANK,
  netYield: sql`${properties.netYieldBps}`,
  valuation: sql`${properties.valuation}`,
  funded: sql`${properties.sharesSold} * 10000 / ${properties.totalShares}`,
  deadline: sql`${properties.fundingDeadline}`,
};
/** Columns that may be empty: the empty ones come last whichever way the list is sorted. */
const NULLABLE: Partial<Record<AdminPropertySortField, SQL>> = { publishedAt: sql`${properties.publishedAt} is null`, deadline: sql`${properties.fundingDeadline} is null` };

/** What a person types: title, reference (MZ-DXB-001), community, city, slug. */
const where = (q: AdminPropertiesParams): SQL | undefined =>
  allOf(
    searchWhere(q.q, [properties.title, properties.reference, properties.community, properties.city, properties.slug]),
    q.status && eq(properties.status, q.status),
    q.city && sql`lower(${properties.city}) = ${q.city.toLowerCase()}`,
    q.community && sql`lower(${properties.community}) = ${q.community.toLowerCase()}`,
    q.type && eq(properties.propertyType, q.type),
    q.minYieldBps !== undefined && gte(properties.netYieldBps, q.minYieldBps),
    q.minValue && gte(properties.valuation, BigInt(q.minValue)),
    q.maxValue && lte(properties.valuation, BigInt(q.maxValue)),
  );

const page = (db: Db, q: AdminPropertiesParams, limit: number, offset: number): Promise<Property[]> => {
  const nulls = NULLABLE[parseSort(q.sort).field];
  return db
    .select()
    .from(properties)
    .where(where(q))
    .orderBy(...(nulls ? [nulls] : []), ...orderBy(q.sort, SORT, properties.id))
    .limit(limit)
    .offset(offset);
};

/** GET /api/admin/properties: a page of the catalogue in every status, with each card's cover photo. */
export async function listAdminProperties(db: Db, q: AdminPropertiesParams): Promise<AdminPropertyList> {
  const result = await listPage(
    page(db, q, q.limit, q.offset).then(async (rows) => {
      const covers = await coversFor(db, rows.map((p) => p.id));
      return rows.map((p): AdminPropertyListItem => ({ ...cardJson(p, covers.get(p.id) ?? null), createdAt: p.createdAt.toISOString() }));
    }),
    db.select({ n: countAll }).from(properties).where(where(q)).then(([r]) => r?.n ?? 0),
  );
  return { ...result, limit: q.limit, offset: q.offset };
}

export const PROPERTIES_CSV_HEADER = [
  'Reference', 'Title', 'Status', 'Type', 'Community', 'City', 'Bedrooms', 'Size (sq ft)', 'Share price (AED)', 'Shares', 'Shares sold', 'Funded (%)',
  'Funding target (AED)', 'Valuation (AED)', 'Gross yield (%)', 'Net yield (%)', 'Funding deadline', 'Published (UTC)', 'Created (UTC)',
];

/** Basis points as a percentage with two decimals (1234 → "12.34"), in integers. */
const percent = (bps: number) => minorToDecimalString(BigInt(bps));

/** Every property of the same query, as CSV rows. */
export async function* propertyCsvRows(db: Db, q: AdminPropertiesParams): AsyncGenerator<CsvCell[]> {
  for await (const p of allRows((limit, offset) => page(db, q, limit, offset))) {
    const card = cardJson(p, null);
    yield [
      p.reference, p.title, p.status, p.propertyType, p.community, p.city, p.bedrooms, p.sizeSqft, minorToDecimalString(p.sharePrice), unitsToShareString(p.totalShares), unitsToShareString(p.sharesSold), percent(card.fundedBps),
      minorToDecimalString(p.fundingTarget), minorToDecimalString(p.valuation), percent(p.grossYieldBps), percent(p.netYieldBps), p.fundingDeadline, p.publishedAt, p.createdAt,
    ];
  }
}
