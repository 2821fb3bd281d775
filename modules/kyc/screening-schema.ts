import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** A sanctions or PEP list an administrator uploaded as CSV (or the demo list seeded on first start). */
export const screeningLists = pgTable(
  'screening_lists',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** 'upload' or 'demo'. */
    source: text('source').notNull().default('upload'),
    entryCount: integer('entry_count').notNull().default(0),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('screening_lists_name_lower_unique').on(sql`lower(${t.name})`)],
);

/** One listed person: a name, its aliases, and what narrows a match (date of birth, nationality). */
export const screeningEntries = pgTable(
  'screening_entries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listId: uuid('list_id').notNull().references(() => screeningLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
    /** YYYY-MM-DD, or YYYY when only the year is known. */
    dateOfBirth: text('date_of_birth'),
    /** ISO 3166-1 alpha-2. */
    nationality: text('nationality'),
    /** 'sanctions' or 'pep'. */
    category: text('category').notNull(),
    reference: text('reference'),
    /** The CSV line it came from. */
    line: integer('line'),
  },
  (t) => [index('screening_entries_list_idx').on(t.listId), check('screening_entries_category_check', sql`${t.category} in ('sanctions', 'pep')`)],
);
