/**
 * The wallet admin lists on the one list contract (modules/platform/list.ts, decision 010). Browser-safe.
 *
 *   GET /api/admin/wallets                      adminWalletsQuery        → AdminWalletsPage { items, total, totals };  /export → text/csv
 *   GET /api/admin/wallets/withdrawals          adminWithdrawalsQuery    → { items: AdminWithdrawalJson[], total };    /export → text/csv
 *   GET /api/admin/wallets/adjustment-requests  adjustmentRequestsQuery  → { items: AdjustmentRequestJson[], total };  /export → text/csv
 *
 * Search (`q`) is case- and accent-insensitive over what a person types: the investor's name, email and
 * unique ID; for withdrawals also the IBAN and the account name; for adjustment requests the reason and
 * the email of the administrator who asked.
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';
import { ADJUSTMENT_REQUEST_STATUSES, WITHDRAWAL_STATUSES } from './contract';

export const ADMIN_WALLET_SORT_FIELDS = ['balance', 'held', 'name', 'updatedAt', 'createdAt'] as const;

/** Largest balance first by default; `createdAt` is when the investor joined. */
export const adminWalletsQuery = listQuery({
  sort: ADMIN_WALLET_SORT_FIELDS,
  defaultSort: '-balance',
  /** The words the screen sent before the contract. */
  sortAliases: { updated: '-updatedAt' },
  filters: {
    /** Only wallets with money held for pending withdrawals. */
    withHolds: z.enum(['true', 'false'], { error: 'withHolds must be true or false' }).optional(),
  },
});
export type AdminWalletsQuery = z.output<typeof adminWalletsQuery>;

export const ADMIN_WITHDRAWAL_SORT_FIELDS = ['createdAt', 'amount', 'name', 'status'] as const;

/** Newest request first by default. */
export const adminWithdrawalsQuery = listQuery({
  sort: ADMIN_WITHDRAWAL_SORT_FIELDS,
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(WITHDRAWAL_STATUSES, { error: `status must be one of: ${WITHDRAWAL_STATUSES.join(', ')}` }).optional(),
  },
});
export type AdminWithdrawalsQuery = z.output<typeof adminWithdrawalsQuery>;

export const ADJUSTMENT_REQUEST_SORT_FIELDS = ['createdAt', 'amount', 'name'] as const;

/** Newest request first by default. */
export const adjustmentRequestsQuery = listQuery({
  sort: ADJUSTMENT_REQUEST_SORT_FIELDS,
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(ADJUSTMENT_REQUEST_STATUSES, { error: `status must be one of: ${ADJUSTMENT_REQUEST_STATUSES.join(', ')}` }).optional(),
  },
});
export type AdjustmentRequestsQuery = z.output<typeof adjustmentRequestsQuery>;
