/**
 * The property catalogue: public list and detail (published statuses only), the admin's create, edit
 * and status actions, photos and documents, valuation and rent history, and market index figures.
 * Every admin write records itself in the audit log inside its own transaction.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, conflict, notFound, unprocessable } from '@api/errors';
import { recordAudit } from '../audit';
import {
  CITY_CODES,
  fundedBps,
  fundingTargetOf,
  isPublicStatus,
  MARKET_SERIES,
  PROPERTY_ACTIONS,
  propertyMessages,
  propertyYields,
  PUBLIC_STATUSES,
  slugify,
  STATUS_LABELS,
  type DocumentKind,
  type ListQuery,
  type marketFigureInput,
  type PropertyAction,
  type PropertyCardJson,
  type PropertyDetailJson,
  type PropertyDocumentJson,
  type PropertyInput,
  type PropertyListJson,
  type PropertyPatch,
  type PropertyPhotoJson,
  type PropertyStatus,
  type PropertyType,
  type rentInput,
  type valuationInput,
} from './contract';
import { todayInDubai } from '../platform/dates';
import { marketIndexFigures, properties, propertyDocuments, propertyPhotos, propertyRents, propertyValuations, type Property } from './schema';
import type { z } from 'zod';

export type Actor = { id: string; ip?: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_PHOTOS = 24;
export const MAX_DOCUMENTS = 30;

// ---------------------------------------------------------------------------------------------
// JSON

const photoJson = (p: { id: string; url: string; alt: string; position: number }): PropertyPhotoJson => ({ id: p.id, url: p.url, alt: p.alt, position: p.position });

export function cardJson(p: Property, cover: PropertyPhotoJson | null): PropertyCardJson {
  const bps = fundedBps(p.sharesSold, p.totalShares);
  return {
    id: p.id,
    reference: p.reference,
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    community: p.community,
    city: p.city,
    propertyType: p.propertyType as PropertyType,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    sizeSqft: p.sizeSqft,
    status: p.status as PropertyStatus,
    sharePrice: p.sharePrice.toString(),
    totalShares: p.totalShares.toString(),
    sharesSold: p.sharesSold.toString(),
    fundedBps: bps,
    fundedPercent: bps / 100,
    fundingTarget: p.fundingTarget.toString(),
    fundingDeadline: p.fundingDeadline,
    valuation: p.valuation.toString(),
    grossYieldBps: p.grossYieldBps,
    netYieldBps: p.netYieldBps,
    projectedAppreciationBps: p.projectedAppreciationBps,
    cover,
    publishedAt: p.publishedAt ? p.publishedAt.toISOString() : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Listing

const STATUS_RANK = sql`case ${properties.status} when 'funding' then 0 when 'coming_soon' then 1 when 'funded' then 2 when 'exited' then 3 when 'draft' then 4 else 5 end`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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

// ---------------------------------------------------------------------------------------------
// Detail

async function findProperty(db: Db, idOrSlug: string): Promise<Property | undefined> {
  const key = idOrSlug.trim();
  if (!key || key.length > 100) return undefined;
  const cond = UUID.test(key) ? eq(properties.id, key.toLowerCase()) : or(eq(properties.slug, key.toLowerCase()), eq(properties.reference, key.toUpperCase()));
  const [row] = await db.select().from(properties).where(cond).limit(1);
  return row;
}

async function detailJson(db: Db, p: Property): Promise<PropertyDetailJson> {
  const [photos, documents, valuations, rents] = await Promise.all([
    db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, p.id)).orderBy(asc(propertyPhotos.position), asc(propertyPhotos.createdAt)),
    db.select().from(propertyDocuments).where(eq(propertyDocuments.propertyId, p.id)).orderBy(asc(propertyDocuments.createdAt)),
    db.select().from(propertyValuations).where(eq(propertyValuations.propertyId, p.id)).orderBy(asc(propertyValuations.valuedOn)),
    db.select().from(propertyRents).where(eq(propertyRents.propertyId, p.id)).orderBy(asc(propertyRents.effectiveOn)),
  ]);
  const y = propertyYields(p);
  const photoList = photos.map(photoJson);
  return {
    ...cardJson(p, photoList[0] ?? null),
    updatedAt: p.updatedAt.toISOString(),
    description: p.description,
    yearBuilt: p.yearBuilt,
    features: p.features,
    purchasePrice: p.purchasePrice.toString(),
    acquisitionCosts: p.acquisitionCosts.toString(),
    valuedOn: p.valuedOn,
    annualRent: p.annualRent.toString(),
    serviceCharges: p.serviceCharges.toString(),
    maintenanceCosts: p.maintenanceCosts.toString(),
    managementFeeBps: p.managementFeeBps,
    occupancyBps: p.occupancyBps,
    holdYears: p.holdYears,
    collectedRent: y.collectedRent.toString(),
    managementFee: y.managementFee.toString(),
    netIncome: y.netIncome.toString(),
    photos: photoList,
    documents: documents.map(
      (d): PropertyDocumentJson => ({ id: d.id, kind: d.kind as DocumentKind, title: d.title, url: d.url, sizeBytes: d.sizeBytes }),
    ),
    valuations: valuations.map((v) => ({ valuedOn: v.valuedOn, valuation: v.valuation.toString(), source: v.source })),
    rents: rents.map((r) => ({ effectiveOn: r.effectiveOn, annualRent: r.annualRent.toString(), occupancyBps: r.occupancyBps })),
  };
}

/** A published property by id, slug or reference; null when unknown or not published. */
export async function getPublicProperty(db: Db, idOrSlug: string): Promise<PropertyDetailJson | null> {
  const p = await findProperty(db, idOrSlug);
  if (!p || !isPublicStatus(p.status)) return null;
  return detailJson(db, p);
}

