/** A member's writes: start a discussion, reply, react (toggle), report a post. Verified investors only. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { q } from '../wallet/helpers';
import { communityMessages as msg, type CreateThreadInput, type ReactionKind } from './contract';
import { renderMarkdown } from './markdown';
import { assertMayPost, postNotFound, takeCommunityAttempt, threadNotFound } from './shared';

export type Poster = { id: string; role: string; kycStatus: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A published property named by its id, reference or slug. */
async function propertyId(db: Db, ref: string): Promise<string> {
  const byId = UUID.test(ref) ? sql`id = ${ref.toLowerCase()}::uuid or ` : sql``;
  const [row] = await q<{ id: string }>(db, sql`select id from properties where (${byId}lower(reference) = lower(${ref}) or lower(slug) = lower(${ref})) and status <> 'draft' limit 1`);
  if (!row) throw new AppError(422, 'community_property_not_found', msg.propertyNotFound);
  return row.id;
}

export async function createThread(db: Db, user: Poster, input: CreateThreadInput): Promise<{ id: string }> {
  await assertMayPost(db, user);
  const property = input.property ? await propertyId(db, input.property) : null;
  await takeCommunityAttempt(db, 'thread', user.id);
  return db.transaction(async (tx) => {
    const [thread] = await q<{ id: string }>(
      tx,
      sql`insert into community_threads (category, title, author_id, property_id) values (${input.category}, ${input.title}, ${user.id}, ${property}) returning id`,
    );
    await q(tx, sql`insert into community_posts (thread_id, author_id, opening, body, html) values (${thread!.id}, ${user.id}, true, ${input.body}, ${renderMarkdown(input.body)})`);
    return { id: thread!.id };
  });
}

export async function replyToThread(db: Db, user: Poster, threadId: string, body: string): Promise<{ id: string }> {
  await assertMayPost(db, user);
  const [thread] = await q<{ locked: boolean }>(
    db,
    sql`select t.locked from community_threads t join community_posts o on o.thread_id = t.id and o.opening and not o.hidden where t.id = ${threadId}`,
  );
  if (!thread) throw threadNotFound();
  if (thread.locked) throw new AppError(409, 'community_thread_locked', msg.locked);
  await takeCommunityAttempt(db, 'reply', user.id);
  return db.transaction(async (tx) => {
    // Locked between the check and now? The update's condition decides, under the row lock.
    const [updated] = await q<{ id: string }>(tx, sql`update community_threads set reply_count = reply_count + 1, last_post_at = now() where id = ${threadId} and not locked returning id`);
    if (!updated) throw new AppError(409, 'community_thread_locked', msg.locked);
    const [post] = await q<{ id: string }>(tx, sql`insert into community_posts (thread_id, author_id, body, html) values (${threadId}, ${user.id}, ${body}, ${renderMarkdown(body)}) returning id`);
    return { id: post!.id };
  });
}

/** A visible post in a visible thread (what members may react to and report). */
async function visiblePost(db: Db, postId: string) {
  const [post] = await q<{ id: string; author_id: string; thread_id: string }>(
    db,
    sql`select c.id, c.author_id, c.thread_id from community_posts c join community_posts o on o.thread_id = c.thread_id and o.opening and not o.hidden
         where c.id = ${postId} and not c.hidden`,
  );
  if (!post) throw postNotFound();
  return post;
}

/** Adds the reaction, or takes it back when the person already gave it; answers the post's new count of that kind. */
export async function toggleReaction(db: Db, user: Poster, postId: string, kind: ReactionKind): Promise<{ kind: ReactionKind; reacted: boolean; count: number }> {
  await assertMayPost(db, user);
  await visiblePost(db, postId);
  return db.transaction(async (tx) => {
    const removed = await q<{ kind: string }>(tx, sql`delete from community_reactions where post_id = ${postId} and user_id = ${user.id} and kind = ${kind} returning kind`);
    if (!removed.length) await q(tx, sql`insert into community_reactions (post_id, user_id, kind) values (${postId}, ${user.id}, ${kind}) on conflict do nothing`);
    const [c] = await q<{ n: string }>(tx, sql`select count(*)::text as n from community_reactions where post_id = ${postId} and kind = ${kind}`);
    return { kind, reacted: !removed.length, count: Number(c?.n ?? 0) };
  });
}

/** Any signed-in member may report a post (once per post); reports go to the moderation queue. */
export async function reportPost(db: Db, user: Poster, postId: string, reason: string): Promise<{ id: string }> {
  const post = await visiblePost(db, postId);
  if (post.author_id === user.id) throw new AppError(422, 'community_own_post', msg.ownPost);
  const [existing] = await q<{ id: string }>(db, sql`select id from community_reports where post_id = ${postId} and reporter_id = ${user.id}`);
  if (existing) throw new AppError(409, 'community_already_reported', msg.alreadyReported);
  await takeCommunityAttempt(db, 'report', user.id);
  const [row] = await q<{ id: string }>(
    db,
    sql`insert into community_reports (post_id, reporter_id, reason) values (${postId}, ${user.id}, ${reason}) on conflict (post_id, reporter_id) do nothing returning id`,
  );
  if (!row) throw new AppError(409, 'community_already_reported', msg.alreadyReported);
  return { id: row.id };
}
