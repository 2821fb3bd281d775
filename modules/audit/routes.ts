import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '../auth';
import { auditListQuery } from './contract';
import { AUDIT_CSV_HEADER, auditCsvRows, listAudit } from './service';

/**
 * The audit log for administrators, on the one list contract (modules/platform/list.ts).
 *   GET /api/admin/audit          ?q&action&entityType&entityId&actorId&from&to&sort&limit&offset → { items, total }
 *   GET /api/admin/audit/export   the same query → text/csv of every matching row
 */
export const auditRoutes = (deps: { db: Db }) =>
  new Elysia({ prefix: '/api/admin/audit' })
    .use(authPlugin(deps))
    .get('/', ({ query }) => listAudit(deps.db, query), { auth: 'audit:read', query: auditListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('audit-log'), AUDIT_CSV_HEADER, auditCsvRows(deps.db, query)), { auth: 'audit:read', query: auditListQuery });
