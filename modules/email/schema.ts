import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email the platform sends. Without SMTP_URL the outbox is where mail stays (status 'stored')
 * and admins read it in /admin/communications; with SMTP it records what was sent.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('stored'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
