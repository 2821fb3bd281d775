import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Platform settings an operator can change at run time (key → JSON value). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
