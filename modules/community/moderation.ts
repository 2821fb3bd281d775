/**
 * The moderation queue (admins): reports, recent posts and bans as lists, and the actions — hide / unhide a post,
 * lock / unlock a thread, ban / unban a member from posting, dismiss a report — each written to the audit log
 * with its reason, in the action's transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '../audit/service';
import { parseSort, type ListQuery, type ListResult } from '../platform/list';
import { q } from '../wallet/helpers';
import { communityMessages as msg, type AdminPostJson, type BanJson, type ReportJson, type ReportStatus } from './contract';
import { excerptOf } from './markdown';
import { displayName, iso, postNotFound, threadNotFound } from './shared';
import { isStaffRole } from '../auth/permissions-contract';

const search = (text: string | undefined, ...columns: SQL[]) =>
  text ? sql`(${sql.join(columns.map((c) => sql`position(lower(${text}) in lower(${c})) > 0`), sql` or `)})` : sql`true`;

export async function listReports(db: Db, query: ListQuery & { status?: ReportStatus }): Promise<ListResult<ReportJson>> {
  const where = sql`${query.status ? sql`r.status = ${query.status}` : sql`true`} and ${search(query.q, sql`r.reason`, sql`c.body`, sql`t.title`)}`;
  const from = sql`from community_reports r join community_posts c on c.id = r.post_id join community_threads t on t.id = c.thread_id
                   join users ru on ru.id = r.reporter_id join users au on au.id = c.author_id`;
  const rows = await q<Record<string, unknown>>(
    db,
    sql`select r.id, r.status, r.reason, r.created_at, r.resolved_at, ru.id as reporter_id, ru.first_name as r_first, ru.last_name as r_last,
               c.id as post_id, c.body, c.hidden, t.id as thread_id, t.title, au.id as author_id, au.first_name as a_first, au.last_name as a_last,
               exists (select 1 from community_bans b where b.user_id = au.id) as banned
          ${from} where ${where} order by r.created_at ${sql.raw(parseSort(query.sort).direction)}, r.id limit ${query.limit} offset ${query.offset}`,
  );
  const [n] = await q<{ n: string }>(db, sql`select count(*)::text as n ${from} where ${where}`);
  return {
    total: Number(n?.n ?? 0),
    items: rows.map((r) => ({
      id: String(r.id),
      status: r.status as ReportStatus,
      reason: String(r.reason),
      reporter: { id: String(r.reporter_id), name: displayName(String(r.r_first), r.r_last as string) },
      post: {
        id: String(r.post_id),
        threadId: String(r.thread_id),
        threadTitle: String(r.title),
        excerpt: excerptOf(String(r.body), 160),
        hidden: Boolean(r.hidden),
        author: { id: String(r.author_id), name: displayName(String(r.a_first), r.a_last as string), banned: Boolean(r.banned) },
      },
      createdAt: iso(r.created_at),
      resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
    })),
  };
}

export async function listPosts(db: Db, query: ListQuery & { visibility?: 'visible' | 'hidden' }): Promise<ListResult<AdminPostJson>> {
  const vis = query.visibility === 'hidden' ? sql`c.hidden` : query.visibility === 'visible' ? sql`not c.hidden` : sql`true`;
  const where = sql`${vis} and ${search(query.q, sql`c.body`, sql`t.title`, sql`u.email`, sql`u.first_name`)}`;
  const from = sql`from community_posts c join community_threads t on t.id = c.thread_id join users u on u.id = c.author_id`;
  const { field, direction } = parseSort(query.sort);
  const order = field === 'reports' ? sql`open_reports` : sql`c.created_at`;
  const rows = await q<Record<string, unknown>>(
    db,
    sql`select c.id, c.opening, c.body, c.hidden, c.hidden_reason, c.created_at, t.id as thread_id, t.title, t.locked,
               u.id as author_id, u.first_name, u.last_name, u.email, exists (select 1 from community_bans b where b.user_id = u.id) as banned,
               (select count(*) from community_reports r where r.post_id = c.id and r.status = 'open')::int as open_reports
          ${from} where ${where} order by ${order} ${sql.raw(direction)}, c.created_at desc, c.id limit ${query.limit} offset ${query.offset}`,
  );
  const [n] = await q<{ n: string }>(db, sql`select count(*)::text as n ${from} where ${where}`);
  return {
    total: Number(n?.n ?? 0),
    items: rows.map((r) => ({
      id: String(r.id),
      threadId: String(r.thread_id),
      threadTitle: String(r.title),
      threadLocked: Boolean(r.locked),
      opening: Boolean(r.opening),
      excerpt: excerptOf(String(r.body), 160),
      hidden: Boolean(r.hidden),
      hiddenReason: (r.hidden_reason as string | null) ?? null,
      author: { id: String(r.author_id), name: displayName(String(r.first_name), r.last_name as string), email: String(r.email), banned: Boolean(r.banned) },
      openReports: Number(r.open_reports),
      createdAt: iso(r.created_at),
    })),
  };
}

export async function listBans(db: Db, query: ListQuery): Promise<ListResult<BanJson>> {
  const where = search(query.q, sql`u.email`, sql`u.first_name`, sql`b.reason`);
  const from = sql`from community_bans b join users u on u.id = b.user_id left join users a on a.id = b.banned_by`;
  const rows = await q<Record<string, unknown>>(
    db,
    sql`select b.user_id, b.reason, b.created_at, u.first_name, u.last_name, u.email, a.email as banned_by
          ${from} where ${where} order by b.created_at ${sql.raw(parseSort(query.sort).direction)} limit ${query.limit} offset ${query.offset}`,
  );
  const [n] = await q<{ n: string }>(db, sql`select count(*)::text as n ${from} where ${where}`);
  return {
    total: Number(n?.n ?? 0),
    items: rows.map((r) => ({
      userId: String(r.user_id),
      name: displayName(String(r.first_name), r.last_name as string),
      email: String(r.email),
      reason: String(r.reason),
      bannedBy: String(r.banned_by ?? 'system'),
      createdAt: iso(r.created_at),
    })),
  };
}

const invalid = (message: string) => new AppError(409, 'community_invalid_state', message);
type Actor = { id: string };

/** Hides a post (a thread's opening post takes the thread out of the lists) and closes its open reports. */
export async function hidePost(db: Db, actor: Actor, postId: string, reason: string, hide: boolean) {
  return db.transaction(async (tx) => {
    const [post] = await q<{ id: string; thread_id: string; opening: boolean; hidden: boolean; title: string }>(
      tx,
      sql`select c.id, c.thread_id, c.opening, c.hidden, t.title from community_posts c join community_threads t on t.id = c.thread_id where c.id = ${postId} for update of c`,
    );
    if (!post) throw postNotFound();
    if (post.hidden === hide) throw invalid(hide ? msg.alreadyHidden : msg.notHidden);
    await q(tx, sql`update community_posts set hidden = ${hide}, hidden_reason = ${hide ? reason : null} where id = ${postId}`);
    if (!post.opening) await q(tx, sql`update community_threads set reply_count = reply_count + ${hide ? -1 : 1} where id = ${post.thread_id}`);
    if (hide) await q(tx, sql`update community_reports set status = 'resolved', resolved_by = ${actor.id}, resolved_at = now() where post_id = ${postId} and status = 'open'`);
    const what = post.opening ? `the opening post (and so the discussion) "${post.title}"` : `a reply in "${post.title}"`;
    await recordAudit(tx, {
      actorId: actor.id,
      action: hide ? 'community.post.hide' : 'community.post.unhide',
      entityType: 'community_post',
      entityId: postId,
      summary: `${hide ? 'Hid' : 'Showed again'} ${what}: ${reason}`,
      details: { reason, threadId: post.thread_id },
    });
    return { ok: true as const };
  });
}

