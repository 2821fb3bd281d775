import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/*
 * One row per stored file. The bytes live elsewhere — under .data/uploads (or DATA_DIR/uploads) or in
 * S3-compatible storage — encrypted with AES-256-GCM, at a random key that never contains anything the
 * user sent (their file name is not kept here at all). The row says what the content is, as detected
 * from its magic bytes.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** Who uploaded it and may read it (admins may read every file). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    /** 'private' (owner and admins) or 'public' (anyone, e.g. property photos). */
    visibility: text('visibility').notNull().default('private'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** SHA-256 of the plain content, hex. */
    sha256: text('sha256').notNull(),
    /** 'local' or 's3'. */
    storage: text('storage').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Fingerprint of the encryption key, so a wrong key is reported as such. */
    keyId: text('key_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_owner_idx').on(t.ownerId),
    check('stored_files_visibility_check', sql`${t.visibility} in ('private', 'public')`),
    check('stored_files_content_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
    check('stored_files_storage_check', sql`${t.storage} in ('local', 's3')`),
  ],
);
