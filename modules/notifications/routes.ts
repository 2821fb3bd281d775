import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError } from '@api/errors';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { listNotificationsQuery, notificationIdParam, notificationKindSchema, updatePreferencesInput } from './contract';
import { csvResponse, exportName } from '@api/list';
import { listNotifications, NOTIFICATIONS_CSV_HEADER, notificationCsvRows } from './feed-list';
import * as service from './service';
import { z } from 'zod';

const readAllBody = z.object({ kind: notificationKindSchema.optional() });

/**
 * A signed-in person's notifications under /api/notifications:
 *
 *   GET  /                  ?q&filter=all|unread&kind&sort&limit&offset (the list contract) → { items, total, unread }
 *   GET  /unread-count      → { unread } (the bell polls this)
 *   POST /:id/read          → { id, read, unread }
 *   POST /read-all          { kind? } → { marked, unread }
 *   GET  /preferences       → { preferences: [{ kind, label, inApp, email, inAppLocked }] }
 *   PUT  /preferences       { preferences: [{ kind, inApp?, email? }] }
 */
export const userNotificationRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const me = (user: { id: string }) => ({ userId: user.id, audience: 'user' as const });
  return new Elysia({ prefix: '/api/notifications' })
    .use(authPlugin(deps))
    .get('/', ({ user, query }) => listNotifications(db, me(user), query), { auth: 'user', query: listNotificationsQuery })
    .get('/unread-count', async ({ user }) => ({ unread: await service.unreadCount(db, me(user)) }), { auth: 'user' })
    .post('/read-all', ({ user, body }) => service.markAllRead(db, me(user), body.kind), { auth: 'user', body: readAllBody })
    .get('/preferences', async ({ user }) => ({ preferences: await service.getPreferences(db, user) }), { auth: 'user' })
    .put('/preferences', async ({ user, body }) => ({ preferences: await service.updatePreferences(db, user, body) }), {
      auth: 'user',
      body: updatePreferencesInput,
    })
    .post('/:id/read', ({ user, params }) => service.markRead(db, me(user), params.id), { auth: 'user', params: notificationIdParam });
};

/**
 * The operators' shared feed under /api/admin/notifications (read state per person; each staff member sees the
 * kinds their role concerns):
 * GET / (same query and shape as above), GET /export (text/csv of the whole filtered feed), GET /unread-count,
 * POST /:id/read, POST /read-all.
 */
export const adminNotificationRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const admin = (user: { id: string; role: string }) => ({ userId: user.id, audience: 'admin' as const, role: user.role });
  return new Elysia({ prefix: '/api/admin/notifications' })
    .use(authPlugin(deps))
    .onTransform(async ({ cookie }) => {
      const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
      if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
      if (!isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
    })
    .get('/', ({ user, query }) => listNotifications(db, admin(user), query), { auth: 'overview:read', query: listNotificationsQuery })
    .get('/export', ({ user, query }) => csvResponse(exportName('notifications'), NOTIFICATIONS_CSV_HEADER, notificationCsvRows(db, admin(user), query)), { auth: 'overview:read', query: listNotificationsQuery })
    .get('/unread-count', async ({ user }) => ({ unread: await service.unreadCount(db, admin(user)) }), { auth: 'overview:read' })
    .post('/read-all', ({ user, body }) => service.markAllRead(db, admin(user), body.kind), { auth: 'overview:read', body: readAllBody })
    .post('/:id/read', ({ user, params }) => service.markRead(db, admin(user), params.id), { auth: 'overview:read', params: notificationIdParam });
};

export const notificationRoutes = (deps: { db: Db }) =>
  new Elysia().use(userNotificationRoutes(deps)).use(adminNotificationRoutes(deps));
