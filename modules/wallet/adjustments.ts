/**
 * Manual wallet adjustments by administrators, with their reason: journaled (adjustmentPosting), audited and
 * shown to the investor. Above the four-eyes threshold the first administrator only asks (an adjustment
 * request); a DIFFERENT administrator approves (the adjustment is then made) or rejects. Nobody adjusts
 * their own wallet, and nobody approves their own request.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound, unprocessable } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '../audit';
import { post } from '../ledger';
import { notify, notifyAdmins } from '../notifications';
import { getFourEyesThresholdFils } from '../settings';
import {
  walletErrorCodes,
  walletMessages,
  type AdjustmentInput,
  type AdjustmentJson,
  type AdjustmentRequestJson,
  type AdjustmentRequestStatus,
} from './contract';
import type { AdjustmentRequestsQuery } from './admin-list-contract';
import { aed, big, dubaiDate, fullName, investorAccountCode, iso, isoOrNull, loadUser, q } from './helpers';
import { lockWallet, moveWallet } from './movements';
import { adjustmentPosting } from './postings';
import { walletAdjustmentRequests, walletAdjustments } from './schema';

export const adjustmentJson = (a: typeof walletAdjustments.$inferSelect): AdjustmentJson => ({
  id: a.id,
  userId: a.userId,
  amount: a.amount.toString(),
  reason: a.reason,
  balanceAfter: a.balanceAfter.toString(),
  journalReference: a.journalReference,
  createdBy: a.createdBy,
  createdAt: a.createdAt.toISOString(),
});

const abs = (n: bigint) => (n < 0n ? -n : n);

async function investorFor(tx: Db, adminId: string, userId: string) {
  if (userId === adminId) throw new AppError(403, walletErrorCodes.selfApproval, walletMessages.ownWallet);
  const user = await loadUser(tx, userId);
  if (!user || user.role !== 'investor') throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
  return user;
}

/** Makes an adjustment inside the caller's transaction (a debit cannot take the wallet below what is held). */
async function applyAdjustment(tx: Db, a: { userId: string; amount: bigint; reason: string; createdBy: string; approvedBy: string | null; ip: string | null }): Promise<AdjustmentJson> {
  const user = (await loadUser(tx, a.userId))!;
  const wallet = await lockWallet(tx, a.userId);
  if (a.amount < 0n && wallet.available < -a.amount) {
    throw new AppError(422, walletErrorCodes.adjustmentNegative, walletMessages.adjustmentWouldGoNegative(wallet.available), { available: wallet.available.toString() });
  }
  const id = crypto.randomUUID();
  const investorAccount = await investorAccountCode(tx, a.userId);
  const actor = a.approvedBy ?? a.createdBy;
  const posted = await post(tx, adjustmentPosting({ id, amount: a.amount, reason: a.reason }, { investorAccount, date: dubaiDate(), authorId: actor }));
  const balanceAfter = await moveWallet(tx, { userId: a.userId, delta: a.amount, kind: 'adjustment', description: `Adjustment: ${a.reason}`, ref: { type: 'adjustment', id }, journalReference: posted.reference });
  const [row] = await tx
    .insert(walletAdjustments)
    .values({ id, userId: a.userId, amount: a.amount, reason: a.reason, balanceAfter, journalReference: posted.reference, createdBy: a.createdBy, approvedBy: a.approvedBy })
    .returning();
  const credit = a.amount > 0n;
  await recordAudit(tx, {
    actorId: actor,
    action: 'wallet.adjust',
    entityType: 'wallet',
    entityId: a.userId,
    summary: `${credit ? 'Credited' : 'Debited'} ${aed(abs(a.amount))} ${credit ? 'to' : 'from'} the wallet of ${fullName(user)} (${user.unicode}): ${a.reason}`,
    details: { amount: a.amount, reason: a.reason, balanceAfter, journalReference: posted.reference, adjustmentId: id, requestedBy: a.createdBy, approvedBy: a.approvedBy },
    ip: a.ip,
  });
  await notify(tx, {
    userId: a.userId,
    kind: 'wallet',
    title: credit ? 'Your wallet was credited' : 'Your wallet was debited',
    body: `${aed(abs(a.amount))} ${credit ? 'was added to' : 'was taken from'} your wallet by Manzil: ${a.reason}`,
    link: '/wallet',
  });
  return adjustmentJson(row);
}