export async function lockThread(db: Db, actor: Actor, threadId: string, reason: string, lock: boolean) {
  return db.transaction(async (tx) => {
    const [thread] = await q<{ locked: boolean; title: string }>(tx, sql`select locked, title from community_threads where id = ${threadId} for update`);
    if (!thread) throw threadNotFound();
    if (thread.locked === lock) throw invalid(lock ? msg.alreadyLocked : msg.notLocked);
    await q(tx, sql`update community_threads set locked = ${lock}, locked_reason = ${lock ? reason : null} where id = ${threadId}`);
    await recordAudit(tx, {
      actorId: actor.id,
      action: lock ? 'community.thread.lock' : 'community.thread.unlock',
      entityType: 'community_thread',
      entityId: threadId,
      summary: `${lock ? 'Locked' : 'Unlocked'} the discussion "${thread.title}": ${reason}`,
      details: { reason },
    });
    return { ok: true as const };
  });
}

export async function banUser(db: Db, actor: Actor, userId: string, reason: string, ban: boolean) {
  return db.transaction(async (tx) => {
    const [user] = await q<{ email: string; role: string }>(tx, sql`select email, role from users where id = ${userId}`);
    if (!user) throw new AppError(404, 'community_user_not_found', msg.userNotFound);
    if (ban && isStaffRole(user.role)) throw invalid(msg.banStaff);
    if (ban) {
      const [row] = await q<{ user_id: string }>(tx, sql`insert into community_bans (user_id, reason, banned_by) values (${userId}, ${reason}, ${actor.id}) on conflict do nothing returning user_id`);
      if (!row) throw invalid(msg.alreadyBanned);
    } else {
      const removed = await q<{ user_id: string }>(tx, sql`delete from community_bans where user_id = ${userId} returning user_id`);
      if (!removed.length) throw invalid(msg.notBanned);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: ban ? 'community.user.ban' : 'community.user.unban',
      entityType: 'user',
      entityId: userId,
      summary: `${ban ? 'Paused' : 'Restored'} community posting for ${user.email}: ${reason}`,
      details: { reason },
    });
    return { ok: true as const };
  });
}

export async function dismissReport(db: Db, actor: Actor, reportId: string, reason: string) {
  return db.transaction(async (tx) => {
    const [report] = await q<{ status: string; post_id: string }>(tx, sql`select status, post_id from community_reports where id = ${reportId} for update`);
    if (!report) throw new AppError(404, 'community_report_not_found', msg.reportNotFound);
    if (report.status !== 'open') throw invalid(msg.reportClosed);
    await q(tx, sql`update community_reports set status = 'dismissed', resolved_by = ${actor.id}, resolved_at = now() where id = ${reportId}`);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'community.report.dismiss',
      entityType: 'community_report',
      entityId: reportId,
      summary: `Dismissed a report on a community post: ${reason}`,
      details: { reason, postId: report.post_id },
    });
    return { ok: true as const };
  });
}
