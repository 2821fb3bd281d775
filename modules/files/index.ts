/**
 * Stored files: uploads checked by content (JPEG, PNG, PDF; ≤ 10 MB; sane image sizes), encrypted at rest
 * (AES-256-GCM), kept under .data/uploads or in S3-compatible storage, and served only through
 * GET /api/files/:id to their owner and admins (or anyone, for files stored as 'public').
 *
 *   storeFile(tx, { ownerId, purpose, bytes, visibility? }) → StoredFileJson  (400/413 AppError for bad content)
 *   getStoredFile(db, id) / readStoredFile(row)            the row / its decrypted bytes (no access check)
 *   sealSecret(text, context) / openSecret(stored, context) small secrets (TOTP seeds) sealed with the same key
 */
import { provideSecretBox } from '../auth';
import { isSealed, openSecret, sealSecret } from './secrets';

// TOTP seeds are sealed with the files key: auth receives the box from here (files → auth, one direction).
provideSecretBox({ isSealed, seal: sealSecret, open: openSecret });

export { fileRoutes } from './routes';
export { storeFile, getStoredFile, readStoredFile, deleteStoredFile, toStoredFileJson, type StoreFileInput, type StoredFileRow } from './service';
export { detectContent, fileRules, inspectContent, fileTooLarge, unsupportedFile } from './content';
export { configureFileStore, encryptBlob, fileStore, localStorage as localFileStorage, type BlobStorage } from './storage';
export { isSealed, openSecret, sealSecret } from './secrets';
export { storedFiles } from './schema';
export * from './contract';
