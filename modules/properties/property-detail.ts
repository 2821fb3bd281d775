/** A property as the API answers it: the card, the detail (photos, documents, history), found by id, slug or reference. */
import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { fundedBps, isPublicStatus, propertyMessages, propertyYields, type DocumentKind, type PropertyCardJson, type PropertyDetailJson, type PropertyDocumentJson, type PropertyPhotoJson, type PropertyStatus, type PropertyType } from './contract';
import { properties, propertyDocuments, propertyPhotos, propertyRents, propertyValuations, type Property } from './schema';

export type Actor = { id: string; ip?: string | null };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_PHOTOS = 24;
export const MAX_DOCUMENTS = 30;

// ---------------------------------------------------------------------------------------------
// JSON

export const photoJson = (p: { id: string; url: string; alt: string; position: number }): PropertyPhotoJson => ({ id: p.id, url: p.url, alt: p.alt, position: p.position });

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
// Detail

export async function findProperty(db: Db, idOrSlug: string): Promise<Property | undefined> {
  const key = idOrSlug.trim();
  if (!key || key.length > 100) return undefined;
  const cond = UUID.test(key) ? eq(properties.id, key.toLowerCase()) : or(eq(properties.slug, key.toLowerCase()), eq(properties.reference, key.toUpperCase()));
  const [row] = await db.select().from(properties).where(cond).limit(1);
  return row;
}

export async function detailJson(db: Db, p: Property): Promise<PropertyDetailJson> {
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

/** A property by id, for a write (404 when there is none). */
export async function requireProperty(tx: Db, id: string): Promise<Property> {
  const [p] = await tx.select().from(properties).where(eq(properties.id, id));
  if (!p) throw notFound(propertyMessages.notFound, 'property_not_found');
  return p;
}
