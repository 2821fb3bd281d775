import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import type { Widget } from './dashboard-contract';

/**
 * Dashboards admins build from the metric catalogue. The widgets (metric, chart, period, comparison,
 * filters, grid position) live as validated JSON on the dashboard: they are always read and saved together.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every admin may open it (only the owner edits, shares or deletes it). */
    sharedWithAll: boolean('shared_with_all').notNull().default(false),
    widgets: jsonb('widgets').$type<Widget[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dashboards_owner_idx').on(t.ownerId, t.updatedAt),
    index('dashboards_shared_idx').on(t.updatedAt).where(sql`${t.sharedWithAll}`),
    check('dashboards_name_length', sql`char_length(${t.name}) between 1 and 80`),
    check('dashboards_widgets_array', sql`jsonb_typeof(${t.widgets}) = 'array' and jsonb_array_length(${t.widgets}) <= 24`),
  ],
);