/** Any property, for administrators. */
export async function getProperty(db: Db, idOrSlug: string): Promise<PropertyDetailJson> {
  const p = await findProperty(db, idOrSlug);
  if (!p) throw notFound(propertyMessages.notFound, 'property_not_found');
  return detailJson(db, p);
}

// ---------------------------------------------------------------------------------------------
// Admin writes

async function nextReference(db: Db, city: string): Promise<string> {
  const code = CITY_CODES[city] ?? 'UAE';
  const prefix = `MZ-${code}-`;
  const rows = await db.select({ reference: properties.reference }).from(properties).where(ilike(properties.reference, `${prefix}%`));
  let max = 0;
  for (const r of rows) {
    const n = Number(r.reference.slice(prefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return `${prefix}${String(max + 1).padStart(3, '0')}`;
}

async function uniqueSlug(db: Db, base: string, exceptId?: string): Promise<string> {
  const root = base || 'property';
  const rows = await db.select({ slug: properties.slug, id: properties.id }).from(properties).where(ilike(properties.slug, `${escapeLike(root)}%`));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(root)) return root;
  for (let i = 2; ; i++) if (!taken.has(`${root}-${i}`)) return `${root}-${i}`;
}

/** Derived columns: funding target and both yields, from the one formula. */
function derived(v: Pick<Property, 'sharePrice' | 'totalShares' | 'valuation' | 'annualRent' | 'occupancyBps' | 'serviceCharges' | 'maintenanceCosts' | 'managementFeeBps'>) {
  const fundingTarget = fundingTargetOf(v.sharePrice, v.totalShares);
  if (fundingTarget === null) throw badRequest(propertyMessages.fundingTargetFils, 'validation_failed', { fields: { totalShares: propertyMessages.fundingTargetFils } });
  const y = propertyYields({ ...v, fundingTarget });
  return { fundingTarget, grossYieldBps: y.grossYieldBps, netYieldBps: y.netYieldBps };
}

const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown; message?: string };
  const inner = (e.cause ?? e) as { code?: string; constraint_name?: string; constraint?: string; message?: string };
  return inner.code === '23505' && (inner.constraint_name === constraint || inner.constraint === constraint || (inner.message ?? '').includes(constraint));
};

