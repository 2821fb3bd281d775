import { Elysia } from 'elysia';
import Papa from 'papaparse';
import type { Db } from '../../db/client';
import { authPlugin } from '../auth';
import { auditListQuery } from './contract';
import { exportAudit, listAudit } from './service';

/**
 * The audit log for administrators.
 *   GET /api/admin/audit          ?q&action&entityType&entityId&actorId&from&to&sort&limit&offset → { items, total }
 *   GET /api/admin/audit/export   the same filters → text/csv
 */
export const auditRoutes = (deps: { db: Db }) =>
  new Elysia({ prefix: '/api/admin/audit' })
    .use(authPlugin(deps))
    .get('/', ({ query }) => listAudit(deps.db, query), { auth: 'admin', query: auditListQuery })
    .get(
      '/export',
      async ({ query, set }) => {
        const rows = await exportAudit(deps.db, query);
        set.headers['content-type'] = 'text/csv; charset=utf-8';
        set.headers['content-disposition'] = `attachment; filename="manzil-audit-log.csv"`;
        return Papa.unparse(
          rows.map((r) => ({ at: r.at, actor: r.actorLabel, action: r.action, entity_type: r.entityType, entity_id: r.entityId ?? '', summary: r.summary, ip: r.ip ?? '', details: JSON.stringify(r.details) })),
        );
      },
      { auth: 'admin', query: auditListQuery },
    );
