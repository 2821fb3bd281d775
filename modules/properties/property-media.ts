/** Photos and documents (the bytes are stored by modules/files; rows here point at them). */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound, unprocessable } from '@api/errors';
import { recordAudit } from '../audit';
import { propertyMessages, type DocumentKind, type PropertyDocumentJson, type PropertyPhotoJson } from './contract';
import { properties, propertyDocuments, propertyPhotos } from './schema';
import { getProperty, MAX_DOCUMENTS, MAX_PHOTOS, photoJson, requireProperty, type Actor } from './property-detail';

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
