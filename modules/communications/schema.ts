import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { contactMessages } from '../contact/schema';

/**
 * The inbox: one conversation per contact message (the row appears when staff first act on it; until then the
 * message reads as open, unassigned and new). `lastInboundAt` against `readAt` is the unread indicator.
 */
export const communicationThreads = pgTable(
  'communication_threads',
  {
    contactMessageId: uuid('contact_message_id')
      .primaryKey()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** When staff last opened the conversation; a message received after it makes the thread unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('communication_threads_assignee_idx').on(t.assigneeId),
    check('communication_threads_status_check', sql`${t.status} in ('open', 'pending', 'closed')`),
  ],
);

/** A message of a conversation after the first: staff replies (sent through the email outbox) and replies received by email. */
export const communicationMessages = pgTable(
  'communication_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    contactMessageId: uuid('contact_message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    direction: text('direction').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromEmail: text('from_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The RFC 5322 Message-ID of this message ("<…@manzil.local>"): replies to it name it in In-Reply-To. */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('communication_messages_thread_idx').on(t.contactMessageId, t.createdAt),
    uniqueIndex('communication_messages_message_id_unique').on(t.messageId),
    check('communication_messages_direction_check', sql`${t.direction} in ('outbound', 'inbound')`),
  ],
);

/** Reusable announcement texts with {{variables}}. */
export const announcementTemplates = pgTable(
  'announcement_templates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('announcement_templates_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * An announcement to a segment, in-app and/or by email, sent now or at `sendAt` (status scheduled → sent, claimed
 * once by an update so two scheduler ticks never send it twice). The figures are written when it is sent.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    templateId: uuid('template_id').references(() => announcementTemplates.id, { onDelete: 'set null' }),
    /** { kind, propertyId?, currency? } (contract.ts segmentSchema). */
    segment: jsonb('segment').$type<{ kind: string; propertyId?: string; currency?: string }>().notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    status: text('status').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    inAppDelivered: integer('in_app_delivered').notNull().default(0),
    emailsQueued: integer('emails_queued').notNull().default(0),
    skippedByPreference: integer('skipped_by_preference').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_due_idx').on(t.sendAt).where(sql`${t.status} = 'scheduled'`),
    check('announcements_status_check', sql`${t.status} in ('scheduled', 'sent', 'cancelled')`),
  ],
);

/** Keys the module keeps for itself (the unsubscribe links' signing key when UNSUBSCRIBE_SECRET is not set). */
export const communicationKeys = pgTable('communication_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
