import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { properties } from '../properties/schema';

/*
 * Community: threads in fixed categories (contract.ts), posts (the opening post and the replies, Markdown with
 * the sanitised HTML made of it at write time), reactions (one per person and kind), reports, and posting bans.
 * A thread's reply count and last post time are kept in the post's transaction so lists read one row per thread.
 */

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const communityThreads = pgTable(
  'community_threads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    category: text('category').notNull(),
    title: text('title').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    lockedReason: text('locked_reason'),
    /** Visible replies (the opening post not counted). */
    replyCount: integer('reply_count').notNull().default(0),
    lastPostAt: timestamp('last_post_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: created(),
  },
  (t) => [
    index('community_threads_category_idx').on(t.category, t.lastPostAt),
    index('community_threads_last_post_idx').on(t.lastPostAt),
    index('community_threads_author_idx').on(t.authorId),
    check('community_threads_category', sql`${t.category} in ('getting-started', 'sip', 'properties', 'rental-income', 'selling', 'general')`),
  ],
);

export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => communityThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The thread's first post: hiding it hides the thread from the lists. */
    opening: boolean('opening').notNull().default(false),
    body: text('body').notNull(),
    html: text('html').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    createdAt: created(),
  },
  (t) => [
    index('community_posts_thread_idx').on(t.threadId, t.createdAt),
    index('community_posts_author_idx').on(t.authorId, t.createdAt),
    index('community_posts_created_idx').on(t.createdAt),
    uniqueIndex('community_posts_one_opening').on(t.threadId).where(sql`${t.opening}`),
  ],
);

export const communityReactions = pgTable(
  'community_reactions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.kind] }), check('community_reactions_kind', sql`${t.kind} in ('like', 'helpful', 'insightful')`)],
);

export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('community_reports_once').on(t.postId, t.reporterId),
    index('community_reports_status_idx').on(t.status, t.createdAt),
    check('community_reports_status', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
  ],
);

/** People paused from posting (reading is never restricted). */
export const communityBans = pgTable('community_bans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  bannedBy: uuid('banned_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: created(),
});
