/** The admin wallet management reads: every wallet, the withdrawals to decide, one investor's wallet. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { getFourEyesThresholdFils } from '../settings';
import {
  maskIban,
  walletMessages,
  type AdminWalletDetail,
  type AdminWalletRow,
  type AdminWalletsPage,
  type AdminWalletsQuery,
  type AdminWithdrawalJson,
  type WithdrawalStatus,
} from './contract';
import { listAdjustmentRequests, listAdjustments } from './adjustments';
import { listDeposits } from './deposits';
import { big, iso, isoOrNull, q } from './helpers';
import { listTransactions } from './movements';

type AdminWalletSqlRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  unicode: string;
  kyc_status: string;
  balance: string;
  held: string;
  pending_withdrawals: string;
  updated_at: string | null;
};

const adminWalletRow = (r: AdminWalletSqlRow): AdminWalletRow => ({
  userId: r.user_id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  unicode: r.unicode,
  kycStatus: r.kyc_status,
  balance: big(r.balance).toString(),
  held: big(r.held).toString(),
  available: (big(r.balance) - big(r.held)).toString(),
  pendingWithdrawals: Number(r.pending_withdrawals),
  updatedAt: isoOrNull(r.updated_at),
});

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listWallets(db: Db, query: AdminWalletsQuery): Promise<AdminWalletsPage> {
  const conds: SQL[] = [sql`u.role = 'investor'`];
  if (query.q) {
    const p = likePattern(query.q);
    conds.push(sql`(u.email ilike ${p} or u.unicode ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p})`);
  }
  if (query.withHolds === 'true') conds.push(sql`coalesce(w.held, 0) > 0`);
  const where = sql.join(conds, sql` and `);
  const order =
    query.sort === 'name' ? sql`u.first_name, u.last_name, u.id` : query.sort === 'updated' ? sql`w.updated_at desc nulls last, u.id` : sql`coalesce(w.balance, 0) desc, u.id`;
  const [items, [totals]] = await Promise.all([
    q<AdminWalletSqlRow>(
      db,
      sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.unicode, u.kyc_status,
                 coalesce(w.balance, 0)::text as balance, coalesce(w.held, 0)::text as held, w.updated_at,
                 (select count(*) from wallet_withdrawals x where x.user_id = u.id and x.status in ('pending', 'awaiting_second_approval'))::text as pending_withdrawals
            from users u left join wallets w on w.user_id = u.id
           where ${where} order by ${order} limit ${query.limit} offset ${query.offset}`,
    ),
    q<{ n: string; balance: string; held: string }>(
      db,
      sql`select count(*)::text as n, coalesce(sum(w.balance), 0)::text as balance, coalesce(sum(w.held), 0)::text as held
            from users u left join wallets w on w.user_id = u.id where ${where}`,
    ),
  ]);
  return {
    items: items.map(adminWalletRow),
    total: Number(totals.n),
    limit: query.limit,
    offset: query.offset,
    totals: { balance: big(totals.balance).toString(), held: big(totals.held).toString(), wallets: Number(totals.n) },
  };
}

const ADMIN_WITHDRAWAL_SQL = sql`select x.*, u.first_name, u.last_name, u.email, u.unicode, coalesce(w.balance, 0)::text as wallet_balance, fa.email as first_approved_by_email
  from wallet_withdrawals x join users u on u.id = x.user_id left join wallets w on w.user_id = x.user_id left join users fa on fa.id = x.first_approved_by`;

type AdminWithdrawalSqlRow = {
  id: string;
  user_id: string;
  amount: string;
  iban: string;
  account_name: string;
  status: WithdrawalStatus;
  reason: string | null;
  decided_by: string | null;
  first_approved_by: string | null;
  first_approved_by_email: string | null;
  first_approved_at: string | null;
  created_at: string;
  decided_at: string | null;
  paid_at: string | null;
  first_name: string;
  last_name: string;
  email: string;
  unicode: string;
  wallet_balance: string;
};

const adminWithdrawalJson = (r: AdminWithdrawalSqlRow, threshold: bigint): AdminWithdrawalJson => ({
  id: r.id,
  status: r.status,
  amount: big(r.amount).toString(),
  ibanMasked: maskIban(r.iban),
  accountName: r.account_name,
  reason: r.reason,
  createdAt: iso(r.created_at),
  decidedAt: isoOrNull(r.decided_at),
  paidAt: isoOrNull(r.paid_at),
  userId: r.user_id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  unicode: r.unicode,
  iban: r.iban,
  walletBalance: big(r.wallet_balance).toString(),
  decidedBy: r.decided_by,
  firstApprovedBy: r.first_approved_by,
  firstApprovedByEmail: r.first_approved_by_email,
  firstApprovedAt: isoOrNull(r.first_approved_at),
  needsSecondApproval: big(r.amount) > threshold,
});

export async function listAdminWithdrawals(db: Db, query: { status?: WithdrawalStatus; limit: number; offset: number; userId?: string }) {
  const conds: SQL[] = [sql`true`];
  if (query.status) conds.push(sql`x.status = ${query.status}`);
  if (query.userId) conds.push(sql`x.user_id = ${query.userId}`);
  const where = sql.join(conds, sql` and `);
  const [items, [{ n }], threshold] = await Promise.all([
    q<AdminWithdrawalSqlRow>(
      db,
      sql`${ADMIN_WITHDRAWAL_SQL} where ${where} order by x.status in ('pending', 'awaiting_second_approval') desc, x.created_at desc limit ${query.limit} offset ${query.offset}`,
    ),
    q<{ n: string }>(db, sql`select count(*)::text as n from wallet_withdrawals x where ${where}`),
    getFourEyesThresholdFils(db),
  ]);
  return { items: items.map((r) => adminWithdrawalJson(r, threshold)), total: Number(n) };
}

export async function getAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawalJson> {
  const [[row], threshold] = await Promise.all([q<AdminWithdrawalSqlRow>(db, sql`${ADMIN_WITHDRAWAL_SQL} where x.id = ${id}`), getFourEyesThresholdFils(db)]);
  if (!row) throw notFound(walletMessages.withdrawalNotFound, 'withdrawal_not_found');
  return adminWithdrawalJson(row, threshold);
}

export async function getAdminWallet(db: Db, userId: string): Promise<AdminWalletDetail> {
  const [row] = await q<AdminWalletSqlRow>(
    db,
    sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.unicode, u.kyc_status,
               coalesce(w.balance, 0)::text as balance, coalesce(w.held, 0)::text as held, w.updated_at,
               (select count(*) from wallet_withdrawals x where x.user_id = u.id and x.status in ('pending', 'awaiting_second_approval'))::text as pending_withdrawals
          from users u left join wallets w on w.user_id = u.id where u.id = ${userId} and u.role = 'investor'`,
  );
  if (!row) throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
  const [transactions, withdrawals, adjustments, requests, deposits, threshold] = await Promise.all([
    listTransactions(db, userId, { limit: 50, offset: 0 }),
    listAdminWithdrawals(db, { userId, limit: 50, offset: 0 }),
    listAdjustments(db, userId, 50),
    listAdjustmentRequests(db, { userId, limit: 50, offset: 0 }),
    listDeposits(db, userId, 50),
    getFourEyesThresholdFils(db),
  ]);
  return {
    wallet: adminWalletRow(row),
    transactions: transactions.items,
    withdrawals: withdrawals.items,
    adjustments,
    adjustmentRequests: requests.items,
    deposits,
    fourEyesThreshold: threshold.toString(),
  };
}