export async function createProperty(db: Db, input: PropertyInput, actor: Actor): Promise<PropertyDetailJson> {
  const reference = input.reference ?? (await nextReference(db, input.city));
  const slug = input.slug ?? (await uniqueSlug(db, slugify(input.title)));
  if (input.reference) {
    const [dup] = await db.select({ id: properties.id }).from(properties).where(eq(properties.reference, reference));
    if (dup) throw conflict(propertyMessages.referenceTaken(reference), 'reference_taken');
  }
  if (input.slug) {
    const [dup] = await db.select({ id: properties.id }).from(properties).where(eq(properties.slug, slug));
    if (dup) throw conflict(propertyMessages.slugTaken(slug), 'slug_taken');
  }
  const values = {
    ...input,
    reference,
    slug,
    yearBuilt: input.yearBuilt ?? null,
    fundingDeadline: input.fundingDeadline ?? null,
    valuedOn: input.valuedOn ?? todayInDubai(),
    status: 'draft',
    createdBy: actor.id,
  };
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(properties)
        .values({ ...values, ...derived(values) })
        .returning({ id: properties.id });
      await tx.insert(propertyValuations).values({ propertyId: row.id, valuedOn: values.valuedOn, valuation: input.valuation, source: 'At listing', createdBy: actor.id });
      await tx.insert(propertyRents).values({ propertyId: row.id, effectiveOn: values.valuedOn, annualRent: input.annualRent, occupancyBps: input.occupancyBps, note: 'At listing', createdBy: actor.id });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'property.create',
        entityType: 'property',
        entityId: row.id,
        summary: `Created property ${reference} “${input.title}” as a draft`,
        details: { reference, slug, ...input },
        ip: actor.ip,
      });
      return row.id;
    });
    return getProperty(db, id);
  } catch (err) {
    if (isUniqueViolation(err, 'properties_reference_unique')) throw conflict(propertyMessages.referenceTaken(reference), 'reference_taken');
    if (isUniqueViolation(err, 'properties_slug_unique')) throw conflict(propertyMessages.slugTaken(slug), 'slug_taken');
    throw err;
  }
}

const EDITABLE_WHILE_INVESTED = new Set<keyof PropertyPatch>(['sharePrice', 'totalShares']);

export async function updateProperty(db: Db, id: string, patch: PropertyPatch, actor: Actor): Promise<PropertyDetailJson> {
  const changed = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof PropertyPatch, unknown][];
  if (changed.length === 0) throw badRequest('Send at least one field to change.', 'nothing_to_change');
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!current) throw notFound(propertyMessages.notFound, 'property_not_found');
    const touchesShares = changed.some(([k, v]) => EDITABLE_WHILE_INVESTED.has(k) && String(v) !== String(current[k as 'sharePrice']));
    if (touchesShares && (current.sharesSold > 0n || current.status === 'funded' || current.status === 'exited')) {
      throw conflict(propertyMessages.lockedWhileInvested, 'shares_locked');
    }
    if (patch.reference && patch.reference !== current.reference) {
      const [dup] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.reference, patch.reference));
      if (dup) throw conflict(propertyMessages.referenceTaken(patch.reference), 'reference_taken');
    }
    if (patch.slug && patch.slug !== current.slug) {
      const [dup] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.slug, patch.slug));
      if (dup) throw conflict(propertyMessages.slugTaken(patch.slug), 'slug_taken');
    }
    const next = { ...current, ...Object.fromEntries(changed) } as Property;
    const d = derived(next);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [k, v] of changed) {
      const old = current[k as keyof Property];
      if (JSON.stringify(old, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) !== JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))) {
        before[k] = old;
        after[k] = v;
      }
    }
    await tx
      .update(properties)
      .set({ ...Object.fromEntries(changed), ...d, updatedAt: new Date() })
      .where(eq(properties.id, id));
    // A changed valuation or rent is also a point in its history.
    const today = todayInDubai();
    if ('valuation' in after) {
      await tx
        .insert(propertyValuations)
        .values({ propertyId: id, valuedOn: next.valuedOn ?? today, valuation: next.valuation, source: 'Edited listing', createdBy: actor.id })
        .onConflictDoUpdate({ target: [propertyValuations.propertyId, propertyValuations.valuedOn], set: { valuation: next.valuation } });
    }
    if ('annualRent' in after || 'occupancyBps' in after) {
      await tx
        .insert(propertyRents)
        .values({ propertyId: id, effectiveOn: today, annualRent: next.annualRent, occupancyBps: next.occupancyBps, note: 'Edited listing', createdBy: actor.id })
        .onConflictDoUpdate({ target: [propertyRents.propertyId, propertyRents.effectiveOn], set: { annualRent: next.annualRent, occupancyBps: next.occupancyBps } });
    }
    const fields = Object.keys(after);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'property.update',
      entityType: 'property',
      entityId: id,
      summary: fields.length ? `Edited ${current.reference}: ${fields.join(', ')}` : `Saved ${current.reference} without changes`,
      details: { before, after },
      ip: actor.ip,
    });
  });
  return getProperty(db, id);
}

