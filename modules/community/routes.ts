import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError } from '@api/errors';
import { authPlugin, loadSession } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import {
  bansListQuery,
  createThreadInput,
  idParam,
  postsListQuery,
  reactionInput,
  reasonInput,
  replyInput,
  reportsListQuery,
  threadQuery,
  threadsListQuery,
  uuidSchema,
} from './contract';
import { banUser, dismissReport, hidePost, listBans, listPosts, listReports, lockThread } from './moderation';
import { communityStatus, getThread, listCategories, listThreads } from './read';
import { provideCommunityReader } from './reader';
import { createThread, replyToThread, reportPost, toggleReaction } from './write';

const statusQuery = z.object({ thread: uuidSchema.optional() });

/**
 * The community, public side under /api/community (reading needs no account; writing needs a verified one):
 *   GET  categories                      the categories with their real thread and post counts
 *   GET  threads?category&q&sort&…       the list contract; POST threads { category, title, body, property? } → 201 { id }
 *   GET  threads/:id?limit&offset        a thread, its opening post and its replies (paged)
 *   POST threads/:id/replies { body }    → 201 { id }
 *   POST posts/:id/reactions { kind }    toggles one reaction; POST posts/:id/reports { reason } → 201 { id }
 *   GET  me?thread                       may the viewer post (and why not), their reactions on a thread
 */
export const communityRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  provideCommunityReader({
    categories: async () => (await listCategories(db)).items,
    threads: (query) => listThreads(db, query),
    thread: async (id, page) => {
      try {
        return await getThread(db, id, page);
      } catch (e) {
        if (e instanceof AppError && e.status === 404) return null;
        throw e;
      }
    },
  });
  return new Elysia({ prefix: '/api/community' })
    .use(authPlugin(deps))
    .get('/categories', () => listCategories(db))
    .get('/threads', ({ query }) => listThreads(db, query), { query: threadsListQuery })
    .post(
      '/threads',
      async ({ user, body, set }) => {
        const created = await createThread(db, user, body);
        set.status = 201;
        return created;
      },
      { auth: 'user', body: createThreadInput },
    )
    .get('/threads/:id', ({ params, query }) => getThread(db, params.id, query), { params: idParam, query: threadQuery })
    .post(
      '/threads/:id/replies',
      async ({ user, params, body, set }) => {
        const created = await replyToThread(db, user, params.id, body.body);
        set.status = 201;
        return created;
      },
      { auth: 'user', params: idParam, body: replyInput },
    )
    .post('/posts/:id/reactions', ({ user, params, body }) => toggleReaction(db, user, params.id, body.kind), { auth: 'user', params: idParam, body: reactionInput })
    .post(
      '/posts/:id/reports',
      async ({ user, params, body, set }) => {
        const created = await reportPost(db, user, params.id, body.reason);
        set.status = 201;
        return created;
      },
      { auth: 'user', params: idParam, body: reasonInput },
    )
    .get(
      '/me',
      async ({ cookie, query }) => {
        const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
        const user = found && !found.session.mfaPending ? found.user : null;
        return communityStatus(db, user, query.thread);
      },
      { query: statusQuery },
    );
};

/**
 * Moderation, under /api/admin/community (admins; each action takes { reason }, written to the audit log):
 *   GET reports?status, posts?visibility, bans (list contract)
 *   POST posts/:id/hide|unhide, threads/:id/lock|unlock, users/:id/ban|unban, reports/:id/dismiss
 */
export const communityAdminRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const guard = { auth: 'messages:read' as const, params: idParam, body: reasonInput };
  return new Elysia({ prefix: '/api/admin/community' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/reports', ({ query }) => listReports(db, query), { auth: 'messages:read', query: reportsListQuery })
    .get('/posts', ({ query }) => listPosts(db, query), { auth: 'messages:read', query: postsListQuery })
    .get('/bans', ({ query }) => listBans(db, query), { auth: 'messages:read', query: bansListQuery })
    .post('/posts/:id/hide', ({ user, params, body }) => hidePost(db, user, params.id, body.reason, true), guard)
    .post('/posts/:id/unhide', ({ user, params, body }) => hidePost(db, user, params.id, body.reason, false), guard)
    .post('/threads/:id/lock', ({ user, params, body }) => lockThread(db, user, params.id, body.reason, true), guard)
    .post('/threads/:id/unlock', ({ user, params, body }) => lockThread(db, user, params.id, body.reason, false), guard)
    .post('/users/:id/ban', ({ user, params, body }) => banUser(db, user, params.id, body.reason, true), guard)
    .post('/users/:id/unban', ({ user, params, body }) => banUser(db, user, params.id, body.reason, false), guard)
    .post('/reports/:id/dismiss', ({ user, params, body }) => dismissReport(db, user, params.id, body.reason), guard);
};

/** Both halves as one plugin, so the app adds one line. */
export const communityPlugin = (deps: { db: Db }) => new Elysia().use(communityRoutes(deps)).use(communityAdminRoutes(deps));