/**
 * An administrator adjusts an investor's wallet: at or below the four-eyes threshold it is made at once
 * (AdjustmentJson); above it, a request waits for another administrator (AdjustmentRequestJson).
 */
export async function adjustWallet(db: Db, adminId: string, userId: string, input: AdjustmentInput, ip?: string | null): Promise<AdjustmentJson | AdjustmentRequestJson> {
  const threshold = await getFourEyesThresholdFils(db);
  const requestId = await db.transaction(async (tx) => {
    const user = await investorFor(tx, adminId, userId);
    if (abs(input.amount) <= threshold) return applyAdjustment(tx, { userId, amount: input.amount, reason: input.reason, createdBy: adminId, approvedBy: null, ip: ip ?? null });
    const [row] = await tx.insert(walletAdjustmentRequests).values({ userId, amount: input.amount, reason: input.reason, requestedBy: adminId }).returning({ id: walletAdjustmentRequests.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.adjust.request',
      entityType: 'adjustment_request',
      entityId: row.id,
      summary: `Asked for a ${input.amount > 0n ? 'credit' : 'debit'} of ${aed(abs(input.amount))} on the wallet of ${fullName(user)} (${user.unicode}), above ${aed(threshold)}: ${input.reason}`,
      details: { userId, amount: input.amount, reason: input.reason, threshold },
      ip: ip ?? null,
    });
    await notifyAdmins(tx, {
      kind: 'withdrawal_requested',
      title: `Adjustment to approve: ${aed(input.amount)}`,
      body: `An adjustment of ${aed(input.amount)} on the wallet of ${fullName(user)} needs a second administrator.`,
      link: '/admin/users/wallet-management',
    });
    return row.id;
  });
  return typeof requestId === 'string' ? getAdjustmentRequest(db, requestId) : requestId;
}

async function lockRequest(tx: Db, id: string) {
  const [r] = await tx.select().from(walletAdjustmentRequests).where(eq(walletAdjustmentRequests.id, id)).for('update');
  if (!r) throw notFound(walletMessages.requestNotFound, 'request_not_found');
  if (r.status !== 'pending') throw unprocessable(walletMessages.requestNotPending(r.status), walletErrorCodes.requestNotPending);
  return r;
}

/** A different administrator approves a request: the adjustment is made, in the same transaction. */
export async function approveAdjustmentRequest(db: Db, adminId: string, id: string, ip?: string | null): Promise<AdjustmentRequestJson> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    if (r.requestedBy === adminId) throw new AppError(403, walletErrorCodes.secondAdminRequired, walletMessages.secondAdminRequired);
    await investorFor(tx, adminId, r.userId);
    const made = await applyAdjustment(tx, { userId: r.userId, amount: r.amount, reason: r.reason, createdBy: r.requestedBy, approvedBy: adminId, ip: ip ?? null });
    await tx.update(walletAdjustmentRequests).set({ status: 'approved', decidedBy: adminId, decidedAt: new Date(), adjustmentId: made.id }).where(eq(walletAdjustmentRequests.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.adjust.approve',
      entityType: 'adjustment_request',
      entityId: id,
      summary: `Approved an adjustment of ${aed(r.amount)} asked for by another administrator: ${r.reason}`,
      details: { userId: r.userId, amount: r.amount, requestedBy: r.requestedBy, adjustmentId: made.id, journalReference: made.journalReference },
      ip: ip ?? null,
    });
  });
  return getAdjustmentRequest(db, id);
}

/** Any administrator rejects a request (the one who asked may withdraw it); nothing moves. */
export async function rejectAdjustmentRequest(db: Db, adminId: string, id: string, reason: string, ip?: string | null): Promise<AdjustmentRequestJson> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    await tx.update(walletAdjustmentRequests).set({ status: 'rejected', decidedBy: adminId, decidedAt: new Date(), decisionNote: reason }).where(eq(walletAdjustmentRequests.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.adjust.reject',
      entityType: 'adjustment_request',
      entityId: id,
      summary: `Rejected an adjustment of ${aed(r.amount)}: ${reason}`,
      details: { userId: r.userId, amount: r.amount, requestedBy: r.requestedBy, reason },
      ip: ip ?? null,
    });
  });
  return getAdjustmentRequest(db, id);
}