/** What a property lacks before it can open for funding. */
export function publishGaps(p: Property, photoCount: number, today = todayInDubai()): string[] {
  const missing: string[] = [];
  if (photoCount === 0) missing.push('at least one photo');
  if (!p.description.trim()) missing.push('a description');
  if (!p.summary.trim()) missing.push('a summary');
  if (p.annualRent <= 0n) missing.push('the annual rent');
  if (!p.fundingDeadline) missing.push('a funding deadline');
  else if (p.fundingDeadline <= today) missing.push('a funding deadline after today');
  return missing;
}

export async function applyAction(db: Db, id: string, action: PropertyAction, actor: Actor, opts: { note?: string } = {}): Promise<PropertyDetailJson> {
  const rule = PROPERTY_ACTIONS[action];
  await db.transaction(async (tx) => {
    const [p] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!p) throw notFound(propertyMessages.notFound, 'property_not_found');
    if (!(rule.from as readonly string[]).includes(p.status)) {
      throw conflict(`${STATUS_LABELS[p.status as PropertyStatus]}: this property cannot be moved to “${STATUS_LABELS[rule.to]}”. ${rule.label} works from ${rule.from.map((s) => STATUS_LABELS[s].toLowerCase()).join(' or ')}.`, 'invalid_transition');
    }
    if (action === 'publish') {
      const [{ n }] = await tx.select({ n: count() }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, id));
      const gaps = publishGaps(p, n);
      if (gaps.length) throw unprocessable(propertyMessages.publishNeeds(gaps), 'not_ready_to_publish');
    }
    if (action === 'close' && p.sharesSold > 0n) throw unprocessable(propertyMessages.closeWithInvestors, 'investors_hold_shares');
    if (action === 'funded' && p.sharesSold === 0n) throw unprocessable(propertyMessages.fundedNeedsSales, 'nothing_sold');
    const now = new Date();
    await tx
      .update(properties)
      .set({
        status: rule.to,
        updatedAt: now,
        ...(rule.to === 'funding' || (rule.to === 'coming_soon' && !p.publishedAt) ? { publishedAt: p.publishedAt ?? now } : {}),
        ...(rule.to === 'closed' ? { closedAt: now } : {}),
        ...(action === 'reopen' ? { closedAt: null, publishedAt: null } : {}),
      })
      .where(eq(properties.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: `property.${action}`,
      entityType: 'property',
      entityId: id,
      summary: `${rule.label}: ${p.reference} “${p.title}” (${STATUS_LABELS[p.status as PropertyStatus]} → ${STATUS_LABELS[rule.to]})`,
      details: { from: p.status, to: rule.to, ...(opts.note ? { note: opts.note } : {}) },
      ip: actor.ip,
    });
  });
  return getProperty(db, id);
}

