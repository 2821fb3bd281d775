import { z } from 'zod';
import { listQuery } from '../platform/list';

/** Admin: GET /api/admin/outbox and /export, on the one list contract (modules/platform/list.ts). */
export const adminOutboxQuery = listQuery({
  sort: ['createdAt', 'to', 'subject', 'kind', 'status', 'sentAt'],
  defaultSort: '-createdAt',
  filters: {
    kind: z.string().trim().max(60, 'kind is too long').optional(),
    status: z.string().trim().max(40, 'status is too long').optional(),
    to: z.string().trim().max(254, 'to is too long').optional(),
  },
});
export type AdminOutboxQuery = z.output<typeof adminOutboxQuery>;