type RequestSqlRow = {
  id: string;
  user_id: string;
  amount: string;
  reason: string;
  status: AdjustmentRequestStatus;
  requested_by: string;
  decided_by: string | null;
  decision_note: string | null;
  adjustment_id: string | null;
  created_at: string;
  decided_at: string | null;
  first_name: string;
  last_name: string;
  unicode: string;
  requested_by_email: string;
  decided_by_email: string | null;
};

const REQUEST_SQL = sql`select r.*, u.first_name, u.last_name, u.unicode, ra.email as requested_by_email, da.email as decided_by_email
  from wallet_adjustment_requests r join users u on u.id = r.user_id join users ra on ra.id = r.requested_by left join users da on da.id = r.decided_by`;

const requestJson = (r: RequestSqlRow): AdjustmentRequestJson => ({
  id: r.id,
  userId: r.user_id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  unicode: r.unicode,
  amount: big(r.amount).toString(),
  reason: r.reason,
  status: r.status,
  requestedBy: r.requested_by,
  requestedByEmail: r.requested_by_email,
  decidedBy: r.decided_by,
  decidedByEmail: r.decided_by_email,
  decisionNote: r.decision_note,
  adjustmentId: r.adjustment_id,
  createdAt: iso(r.created_at),
  decidedAt: isoOrNull(r.decided_at),
});

export async function getAdjustmentRequest(db: Db, id: string): Promise<AdjustmentRequestJson> {
  const [row] = await q<RequestSqlRow>(db, sql`${REQUEST_SQL} where r.id = ${id}`);
  if (!row) throw notFound(walletMessages.requestNotFound, 'request_not_found');
  return requestJson(row);
}

const REQUEST_SORT = {
  createdAt: sql`r.created_at`,
  amount: sql`r.amount`,
  name: sql`lower(u.first_name || ' ' || u.last_name)`,
};

type RequestListQuery = Partial<AdjustmentRequestsQuery> & { limit: number; offset: number; userId?: string };

/** What a person types: the investor's name or unique ID, the reason, the email of the administrator who asked. */
const requestWhere = (query: RequestListQuery): SQL =>
  allOf(
    sql`true`,
    searchWhere(query.q, [sql`(u.first_name || ' ' || u.last_name)`, sql`u.unicode`, sql`r.reason`, sql`ra.email`]),
    query.status && sql`r.status = ${query.status}`,
    query.userId && sql`r.user_id = ${query.userId}`,
  )!;

const requestPage = (db: Db, query: RequestListQuery, limit: number, offset: number) =>
  q<RequestSqlRow>(db, sql`${REQUEST_SQL} where ${requestWhere(query)} order by ${orderSql(query.sort ?? '-createdAt', REQUEST_SORT, sql`r.id`)} limit ${limit} offset ${offset}`).then((rows) =>
    rows.map(requestJson),
  );

/** GET /api/admin/wallets/adjustment-requests (and one investor's, with userId): searched, filtered, sorted and paged in SQL. */
export async function listAdjustmentRequests(db: Db, query: RequestListQuery) {
  const [items, [{ n }]] = await Promise.all([
    requestPage(db, query, query.limit, query.offset),
    q<{ n: string }>(
      db,
      sql`select count(*)::text as n from wallet_adjustment_requests r join users u on u.id = r.user_id join users ra on ra.id = r.requested_by where ${requestWhere(query)}`,
    ),
  ]);
  return { items, total: Number(n) };
}

export const ADJUSTMENT_REQUESTS_CSV_HEADER = ['Asked (UTC)', 'Name', 'Unique ID', 'Amount (fils)', 'Reason', 'Status', 'Asked by', 'Decided by', 'Decision note', 'Decided (UTC)'];

/** Every adjustment request of the same query, as CSV rows. */
export async function* adjustmentRequestCsvRows(db: Db, query: AdjustmentRequestsQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => requestPage(db, query, limit, offset))) {
    yield [r.createdAt, r.name, r.unicode, BigInt(r.amount), r.reason, r.status, r.requestedByEmail, r.decidedByEmail, r.decisionNote, r.decidedAt];
  }
}

export async function listAdjustments(db: Db, userId: string, limit = 50): Promise<AdjustmentJson[]> {
  const rows = await db.select().from(walletAdjustments).where(eq(walletAdjustments.userId, userId)).orderBy(desc(walletAdjustments.createdAt)).limit(limit);
  return rows.map(adjustmentJson);
}
