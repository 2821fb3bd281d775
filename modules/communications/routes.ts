import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import {
  announcementInput,
  announcementsListQuery,
  idParam,
  inboundInput,
  replyInput,
  segmentQuery,
  segmentSchema,
  templateInput,
  templatesListQuery,
  threadsListQuery,
  unsubscribeInput,
  updateTemplateInput,
  updateThreadInput,
  type RecipientCountJson,
} from './contract';
import { cancelAnnouncement, createAnnouncement, getAnnouncement, listAnnouncements } from './announcements';
import { getThread, listStaff, listThreads, markThreadRead, recordInbound, replyToThread, threadCsvRows, THREADS_CSV_HEADER, updateThread } from './inbox';
import { segmentCount, segmentLabel } from './segments';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates';
import { unsubscribe, unsubscribeStatus } from './unsubscribe';

/**
 * Communications, all under /api/admin/communications (admin only):
 *   threads          the inbox (list contract: q, status, assignee = me|none|id, unread), export; /:id the
 *                    conversation; PATCH /:id status and assignee; /:id/read; /:id/reply sends by email
 *   inbound          a reply received by email, matched to its conversation (In-Reply-To, [ref:…], sender)
 *   staff            who a conversation can be assigned to
 *   recipients       ?kind&propertyId&currency → how many people a segment reaches now
 *   announcements    list, create (send now or sendAt), read with delivery figures, /:id/cancel
 *   templates        list, create, read, change, delete
 * And for the unsubscribe link (no sign-in): GET /api/communications/unsubscribe?token, POST { token }.
 */
export const communicationsRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const admin = new Elysia({ prefix: '/api/admin/communications' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/threads', ({ query, user }) => listThreads(db, query, user.id), { auth: 'messages:read', query: threadsListQuery })
    .get('/threads/export', ({ query, user }) => csvResponse(exportName('conversations'), THREADS_CSV_HEADER, threadCsvRows(db, query, user.id)), { auth: 'messages:read', query: threadsListQuery })
    .get('/threads/:id', ({ params }) => getThread(db, params.id), { auth: 'messages:read', params: idParam })
    .patch('/threads/:id', ({ params, body, user }) => updateThread(db, params.id, body, user.id), { auth: 'messages:write', params: idParam, body: updateThreadInput })
    .post('/threads/:id/read', ({ params }) => markThreadRead(db, params.id), { auth: 'messages:write', params: idParam })
    .post(
      '/threads/:id/reply',
      async ({ params, body, user, set }) => {
        const thread = await replyToThread(db, params.id, user, body.body);
        set.status = 201;
        return thread;
      },
      { auth: 'messages:write', params: idParam, body: replyInput },
    )
    .post(
      '/inbound',
      async ({ body, set }) => {
        const thread = await recordInbound(db, body);
        set.status = 201;
        return thread;
      },
      { auth: 'messages:write', body: inboundInput },
    )
    .get('/staff', () => listStaff(db), { auth: 'messages:read' })
    .get(
      '/recipients',
      async ({ query }): Promise<RecipientCountJson> => {
        const segment = segmentSchema.parse(query);
        return { segment, segmentLabel: await segmentLabel(db, segment), count: await segmentCount(db, segment) };
      },
      { auth: 'messages:read', query: segmentQuery.pipe(segmentSchema) },
    )
    .get('/announcements', ({ query }) => listAnnouncements(db, query), { auth: 'messages:read', query: announcementsListQuery })
    .post(
      '/announcements',
      async ({ body, user, set }) => {
        const result = await createAnnouncement(db, user.id, body);
        set.status = 201;
        return result;
      },
      { auth: 'messages:write', body: announcementInput },
    )
    .get('/announcements/:id', ({ params }) => getAnnouncement(db, params.id), { auth: 'messages:read', params: idParam })
    .post('/announcements/:id/cancel', ({ params, user }) => cancelAnnouncement(db, params.id, user.id), { auth: 'messages:write', params: idParam })
    .get('/templates', ({ query }) => listTemplates(db, query), { auth: 'messages:read', query: templatesListQuery })
    .post(
      '/templates',
      async ({ body, user, set }) => {
        const result = await createTemplate(db, user.id, body);
        set.status = 201;
        return result;
      },
      { auth: 'messages:write', body: templateInput },
    )
    .get('/templates/:id', ({ params }) => getTemplate(db, params.id), { auth: 'messages:read', params: idParam })
    .patch('/templates/:id', ({ params, body, user }) => updateTemplate(db, params.id, body, user.id), { auth: 'messages:write', params: idParam, body: updateTemplateInput })
    .delete('/templates/:id', ({ params, user }) => deleteTemplate(db, params.id, user.id), { auth: 'messages:write', params: idParam });

  const open = new Elysia({ prefix: '/api/communications' })
    .get('/unsubscribe', ({ query }) => unsubscribeStatus(db, query.token), { query: unsubscribeInput })
    .post(
      '/unsubscribe',
      ({ body }) => unsubscribe(db, body.token),
      { body: unsubscribeInput },
    );
  return new Elysia().use(admin).use(open);
};
