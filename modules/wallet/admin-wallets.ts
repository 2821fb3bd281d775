/**
 * The admin wallet management reads: every wallet and the withdrawals to decide (on the one list contract,
 * with their CSV), one investor's wallet.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import type { AdminWalletsQuery, AdminWithdrawalsQuery } from './admin-list-contract';
import { getFourEyesThresholdFils } from '../settings';
import {
  maskIban,
  walletMessages,
  type AdminWalletDetail,
  type AdminWalletRow,
  type AdminWalletsPage,
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

const WALLET_FROM = sql`from users u left join wallets w on w.user_id = u.id`;
const investorName = sql`(u.first_name || ' ' || u.last_name)`;

const WALLET_SORT = {
  balance: sql`coalesce(w.balance, 0)`,
  held: sql`coalesce(w.held, 0)`,
  name: sql`lower(${investorName})`,
  // An investor without a wallet has never moved money: oldest of all.
  updatedAt: sql`coalesce(w.updated_at, 'epoch'::timestamptz)`,
  createdAt: sql`u.created_at`,
};

/** What a person types: the investor's name, email or unique ID. */
const walletWhere = (query: AdminWalletsQuery): SQL =>
  allOf(sql`u.role = 'investor'`, searchWhere(query.q, [investorName, sql`u.email`, sql`u.unicode`]), query.withHolds === 'true' && sql`coalesce(w.held, 0) > 0`)!;

const walletPage = (db: Db, query: AdminWalletsQuery, limit: number, offset: number) =>
  q<AdminWalletSqlRow>(
    db,
    sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.unicode, u.kyc_status,
               coalesce(w.balance, 0)::text as balance, coalesce(w.held, 0)::text as held, w.updated_at,
               (select count(*) from wallet_withdrawals x where x.user_id = u.id and x.status in ('pending', 'awaiting_second_approval'))::text as pending_withdrawals
          ${WALLET_FROM}
         where ${walletWhere(query)} order by ${orderSql(query.sort, WALLET_SORT, sql`u.id`)} limit ${limit} offset ${offset}`,
  ).then((rows) => rows.map(adminWalletRow));

/** GET /api/admin/wallets: investors' wallets, searched, filtered, sorted and paged in SQL, with totals over the filtered set. */
export async function listWallets(db: Db, query: AdminWalletsQuery): Promise<AdminWalletsPage> {
  const [items, [totals]] = await Promise.all([
    walletPage(db, query, query.limit, query.offset),
    q<{ n: string; balance: string; held: string }>(
      db,
      sql`select count(*)::text as n, coalesce(sum(w.balance), 0)::text as balance, coalesce(sum(w.held), 0)::text as held ${WALLET_FROM} where ${walletWhere(query)}`,
    ),
  ]);
  return {
    items,
    total: Number(totals.n),
    limit: query.limit,
    offset: query.offset,
    totals: { balance: big(totals.balance).toString(), held: big(totals.held).toString(), wallets: Number(totals.n) },
  };
}

export const WALLETS_CSV_HEADER = ['Name', 'Email', 'Unique ID', 'Verification', 'Balance (fils)', 'Held (fils)', 'Available (fils)', 'Withdrawals waiting', 'Last movement (UTC)'];

/** Every wallet of the same query, as CSV rows (amounts in fils, integers). */
export async function* walletCsvRows(db: Db, query: AdminWalletsQuery): AsyncGenerator<CsvCell[]> {
  for await (const w of allRows((limit, offset) => walletPage(db, query, limit, offset))) {
    yield [w.name, w.email, w.unicode, w.kycStatus, BigInt(w.balance), BigInt(w.held), BigInt(w.available), w.pendingWithdrawals, w.updatedAt];
  }
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

const WITHDRAWAL_SORT = {
  createdAt: sql`x.created_at`,
  amount: sql`x.amount`,
  name: sql`lower(u.first_name || ' ' || u.last_name)`,
  status: sql`x.status`,
};

type WithdrawalListQuery = Partial<AdminWithdrawalsQuery> & { limit: number; offset: number; userId?: string };

/** What a person types: the investor's name, email or unique ID, the IBAN (each group of four as typed), the account name. */
const withdrawalWhere = (query: WithdrawalListQuery): SQL | undefined =>
  allOf(
    searchWhere(query.q, [sql`(u.first_name || ' ' || u.last_name)`, sql`u.email`, sql`u.unicode`, sql`x.iban`, sql`x.account_name`]),
    query.status && sql`x.status = ${query.status}`,
    query.userId && sql`x.user_id = ${query.userId}`,
  );

const withdrawalPage = (db: Db, query: WithdrawalListQuery, threshold: bigint, limit: number, offset: number) =>
  q<AdminWithdrawalSqlRow>(
    db,
    sql`${ADMIN_WITHDRAWAL_SQL} where ${withdrawalWhere(query) ?? sql`true`} order by ${orderSql(query.sort ?? '-createdAt', WITHDRAWAL_SORT, sql`x.id`)} limit ${limit} offset ${offset}`,
  ).then((rows) => rows.map((r) => adminWithdrawalJson(r, threshold)));

/** GET /api/admin/wallets/withdrawals (and one investor's, with userId): searched, filtered, sorted and paged in SQL. */
export async function listAdminWithdrawals(db: Db, query: WithdrawalListQuery) {
  const threshold = await getFourEyesThresholdFils(db);
  const [items, [{ n }]] = await Promise.all([
    withdrawalPage(db, query, threshold, query.limit, query.offset),
    q<{ n: string }>(db, sql`select count(*)::text as n from wallet_withdrawals x join users u on u.id = x.user_id where ${withdrawalWhere(query) ?? sql`true`}`),
  ]);
  return { items, total: Number(n) };
}

export const WITHDRAWALS_CSV_HEADER = ['Requested (UTC)', 'Name', 'Email', 'Unique ID', 'Amount (fils)', 'IBAN', 'Account name', 'Status', 'Reason', 'First approved by', 'Decided (UTC)', 'Paid (UTC)'];

/** Every withdrawal of the same query, as CSV rows. */
export async function* withdrawalCsvRows(db: Db, query: AdminWithdrawalsQuery): AsyncGenerator<CsvCell[]> {
  const threshold = await getFourEyesThresholdFils(db);
  for await (const w of allRows((limit, offset) => withdrawalPage(db, query, threshold, limit, offset))) {
    yield [w.createdAt, w.name, w.email, w.unicode, BigInt(w.amount), w.iban, w.accountName, w.status, w.reason, w.firstApprovedByEmail, w.decidedAt, w.paidAt];
  }
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
