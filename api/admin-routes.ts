import { Elysia } from 'elysia';
import type { Db } from '../db/client';
import { authPlugin } from '../modules/auth';
import { contactMessagesCsvRows, CONTACT_MESSAGES_CSV_HEADER, listAdminContactMessages } from '../modules/contact/admin-list';
import { adminContactMessagesQuery } from '../modules/contact/contract';
import { listAdminOutbox, OUTBOX_CSV_HEADER, outboxCsvRows } from '../modules/email/admin-list';
import { adminOutboxQuery } from '../modules/email/contract';
import { listAdminWaitlist, WAITLIST_CSV_HEADER, waitlistCsvRows } from '../modules/waitlist/admin-list';
import { adminWaitlistQuery } from '../modules/waitlist/contract';
import { csvResponse, exportName } from './list';

/**
 * Back-office lists of what the public site collects, on the one list contract (modules/platform/list.ts):
 *   GET /api/admin/waitlist           ?q&interest&sort&limit&offset → { items, total };  /export → text/csv
 *   GET /api/admin/contact-messages   ?q&topic&status&sort&limit&offset → { items, total };  /export → text/csv
 *   GET /api/admin/outbox             ?q&kind&status&to&sort&limit&offset → { items, total };  /export → text/csv (no bodies)
 */
export const adminRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin' })
    .use(authPlugin(deps))
    .get('/waitlist', ({ query }) => listAdminWaitlist(db, query), { auth: 'messages:read', query: adminWaitlistQuery })
    .get('/waitlist/export', ({ query }) => csvResponse(exportName('waitlist'), WAITLIST_CSV_HEADER, waitlistCsvRows(db, query)), { auth: 'messages:read', query: adminWaitlistQuery })
    .get('/contact-messages', ({ query }) => listAdminContactMessages(db, query), { auth: 'messages:read', query: adminContactMessagesQuery })
    .get('/contact-messages/export', ({ query }) => csvResponse(exportName('contact-messages'), CONTACT_MESSAGES_CSV_HEADER, contactMessagesCsvRows(db, query)), { auth: 'messages:read', query: adminContactMessagesQuery })
    .get('/outbox', ({ query }) => listAdminOutbox(db, query), { auth: 'messages:read', query: adminOutboxQuery })
    .get('/outbox/export', ({ query }) => csvResponse(exportName('email-outbox'), OUTBOX_CSV_HEADER, outboxCsvRows(db, query)), { auth: 'messages:read', query: adminOutboxQuery });
};