// ---------------------------------------------------------------------------------------------
// Photos and documents (the bytes are stored by modules/files; rows here point at them)

async function requireProperty(tx: Db, id: string): Promise<Property> {
  const [p] = await tx.select().from(properties).where(eq(properties.id, id));
  if (!p) throw notFound(propertyMessages.notFound, 'property_not_found');
  return p;
}

export async function addPhoto(db: Db, id: string, photo: { url: string; fileId: string | null; alt: string }, actor: Actor, tx?: Db): Promise<PropertyPhotoJson> {
  const run = async (t: Db) => {
    const p = await requireProperty(t, id);
    const [{ n, max }] = await t
      .select({ n: count(), max: sql<number | null>`max(${propertyPhotos.position})` })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, id));
    if (n >= MAX_PHOTOS) throw unprocessable(propertyMessages.photoLimit, 'too_many_photos');
    const [row] = await t
      .insert(propertyPhotos)
      .values({ propertyId: id, url: photo.url, fileId: photo.fileId, alt: photo.alt, position: max === null ? 0 : Number(max) + 1, createdBy: actor.id })
      .returning();
    await t.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, id));
    await recordAudit(t, { actorId: actor.id, action: 'property.photo.add', entityType: 'property', entityId: id, summary: `Added a photo to ${p.reference}: “${photo.alt}”`, details: { photoId: row.id, fileId: photo.fileId }, ip: actor.ip });
    return photoJson(row);
  };
  return tx ? run(tx) : db.transaction(run);
}

export async function updatePhoto(db: Db, id: string, photoId: string, change: { alt?: string; position?: number }, actor: Actor): Promise<PropertyPhotoJson[]> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    const photos = await tx.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, id)).orderBy(asc(propertyPhotos.position), asc(propertyPhotos.createdAt));
    const target = photos.find((ph) => ph.id === photoId);
    if (!target) throw notFound('There is no such photo on this property.', 'photo_not_found');
    if (change.alt !== undefined) await tx.update(propertyPhotos).set({ alt: change.alt }).where(eq(propertyPhotos.id, photoId));
    if (change.position !== undefined) {
      const order = photos.filter((ph) => ph.id !== photoId);
      order.splice(Math.max(0, Math.min(change.position, order.length)), 0, target);
      for (const [i, ph] of order.entries()) if (ph.position !== i) await tx.update(propertyPhotos).set({ position: i }).where(eq(propertyPhotos.id, ph.id));
    }
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'property.photo.update',
      entityType: 'property',
      entityId: id,
      summary: change.position !== undefined ? `Moved a photo of ${p.reference} to position ${change.position + 1}` : `Changed a photo description of ${p.reference}`,
      details: { photoId, ...change },
      ip: actor.ip,
    });
  });
  return (await getProperty(db, id)).photos;
}

export async function removePhoto(db: Db, id: string, photoId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    const [gone] = await tx.delete(propertyPhotos).where(and(eq(propertyPhotos.id, photoId), eq(propertyPhotos.propertyId, id))).returning();
    if (!gone) throw notFound('There is no such photo on this property.', 'photo_not_found');
    if (p.status === 'funding' || p.status === 'coming_soon') {
      const [{ n }] = await tx.select({ n: count() }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, id));
      if (n === 0) throw unprocessable('A published property must keep at least one photo. Add another before removing this one.', 'last_photo');
    }
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'property.photo.remove', entityType: 'property', entityId: id, summary: `Removed a photo from ${p.reference}: “${gone.alt}”`, details: { photoId, fileId: gone.fileId }, ip: actor.ip });
  });
}

