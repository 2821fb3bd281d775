/**
 * The chart of accounts and the cost centers as lists on the one list contract (decision 010). Browser-safe.
 *
 *   GET /api/admin/ledger/accounts?q&type&includeArchived&sort&limit&offset       → { items, total };  /accounts/export → text/csv
 *   GET /api/admin/ledger/cost-centers?q&kind&status&includeArchived&sort&limit&offset → { items, total };  /cost-centers/export → text/csv
 *
 * Pickers and the tree screens need the whole chart, not a page: they read
 *   GET /api/admin/ledger/accounts/options?type&includeArchived  and  GET /api/admin/ledger/cost-centers/options
 * (every row, ordered by code, the same item shape).
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';
import { ACCOUNT_TYPES, COST_CENTER_KINDS, type AccountJson } from './contract';

const includeArchived = z
  .enum(['true', 'false'], { error: 'includeArchived must be true or false' })
  .optional()
  .transform((v) => v !== 'false');

export const accountsListQuery = listQuery({
  sort: ['code', 'name', 'type', 'createdAt'],
  defaultSort: 'code',
  filters: {
    type: z.enum(ACCOUNT_TYPES, { error: `type must be one of: ${ACCOUNT_TYPES.join(', ')}` }).optional(),
    /** Archived accounts are listed unless includeArchived=false. */
    includeArchived,
  },
});
export type AccountsListQuery = z.output<typeof accountsListQuery>;

export const accountOptionsQuery = z.object({
  type: z.enum(ACCOUNT_TYPES, { error: `type must be one of: ${ACCOUNT_TYPES.join(', ')}` }).optional(),
  includeArchived,
});

export const COST_CENTER_STATUSES = ['active', 'archived'] as const;

export const costCentersListQuery = listQuery({
  sort: ['code', 'name', 'kind', 'createdAt'],
  defaultSort: 'code',
  filters: {
    kind: z.enum(COST_CENTER_KINDS, { error: `kind must be one of: ${COST_CENTER_KINDS.join(', ')}` }).optional(),
    /** Only the active ones, or only the archived ones (omitted: both, unless includeArchived=false). */
    status: z.enum(COST_CENTER_STATUSES, { error: 'status must be active or archived' }).optional(),
    includeArchived,
  },
});
export type CostCentersListQuery = z.output<typeof costCentersListQuery>;

export type AccountListItem = AccountJson & { createdAt: string };
