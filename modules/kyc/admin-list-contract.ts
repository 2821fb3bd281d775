/**
 * The KYC admin lists on the one list contract (modules/platform/list.ts, decision 010). Browser-safe.
 *
 *   GET /api/admin/kyc        adminKycListQuery   → { items: AdminKycListItem[], total };      /kyc/export → text/csv
 *   GET /api/admin/documents  adminDocumentsQuery → { items: AdminDocumentListItem[], total }; /documents/export → text/csv
 *
 * The review queue sorts oldest submission first by default (a queue); the older sort words the screen
 * sends (submitted_at, -updated_at, …) are kept as aliases.
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';
import { documentTypeSchema, KYC_DOCUMENT_STATUSES, KYC_STATUSES, RISK_LEVELS } from './contract';

/** `pending` = waiting for a decision (submitted, resubmitted, under_review); `all` or omitted = every application that was started. */
export const ADMIN_KYC_STATUS_FILTERS = ['all', 'pending', ...KYC_STATUSES] as const;
export const ADMIN_KYC_SORT_FIELDS = ['createdAt', 'submittedAt', 'updatedAt', 'name', 'risk'] as const;

const olderThanDaysMessage = 'olderThanDays must be a whole number from 0 to 3650';

/** Search: name (legal or account), email, unique ID (MZ-…), ID number. */
export const adminKycListQuery = listQuery({
  sort: ADMIN_KYC_SORT_FIELDS,
  defaultSort: 'submittedAt',
  sortAliases: { submitted_at: 'submittedAt', '-submitted_at': '-submittedAt', updated_at: 'updatedAt', '-updated_at': '-updatedAt', created_at: 'createdAt', '-created_at': '-createdAt' },
  filters: {
    status: z.enum(ADMIN_KYC_STATUS_FILTERS, { error: `status must be one of: ${ADMIN_KYC_STATUS_FILTERS.join(', ')}` }).optional().default('all'),
    risk: z.enum(RISK_LEVELS, { error: 'risk must be low, medium or high' }).optional(),
    /** Only applications submitted at least this many days ago (the queue's age filter). */
    olderThanDays: z.coerce.number({ error: olderThanDaysMessage }).int(olderThanDaysMessage).min(0, olderThanDaysMessage).max(3650, olderThanDaysMessage).optional(),
  },
});
export type AdminKycListQuery = z.input<typeof adminKycListQuery>;
export type AdminKycListParams = z.output<typeof adminKycListQuery>;

export const ADMIN_DOCUMENT_SORT_FIELDS = ['createdAt', 'type', 'status', 'name', 'email'] as const;

/** Search: owner's name, email and unique ID, the document's file name and type. `createdAt` is the upload time. */
export const adminDocumentsQuery = listQuery({
  sort: ADMIN_DOCUMENT_SORT_FIELDS,
  defaultSort: '-createdAt',
  sortAliases: { uploadedAt: 'createdAt', '-uploadedAt': '-createdAt', newest: '-createdAt', oldest: 'createdAt' },
  filters: {
    userId: z.uuid({ error: 'userId must be a user id' }).optional(),
    type: documentTypeSchema.optional(),
    status: z.enum(KYC_DOCUMENT_STATUSES, { error: 'status must be pending, accepted or rejected' }).optional(),
    /** Superseded documents (replaced by a newer upload of the same type) are left out unless asked for. */
    includeSuperseded: z
      .enum(['true', 'false'], { error: 'includeSuperseded must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
  },
});
export type AdminDocumentsQuery = z.input<typeof adminDocumentsQuery>;
export type AdminDocumentsParams = z.output<typeof adminDocumentsQuery>;
