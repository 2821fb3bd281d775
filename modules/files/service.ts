import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { inspectContent } from './content';
import { fileUrl, type FileContentType, type FilePurpose, type FileVisibility, type StoredFileJson } from './contract';
import { storedFiles } from './schema';
import { decryptBlob, encryptBlob, fileStore } from './storage';

export type StoredFileRow = typeof storedFiles.$inferSelect;

export type StoreFileInput = {
  /** The uploader; they (and admins) may read it. */
  ownerId: string | null;
  purpose: FilePurpose;
  bytes: Uint8Array;
  visibility?: FileVisibility;
};

export const toStoredFileJson = (row: StoredFileRow): StoredFileJson => ({
  id: row.id,
  contentType: row.contentType as FileContentType,
  size: row.size,
  width: row.width,
  height: row.height,
  purpose: row.purpose,
  visibility: row.visibility as FileVisibility,
  url: fileUrl(row.id),
  createdAt: row.createdAt.toISOString(),
});

/**
 * Checks the content (JPEG/PNG/PDF by magic bytes, ≤ 10 MB, sane image dimensions, PDFs parsed for active
 * content; 400/413 otherwise),
 * encrypts it and stores it under a random key, then records it in `tx`. The caller's name for the file
 * is never used. If `tx` rolls back afterwards the blob stays behind unreferenced (harmless: unreadable
 * without its row, and encrypted).
 */
export async function storeFile(tx: Db, input: StoreFileInput): Promise<StoredFileJson> {
  const detected = await inspectContent(input.bytes);
  const { storage, key } = fileStore();
  const id = crypto.randomUUID();
  const storageKey = `${id}.bin`;
  await storage.put(storageKey, encryptBlob(key.key, id, input.bytes));
  try {
    const [row] = await tx
      .insert(storedFiles)
      .values({
        id,
        ownerId: input.ownerId,
        purpose: input.purpose,
        visibility: input.visibility ?? 'private',
        contentType: detected.contentType,
        size: input.bytes.length,
        width: detected.width,
        height: detected.height,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        storage: storage.kind,
        storageKey,
        keyId: key.id,
      })
      .returning();
    return toStoredFileJson(row);
  } catch (e) {
    await storage.delete(storageKey).catch(() => {});
    throw e;
  }
}

export async function getStoredFile(db: Db, id: string): Promise<StoredFileRow | null> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

/** The decrypted content of a stored file (no access check: callers check who is asking). */
export async function readStoredFile(row: StoredFileRow): Promise<Uint8Array> {
  const { storage, key } = fileStore();
  if (row.keyId !== key.id) throw new Error(`Stored file ${row.id} was encrypted with key ${row.keyId}, but the configured key is ${key.id}.`);
  const blob = await storage.get(row.storageKey);
  if (!blob) throw new Error(`Stored file ${row.id} has no blob at ${row.storage}:${row.storageKey}.`);
  return decryptBlob(key.key, row.id, blob);
}

/** Removes a file's blob and row (for files nothing refers to any more). */
export async function deleteStoredFile(db: Db, id: string): Promise<void> {
  const row = await getStoredFile(db, id);
  if (!row) return;
  await db.delete(storedFiles).where(eq(storedFiles.id, id));
  await fileStore().storage.delete(row.storageKey);
}
