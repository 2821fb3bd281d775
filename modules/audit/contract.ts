import { z } from 'zod';
import { listQuery } from '../platform/list';

/** One audit log row as the API sends it. */
export type AuditEntryJson = {
  id: string;
  at: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  details: Record<string, unknown>;
  ip: string | null;
};

/** GET /api/admin/audit and /export, on the one list contract; 'at' and '-at' are kept as older names of createdAt. */
export const auditListQuery = listQuery({
  sort: ['createdAt', 'action', 'entityType', 'actorLabel'],
  defaultSort: '-createdAt',
  sortAliases: { at: 'createdAt', '-at': '-createdAt' },
  filters: {
    action: z.string().trim().max(100).optional(),
    entityType: z.string().trim().max(100).optional(),
    entityId: z.string().trim().max(200).optional(),
    actorId: z.uuid('actorId must be a user id').optional(),
    from: z.iso.date('from must be a date (YYYY-MM-DD)').optional(),
    to: z.iso.date('to must be a date (YYYY-MM-DD)').optional(),
  },
});
export type AuditListQuery = z.output<typeof auditListQuery>;
