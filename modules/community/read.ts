/** The public side: categories with their counts, the thread list, one thread with its replies, a viewer's status. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { parseSort, type ListResult } from '../platform/list';
import { q } from '../wallet/helpers';
import {
  COMMUNITY_CATEGORIES,
  REACTION_KINDS,
  type CategoryJson,
  type CategorySlug,
  type CommunityStatusJson,
  type PostJson,
  type ReactionCountsJson,
  type ReactionKind,
  type ThreadDetailJson,
  type ThreadsListQuery,
  type ThreadSummaryJson,
} from './contract';
import { excerptOf } from './markdown';
import { authorOf, emptyReactions, iso, postingBlock, threadNotFound, type AuthorRow } from './shared';

export async function listCategories(db: Db): Promise<{ items: CategoryJson[] }> {
  const rows = await q<{ category: string; threads: string; posts: string; last: Date | string | null }>(
    db,
    sql`select t.category, count(*)::text as threads, (count(*) + coalesce(sum(t.reply_count), 0))::text as posts, max(t.last_post_at) as last
          from community_threads t join community_posts o on o.thread_id = t.id and o.opening and not o.hidden
         group by t.category`,
  );
  const by = new Map(rows.map((r) => [r.category, r]));
  return {
    items: COMMUNITY_CATEGORIES.map((c) => {
      const r = by.get(c.slug);
      return { ...c, threads: Number(r?.threads ?? 0), posts: Number(r?.posts ?? 0), lastPostAt: r?.last ? iso(r.last) : null };
    }),
  };
}

type ThreadRow = AuthorRow & {
  id: string;
  category: CategorySlug;
  title: string;
  locked: boolean;
  reply_count: number;
  created_at: Date | string;
  last_post_at: Date | string;
  property_id: string | null;
  property_title: string | null;
  property_slug: string | null;
  opening_id: string;
  body: string;
  html: string;
  opening_created_at: Date | string;
};

const threadSelect = sql`select t.id, t.category, t.title, t.locked, t.reply_count, t.created_at, t.last_post_at, t.property_id,
       p.title as property_title, p.slug as property_slug, o.id as opening_id, o.body, o.html, o.created_at as opening_created_at,
       u.id as author_id, u.first_name, u.last_name, u.kyc_status, u.role,
       exists (select 1 from holdings h where h.user_id = t.author_id and h.property_id = t.property_id and h.units > 0) as holder
  from community_threads t
  join community_posts o on o.thread_id = t.id and o.opening and not o.hidden
  join users u on u.id = t.author_id
  left join properties p on p.id = t.property_id`;

const summaryOf = (r: ThreadRow): ThreadSummaryJson => ({
  id: r.id,
  category: r.category,
  title: r.title,
  author: authorOf(r),
  property: r.property_id && r.property_title && r.property_slug ? { id: r.property_id, title: r.property_title, slug: r.property_slug } : null,
  locked: r.locked,
  replies: Number(r.reply_count),
  excerpt: excerptOf(r.body),
  createdAt: iso(r.created_at),
  lastPostAt: iso(r.last_post_at),
});

const SORT_COLUMNS = { lastPostAt: sql`t.last_post_at`, createdAt: sql`t.created_at`, replies: sql`t.reply_count` } as const;

export async function listThreads(db: Db, query: ThreadsListQuery): Promise<ListResult<ThreadSummaryJson>> {
  const where: SQL[] = [sql`true`];
  if (query.category) where.push(sql`t.category = ${query.category}`);
  if (query.q) where.push(sql`(position(lower(${query.q}) in lower(t.title)) > 0 or position(lower(${query.q}) in lower(o.body)) > 0)`);
  const cond = sql.join(where, sql` and `);
  const { field, direction } = parseSort(query.sort);
  const order = sql`${SORT_COLUMNS[field]} ${sql.raw(direction)}, t.id`;
  const rows = await q<ThreadRow>(db, sql`${threadSelect} where ${cond} order by ${order} limit ${query.limit} offset ${query.offset}`);
  const [count] = await q<{ n: string }>(
    db,
    sql`select count(*)::text as n from community_threads t join community_posts o on o.thread_id = t.id and o.opening and not o.hidden where ${cond}`,
  );
  return { items: rows.map(summaryOf), total: Number(count?.n ?? 0) };
}

async function reactionCounts(db: Db, postIds: string[]): Promise<Map<string, ReactionCountsJson>> {
  const out = new Map<string, ReactionCountsJson>();
  if (!postIds.length) return out;
  const rows = await q<{ post_id: string; kind: ReactionKind; n: string }>(
    db,
    sql`select post_id, kind, count(*)::text as n from community_reactions where post_id in (${sql.join(postIds.map((id) => sql`${id}::uuid`), sql`, `)}) group by post_id, kind`,
  );
  for (const r of rows) {
    const counts = out.get(r.post_id) ?? emptyReactions();
    if ((REACTION_KINDS as readonly string[]).includes(r.kind)) counts[r.kind] = Number(r.n);
    out.set(r.post_id, counts);
  }
  return out;
}

type PostRow = AuthorRow & { id: string; html: string; hidden: boolean; created_at: Date | string };

/** A thread as the public sees it (404 when it does not exist or its opening post is hidden); replies paged, hidden ones left out. */
export async function getThread(db: Db, id: string, page: { limit: number; offset: number }): Promise<ThreadDetailJson> {
  const [row] = await q<ThreadRow>(db, sql`${threadSelect} where t.id = ${id}`);
  if (!row) throw threadNotFound();
  const replies = await q<PostRow>(
    db,
    sql`select c.id, c.html, c.hidden, c.created_at, u.id as author_id, u.first_name, u.last_name, u.kyc_status, u.role,
               exists (select 1 from holdings h where h.user_id = c.author_id and h.property_id = ${row.property_id}::uuid and h.units > 0) as holder
          from community_posts c join users u on u.id = c.author_id
         where c.thread_id = ${id} and not c.opening and not c.hidden
         order by c.created_at, c.id limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await q<{ n: string }>(db, sql`select count(*)::text as n from community_posts where thread_id = ${id} and not opening and not hidden`);
  const counts = await reactionCounts(db, [row.opening_id, ...replies.map((r) => r.id)]);
  const postOf = (r: PostRow): PostJson => ({ id: r.id, author: authorOf(r), html: r.hidden ? null : r.html, hidden: r.hidden, createdAt: iso(r.created_at), reactions: counts.get(r.id) ?? emptyReactions() });
  const opening = postOf({ ...row, id: row.opening_id, hidden: false, created_at: row.opening_created_at });
  return { ...summaryOf(row), opening, replies: Number(count?.n ?? 0), page: { items: replies.map(postOf), total: Number(count?.n ?? 0), limit: page.limit, offset: page.offset } };
}

/** What the islands need about the viewer: may they post (and if not, why), and their reactions on one thread. */
export async function communityStatus(db: Db, user: { id: string; role: string; kycStatus: string } | null, threadId?: string): Promise<CommunityStatusJson> {
  if (!user) return { signedIn: false, userId: null, canPost: false, reason: 'Log in to post, reply or react.', myReactions: {} };
  const block = await postingBlock(db, user);
  const myReactions: Record<string, ReactionKind[]> = {};
  if (threadId) {
    const rows = await q<{ post_id: string; kind: ReactionKind }>(
      db,
      sql`select r.post_id, r.kind from community_reactions r join community_posts c on c.id = r.post_id where c.thread_id = ${threadId} and r.user_id = ${user.id} order by r.kind`,
    );
    for (const r of rows) (myReactions[r.post_id] ??= []).push(r.kind);
  }
  return { signedIn: true, userId: user.id, canPost: !block, reason: block?.message ?? null, myReactions };
}
