/** The catalogue listing: search, filters and sort in SQL, card covers, locations and the sitemap. */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { PUBLIC_STATUSES, type ListQuery, type PropertyListJson, type PropertyPhotoJson } from './contract';
import { properties, propertyPhotos } from './schema';
import { cardJson, photoJson } from './property-detail';

const STATUS_RANK = sql`case ${properties.status} when 'funding' then 0 when 'coming_soon' then 1 when 'funded' then 2 when 'exited' then 3 when 'draft' then 4 else 5 end`;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(q: ListQuery, opts: { publicOnly: boolean }): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (opts.publicOnly) where.push(inArray(properties.status, [...PUBLIC_STATUSES]));
  if (q.status) where.push(eq(properties.status, q.status));
  if (q.city) where.push(sql`lower(${properties.city}) = ${q.city.toLowerCase()}`);
  if (q.community) where.push(sql`lower(${properties.community}) = ${q.community.toLowerCase()}`);
  if (q.type) where.push(eq(properties.propertyType, q.type));
  if (q.minYieldBps !== undefined) where.push(gte(properties.netYieldBps, q.minYieldBps));
  if (q.minValue) where.push(gte(properties.valuation, BigInt(q.minValue)));
  if (q.maxValue) where.push(lte(properties.valuation, BigInt(q.maxValue)));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    where.push(
      or(
        ilike(properties.title, like),
        ilike(properties.community, like),
        ilike(properties.city, like),
        ilike(properties.summary, like),
        ilike(properties.reference, like),
      ),
    );
  }
  const parts = where.filter(Boolean) as SQL[];
  return parts.length ? and(...parts) : undefined;
}

function listOrder(sort: ListQuery['sort']): SQL[] {
  switch (sort) {
    case 'newest':
      return [sql`${properties.publishedAt} desc nulls last`, desc(properties.createdAt), asc(properties.reference)];
    case 'yield':
      return [desc(properties.netYieldBps), asc(properties.reference)];
    case 'value_asc':
      return [asc(properties.valuation), asc(properties.reference)];
    case 'value_desc':
      return [desc(properties.valuation), asc(properties.reference)];
    case 'funded':
      return [sql`${properties.sharesSold} * 10000 / ${properties.totalShares} desc`, asc(properties.reference)];
    case 'deadline':
      return [sql`${properties.fundingDeadline} asc nulls last`, asc(properties.reference)];
    default:
      return [STATUS_RANK, sql`${properties.publishedAt} desc nulls last`, asc(properties.reference)];
  }
}

export async function coversFor(db: Db, ids: string[]): Promise<Map<string, PropertyPhotoJson>> {
  const out = new Map<string, PropertyPhotoJson>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectDistinctOn([propertyPhotos.propertyId], {
      id: propertyPhotos.id,
      propertyId: propertyPhotos.propertyId,
      url: propertyPhotos.url,
      alt: propertyPhotos.alt,
      position: propertyPhotos.position,
    })
    .from(propertyPhotos)
    .where(inArray(propertyPhotos.propertyId, ids))
    .orderBy(propertyPhotos.propertyId, asc(propertyPhotos.position), asc(propertyPhotos.createdAt));
  for (const r of rows) out.set(r.propertyId, photoJson(r));
  return out;
}

/** A page of the catalogue. Public: published statuses only. */
export async function listProperties(db: Db, q: ListQuery, opts: { publicOnly: boolean }): Promise<PropertyListJson> {
  const pageSize = q.pageSize ?? 12;
  const page = q.page ?? 1;
  const where = listWhere(q, opts);
  const rows = await db
    .select({ p: properties, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(properties)
    .where(where)
    .orderBy(...listOrder(q.sort))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [{ n }] = await db.select({ n: count() }).from(properties).where(where);
    total = n;
  }
  const covers = await coversFor(db, rows.map((r) => r.p.id));
  return {
    items: rows.map((r) => cardJson(r.p, covers.get(r.p.id) ?? null)),
    total,
    page,
    pageSize,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Cities and communities with published properties, for the location filter. */
export async function listLocations(db: Db): Promise<{ city: string; community: string; count: number }[]> {
  return db
    .select({ city: properties.city, community: properties.community, count: sql<number>`count(*)`.mapWith(Number) })
    .from(properties)
    .where(inArray(properties.status, [...PUBLIC_STATUSES]))
    .groupBy(properties.city, properties.community)
    .orderBy(asc(properties.city), asc(properties.community));
}

/** Published properties for the sitemap. */
export async function listSitemapEntries(db: Db): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await db
    .select({ slug: properties.slug, updatedAt: properties.updatedAt })
    .from(properties)
    .where(inArray(properties.status, [...PUBLIC_STATUSES]))
    .orderBy(asc(properties.reference));
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }));
}
