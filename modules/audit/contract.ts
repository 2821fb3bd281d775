import { z } from 'zod';

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

export const auditListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  entityType: z.string().trim().max(100).optional(),
  entityId: z.string().trim().max(200).optional(),
  actorId: z.uuid('actorId must be a user id').optional(),
  from: z.iso.date('from must be a date (YYYY-MM-DD)').optional(),
  to: z.iso.date('to must be a date (YYYY-MM-DD)').optional(),
  sort: z.enum(['at', '-at'], { error: 'sort must be at or -at' }).optional().default('-at'),
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 500' }).int().min(1, 'limit must be a number from 1 to 500').max(500, 'limit must be a number from 1 to 500').optional().default(50),
  offset: z.coerce.number({ error: 'offset must be 0 or more' }).int().min(0, 'offset must be 0 or more').optional().default(0),
});
export type AuditListQuery = z.output<typeof auditListQuery>;