export async function addDocument(
  db: Db,
  id: string,
  doc: { kind: DocumentKind; title: string; url: string; fileId: string | null; sizeBytes: number | null },
  actor: Actor,
  tx?: Db,
): Promise<PropertyDocumentJson> {
  const run = async (t: Db) => {
    const p = await requireProperty(t, id);
    const [{ n }] = await t.select({ n: count() }).from(propertyDocuments).where(eq(propertyDocuments.propertyId, id));
    if (n >= MAX_DOCUMENTS) throw unprocessable(propertyMessages.documentLimit, 'too_many_documents');
    const [row] = await t.insert(propertyDocuments).values({ propertyId: id, ...doc, createdBy: actor.id }).returning();
    await t.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, id));
    await recordAudit(t, { actorId: actor.id, action: 'property.document.add', entityType: 'property', entityId: id, summary: `Added “${doc.title}” to ${p.reference}`, details: { documentId: row.id, kind: doc.kind, fileId: doc.fileId }, ip: actor.ip });
    return { id: row.id, kind: row.kind as DocumentKind, title: row.title, url: row.url, sizeBytes: row.sizeBytes };
  };
  return tx ? run(tx) : db.transaction(run);
}

export async function removeDocument(db: Db, id: string, documentId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    const [gone] = await tx.delete(propertyDocuments).where(and(eq(propertyDocuments.id, documentId), eq(propertyDocuments.propertyId, id))).returning();
    if (!gone) throw notFound('There is no such document on this property.', 'document_not_found');
    await tx.update(properties).set({ updatedAt: new Date() }).where(eq(properties.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'property.document.remove', entityType: 'property', entityId: id, summary: `Removed “${gone.title}” from ${p.reference}`, details: { documentId, fileId: gone.fileId }, ip: actor.ip });
  });
}

// ---------------------------------------------------------------------------------------------
// Market data: valuations, rents, index figures

export type HistoryJson = {
  property: { id: string; reference: string; title: string; valuation: string; annualRent: string; occupancyBps: number; grossYieldBps: number; netYieldBps: number };
  valuations: { id: string; valuedOn: string; valuation: string; source: string; note: string }[];
  rents: { id: string; effectiveOn: string; annualRent: string; occupancyBps: number; note: string }[];
};

export async function propertyHistory(db: Db, id: string): Promise<HistoryJson> {
  const p = await requireProperty(db, id);
  const [valuations, rents] = await Promise.all([
    db.select().from(propertyValuations).where(eq(propertyValuations.propertyId, id)).orderBy(asc(propertyValuations.valuedOn)),
    db.select().from(propertyRents).where(eq(propertyRents.propertyId, id)).orderBy(asc(propertyRents.effectiveOn)),
  ]);
  return {
    property: { id: p.id, reference: p.reference, title: p.title, valuation: p.valuation.toString(), annualRent: p.annualRent.toString(), occupancyBps: p.occupancyBps, grossYieldBps: p.grossYieldBps, netYieldBps: p.netYieldBps },
    valuations: valuations.map((v) => ({ id: v.id, valuedOn: v.valuedOn, valuation: v.valuation.toString(), source: v.source, note: v.note })),
    rents: rents.map((r) => ({ id: r.id, effectiveOn: r.effectiveOn, annualRent: r.annualRent.toString(), occupancyBps: r.occupancyBps, note: r.note })),
  };
}

/** Re-reads the latest valuation and rent into the property row and recomputes its yields. */
async function refreshLatest(tx: Db, p: Property): Promise<void> {
  const [latestV] = await tx.select().from(propertyValuations).where(eq(propertyValuations.propertyId, p.id)).orderBy(desc(propertyValuations.valuedOn)).limit(1);
  const [latestR] = await tx.select().from(propertyRents).where(eq(propertyRents.propertyId, p.id)).orderBy(desc(propertyRents.effectiveOn)).limit(1);
  const next = {
    ...p,
    valuation: latestV?.valuation ?? p.valuation,
    valuedOn: latestV?.valuedOn ?? p.valuedOn,
    annualRent: latestR?.annualRent ?? p.annualRent,
    occupancyBps: latestR?.occupancyBps ?? p.occupancyBps,
  };
  const d = derived(next);
  await tx
    .update(properties)
    .set({ valuation: next.valuation, valuedOn: next.valuedOn, annualRent: next.annualRent, occupancyBps: next.occupancyBps, grossYieldBps: d.grossYieldBps, netYieldBps: d.netYieldBps, updatedAt: new Date() })
    .where(eq(properties.id, p.id));
}

