/**
 * GET /api/admin/properties (and /export) on the one list contract (modules/platform/list.ts, decision 010).
 * Browser-safe. The public catalogue (/api/properties) keeps its own page/pageSize query (contract.ts).
 *
 *   GET /api/admin/properties?q&status&city&community&type&minYieldBps&minValue&maxValue&sort&limit&offset
 *     → { items: AdminPropertyListItem[], total, limit, offset };  /export → text/csv of the whole filtered set
 *
 * The catalogue's sort words (featured, newest, yield, funded, deadline, value_asc, value_desc) are kept as aliases.
 */
import { z } from 'zod';
import { listQuery, type ListResult } from '../platform/list';
import { PROPERTY_STATUSES, PROPERTY_TYPES, type PropertyCardJson } from './contract';

export const ADMIN_PROPERTY_SORT_FIELDS = ['createdAt', 'publishedAt', 'reference', 'title', 'city', 'status', 'netYield', 'valuation', 'funded', 'deadline'] as const;
export type AdminPropertySortField = (typeof ADMIN_PROPERTY_SORT_FIELDS)[number];

const fils = (name: string) => z.string({ error: `${name} must be a whole number of fils` }).regex(/^\d{1,16}$/, `${name} must be a whole number of fils`);
const yieldMessage = 'minYieldBps must be a whole number of basis points from 0 to 10000';

export const adminPropertiesQuery = listQuery({
  sort: ADMIN_PROPERTY_SORT_FIELDS,
  /** Funding first, then coming soon, funded, exited, drafts, closed (the catalogue's "featured" order). */
  defaultSort: 'status',
  sortAliases: { featured: 'status', newest: '-publishedAt', yield: '-netYield', funded: '-funded', deadline: 'deadline', value_asc: 'valuation', value_desc: '-valuation' },
  filters: {
    status: z.enum(PROPERTY_STATUSES, { error: `status must be one of: ${PROPERTY_STATUSES.join(', ')}` }).optional(),
    city: z.string({ error: 'city must be text' }).trim().max(60, 'city must be at most 60 characters').optional(),
    community: z.string({ error: 'community must be text' }).trim().max(80, 'community must be at most 80 characters').optional(),
    type: z.enum(PROPERTY_TYPES, { error: `type must be one of: ${PROPERTY_TYPES.join(', ')}` }).optional(),
    minYieldBps: z.coerce.number({ error: yieldMessage }).int(yieldMessage).min(0, yieldMessage).max(10_000, yieldMessage).optional(),
    minValue: fils('minValue').optional(),
    maxValue: fils('maxValue').optional(),
  },
});
export type AdminPropertiesQuery = z.input<typeof adminPropertiesQuery>;
export type AdminPropertiesParams = z.output<typeof adminPropertiesQuery>;

/** A catalogue card plus what the back office sorts and reads by. */
export type AdminPropertyListItem = PropertyCardJson & { createdAt: string };
export type AdminPropertyList = ListResult<AdminPropertyListItem, { limit: number; offset: number }>;
