import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email the platform sends, as admins see it in /admin/communications: recipient, subject,
 * kind, status and times, and the body with its secrets (reset links, codes) redacted. The body is
 * deleted (null) once SMTP has delivered the message. Without SMTP_URL nothing is delivered
 * (status 'stored'); outside production the full message goes to the development mailbox instead.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** Redacted body; null once delivered. */
    text: text('text'),
    kind: text('kind').notNull(),
    /** [{ filename, contentType, base64 }] until delivered (then null), like the body. */
    attachments: jsonb('attachments'),
    status: text('status').notNull().default('stored'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
