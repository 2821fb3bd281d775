import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every change of a platform setting, with the date it takes effect. The value in force on a day is the latest
 * change effective on or before it (latest decided first when two share a date); a setting never changed reads
 * its default. Nothing is overwritten: the history is the audit of what applied when.
 */
export const platformSettingChanges = pgTable(
  'platform_setting_changes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    reason: text('reason').notNull().default(''),
    changedBy: uuid('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('platform_setting_changes_key_idx').on(t.key, t.effectiveFrom, t.changedAt)],
);

/** Before effective dates (migration 0035 copied its rows into platform_setting_changes); kept read-only, unused. */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