export async function recordValuation(db: Db, id: string, input: z.output<typeof valuationInput>, actor: Actor): Promise<HistoryJson> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    await tx
      .insert(propertyValuations)
      .values({ propertyId: id, valuedOn: input.valuedOn, valuation: input.valuation, source: input.source, note: input.note, createdBy: actor.id })
      .onConflictDoUpdate({ target: [propertyValuations.propertyId, propertyValuations.valuedOn], set: { valuation: input.valuation, source: input.source, note: input.note, createdBy: actor.id } });
    await refreshLatest(tx, p);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'property.valuation',
      entityType: 'property',
      entityId: id,
      summary: `Recorded a valuation of ${p.reference} on ${input.valuedOn}`,
      details: { ...input, previous: p.valuation },
      ip: actor.ip,
    });
  });
  return propertyHistory(db, id);
}

export async function recordRent(db: Db, id: string, input: z.output<typeof rentInput>, actor: Actor): Promise<HistoryJson> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    await tx
      .insert(propertyRents)
      .values({ propertyId: id, effectiveOn: input.effectiveOn, annualRent: input.annualRent, occupancyBps: input.occupancyBps, note: input.note, createdBy: actor.id })
      .onConflictDoUpdate({ target: [propertyRents.propertyId, propertyRents.effectiveOn], set: { annualRent: input.annualRent, occupancyBps: input.occupancyBps, note: input.note, createdBy: actor.id } });
    await refreshLatest(tx, p);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'property.rent',
      entityType: 'property',
      entityId: id,
      summary: `Recorded rent for ${p.reference} from ${input.effectiveOn}`,
      details: { ...input, previousRent: p.annualRent, previousOccupancyBps: p.occupancyBps },
      ip: actor.ip,
    });
  });
  return propertyHistory(db, id);
}

async function deleteHistoryRow(db: Db, id: string, kind: 'valuation' | 'rent', rowId: string, actor: Actor): Promise<HistoryJson> {
  await db.transaction(async (tx) => {
    const p = await requireProperty(tx, id);
    const table = kind === 'valuation' ? propertyValuations : propertyRents;
    const [{ n }] = await tx.select({ n: count() }).from(table).where(eq(table.propertyId, id));
    if (n <= 1) throw unprocessable(`A property keeps at least one ${kind} record. Record a new one instead.`, `last_${kind}`);
    const [gone] = await tx.delete(table).where(and(eq(table.id, rowId), eq(table.propertyId, id))).returning();
    if (!gone) throw notFound(`There is no such ${kind} record on this property.`, `${kind}_not_found`);
    await refreshLatest(tx, p);
    await recordAudit(tx, { actorId: actor.id, action: `property.${kind}.remove`, entityType: 'property', entityId: id, summary: `Removed a ${kind} record of ${p.reference}`, details: { removed: gone }, ip: actor.ip });
  });
  return propertyHistory(db, id);
}
export const removeValuation = (db: Db, id: string, rowId: string, actor: Actor) => deleteHistoryRow(db, id, 'valuation', rowId, actor);
export const removeRent = (db: Db, id: string, rowId: string, actor: Actor) => deleteHistoryRow(db, id, 'rent', rowId, actor);

export type MarketSeriesJson = { key: string; name: string; region: string; unit: string; figures: { id: string; period: string; value: string; source: string }[] };

export async function listMarketFigures(db: Db): Promise<MarketSeriesJson[]> {
  const rows = await db.select().from(marketIndexFigures).orderBy(asc(marketIndexFigures.series), asc(marketIndexFigures.period));
  return MARKET_SERIES.map((s) => ({
    ...s,
    figures: rows.filter((r) => r.series === s.key).map((r) => ({ id: r.id, period: r.period.slice(0, 7), value: r.value.toString(), source: r.source })),
  }));
}

export async function recordMarketFigure(db: Db, input: z.output<typeof marketFigureInput>, actor: Actor): Promise<MarketSeriesJson[]> {
  const series = MARKET_SERIES.find((s) => s.key === input.series)!;
  await db.transaction(async (tx) => {
    const period = `${input.month}-01`;
    const [previous] = await tx.select().from(marketIndexFigures).where(and(eq(marketIndexFigures.series, input.series), eq(marketIndexFigures.period, period)));
    await tx
      .insert(marketIndexFigures)
      .values({ series: input.series, period, value: input.value, source: input.source, createdBy: actor.id })
      .onConflictDoUpdate({ target: [marketIndexFigures.series, marketIndexFigures.period], set: { value: input.value, source: input.source, createdBy: actor.id } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'market.figure',
      entityType: 'market_index',
      entityId: `${input.series}:${input.month}`,
      summary: `${previous ? 'Corrected' : 'Recorded'} ${series.name} for ${input.month}`,
      details: { ...input, previous: previous?.value ?? null },
      ip: actor.ip,
    });
  });
  return listMarketFigures(db);
}

export async function removeMarketFigure(db: Db, figureId: string, actor: Actor): Promise<MarketSeriesJson[]> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(marketIndexFigures).where(eq(marketIndexFigures.id, figureId)).returning();
    if (!gone) throw notFound('There is no such market figure.', 'figure_not_found');
    const series = MARKET_SERIES.find((s) => s.key === gone.series);
    await recordAudit(tx, { actorId: actor.id, action: 'market.figure.remove', entityType: 'market_index', entityId: `${gone.series}:${gone.period.slice(0, 7)}`, summary: `Removed ${series?.name ?? gone.series} for ${gone.period.slice(0, 7)}`, details: { removed: gone }, ip: actor.ip });
  });
  return listMarketFigures(db);
}

// ---------------------------------------------------------------------------------------------
// Admin overview

export type PropertyStatsJson = {
  byStatus: Record<PropertyStatus, number>;
  /** Sum of latest valuations of properties investors own (funding, funded), fils. */
  portfolioValue: string;
  /** Raised so far across open and funded properties, fils. */
  raised: string;
  /** Mean net yield of funded properties, bps (null when none). */
  averageNetYieldBps: number | null;
};

export async function propertyStats(db: Db): Promise<PropertyStatsJson> {
  const rows = await db
    .select({
      status: properties.status,
      n: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${properties.valuation}), 0)::text`,
      raised: sql<string>`coalesce(sum(${properties.fundingTarget} * ${properties.sharesSold} / ${properties.totalShares}), 0)::text`,
      yieldSum: sql<number>`coalesce(sum(${properties.netYieldBps}), 0)::int`,
    })
    .from(properties)
    .groupBy(properties.status);
  const byStatus = { draft: 0, coming_soon: 0, funding: 0, funded: 0, exited: 0, closed: 0 } as Record<PropertyStatus, number>;
  let value = 0n;
  let raised = 0n;
  let funded = { n: 0, sum: 0 };
  for (const r of rows) {
    byStatus[r.status as PropertyStatus] = r.n;
    if (r.status === 'funding' || r.status === 'funded') {
      value += BigInt(r.value);
      raised += BigInt(r.raised);
    }
    if (r.status === 'funded') funded = { n: r.n, sum: r.yieldSum };
  }
  return { byStatus, portfolioValue: value.toString(), raised: raised.toString(), averageNetYieldBps: funded.n ? Math.round(funded.sum / funded.n) : null };
}
