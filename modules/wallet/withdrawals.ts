/**
 * Withdrawals: the investor asks (the amount is held), an administrator approves — two different ones above
 * the four-eyes threshold — and the approval debits the wallet, journals it and queues the payout in ONE
 * transaction; the provider is called after commit (./payouts.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound, unprocessable } from '@api/errors';
import { recordAudit } from '../audit';
import { assertNotSuspended } from '../auth/suspension';
import { post } from '../ledger';
import { notify, notifyAdmins } from '../notifications';
import type { PaymentProvider } from '../payments';
import { getFourEyesThresholdFils } from '../settings';
import {
  maskIban,
  sameHolderName,
  walletErrorCodes,
  walletMessages,
  withdrawalStatusLabels,
  type AdminWithdrawalJson,
  type WithdrawalInput,
  type WithdrawalJson,
  type WithdrawalStatus,
} from './contract';
import { aed, dubaiDate, fullName, investorAccountCode, q, verifiedInvestor, verifiedName } from './helpers';
import { availableOf } from './movements';
import { getAdminWithdrawal } from './admin-wallets';
import { deliverPayouts } from './payouts';
import { withdrawalPosting } from './postings';
import { walletPayouts, walletWithdrawals } from './schema';

type WithdrawalRow = typeof walletWithdrawals.$inferSelect;

export const withdrawalJson = (w: WithdrawalRow): WithdrawalJson => ({
  id: w.id,
  status: w.status as WithdrawalStatus,
  amount: w.amount.toString(),
  ibanMasked: maskIban(w.iban),
  accountName: w.accountName,
  reason: w.reason,
  createdAt: w.createdAt.toISOString(),
  decidedAt: w.decidedAt ? w.decidedAt.toISOString() : null,
  paidAt: w.paidAt ? w.paidAt.toISOString() : null,
});

/**
 * Holds the amount (available drops, balance stays) and records the request for an administrator. Only a
 * verified investor may withdraw, and only to an account in their verified name.
 */
export async function requestWithdrawal(db: Db, userId: string, input: WithdrawalInput, opts: { provider?: PaymentProvider | null } = {}): Promise<WithdrawalJson> {
  if (opts.provider === null) throw new AppError(503, walletErrorCodes.paymentsNotConfigured, walletMessages.paymentsNotConfigured);
  return db.transaction(async (tx) => {
    await assertNotSuspended(tx, userId);
    const user = await verifiedInvestor(tx, userId, walletMessages.kycRequiredWithdrawal);
    const holder = await verifiedName(tx, user);
    if (input.accountName && !sameHolderName(input.accountName, holder)) {
      throw new AppError(422, walletErrorCodes.accountNameMismatch, walletMessages.accountNameMismatch(holder), { fields: { accountName: walletMessages.accountNameMismatch(holder) } });
    }
    await q(tx, sql`insert into wallets (user_id) values (${userId}) on conflict (user_id) do nothing`);
    const [held] = await q<{ held: string }>(
      tx,
      sql`update wallets set held = held + ${input.amount.toString()}::bigint, updated_at = now()
           where user_id = ${userId} and balance - held >= ${input.amount.toString()}::bigint
          returning held::text`,
    );
    if (!held) {
      const available = await availableOf(tx, userId);
      throw new AppError(422, walletErrorCodes.insufficientFunds, walletMessages.insufficientAvailable(available), { available: available.toString(), required: input.amount.toString() });
    }
    const [row] = await tx.insert(walletWithdrawals).values({ userId, amount: input.amount, iban: input.iban, accountName: holder, status: 'pending' }).returning();
    await notifyAdmins(tx, {
      kind: 'withdrawal_requested',
      title: `Withdrawal to approve: ${aed(input.amount)}`,
      body: `${fullName(user)} asked to withdraw ${aed(input.amount)} to an account ending ${input.iban.slice(-4)}.`,
      link: '/admin/users/wallet-management',
    });
    return withdrawalJson(row);
  });
}

export async function listWithdrawals(db: Db, userId: string): Promise<WithdrawalJson[]> {
  const rows = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.userId, userId)).orderBy(desc(walletWithdrawals.createdAt)).limit(100);
  return rows.map(withdrawalJson);
}

const UNDECIDED: WithdrawalStatus[] = ['pending', 'awaiting_second_approval'];

async function lockWithdrawal(tx: Db, id: string, userId?: string) {
  const [w] = await tx
    .select()
    .from(walletWithdrawals)
    .where(userId ? and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.userId, userId)) : eq(walletWithdrawals.id, id))
    .for('update');
  if (!w) throw notFound(walletMessages.withdrawalNotFound, 'withdrawal_not_found');
  if (!UNDECIDED.includes(w.status as WithdrawalStatus)) {
    throw unprocessable(walletMessages.withdrawalNotPending(withdrawalStatusLabels[w.status as WithdrawalStatus]?.toLowerCase() ?? w.status), walletErrorCodes.withdrawalNotPending);
  }
  return w;
}

async function releaseHold(tx: Db, userId: string, amount: bigint) {
  await q(tx, sql`update wallets set held = held - ${amount.toString()}::bigint, updated_at = now() where user_id = ${userId}`);
}

/** The investor withdraws their own undecided request: the hold is released. */
export async function cancelWithdrawal(db: Db, userId: string, id: string): Promise<WithdrawalJson> {
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, userId);
    await releaseHold(tx, userId, w.amount);
    const [row] = await tx.update(walletWithdrawals).set({ status: 'cancelled', decidedAt: new Date() }).where(eq(walletWithdrawals.id, id)).returning();
    return withdrawalJson(row);
  });
}

const refuseOwn = (adminId: string, w: WithdrawalRow) => {
  if (w.userId === adminId) throw new AppError(403, walletErrorCodes.selfApproval, walletMessages.ownWithdrawal);
};

/**
 * An administrator approves a withdrawal. Above the four-eyes threshold the first approval only records who
 * approved ('awaiting_second_approval'); a DIFFERENT administrator's approval then pays it. Paying: the held
 * amount leaves the wallet, the books record it (withdrawalPosting) and a payout outbox row is written — one
 * transaction; the provider is called after commit, keyed by the withdrawal id. Nobody approves a withdrawal
 * from their own wallet, and nobody gives both approvals.
 */
export async function approveWithdrawal(db: Db, provider: PaymentProvider | null, adminId: string, id: string, ip?: string | null): Promise<AdminWithdrawalJson> {
  const threshold = await getFourEyesThresholdFils(db);
  const outcome = await db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    refuseOwn(adminId, w);
    if (w.status === 'awaiting_second_approval' && w.firstApprovedBy === adminId) {
      throw new AppError(403, walletErrorCodes.secondAdminRequired, walletMessages.secondAdminRequired);
    }
    if (w.status === 'pending' && w.amount > threshold) {
      await tx.update(walletWithdrawals).set({ status: 'awaiting_second_approval', firstApprovedBy: adminId, firstApprovedAt: new Date() }).where(eq(walletWithdrawals.id, w.id));
      await recordAudit(tx, {
        actorId: adminId,
        action: 'wallet.withdrawal.first_approval',
        entityType: 'withdrawal',
        entityId: w.id,
        summary: `Approved a withdrawal of ${aed(w.amount)} to ${maskIban(w.iban)}, pending a second administrator (above ${aed(threshold)})`,
        details: { userId: w.userId, amount: w.amount, threshold },
        ip: ip ?? null,
      });
      await notifyAdmins(tx, {
        kind: 'withdrawal_requested',
        title: `Second approval needed: ${aed(w.amount)}`,
        body: `A withdrawal of ${aed(w.amount)} has one approval and needs a second administrator.`,
        link: '/admin/users/wallet-management',
      });
      return 'awaiting' as const;
    }
    if (!provider) throw new AppError(503, walletErrorCodes.paymentsNotConfigured, walletMessages.paymentsNotConfigured);
    const [after] = await q<{ balance: string }>(
      tx,
      sql`update wallets set balance = balance - ${w.amount.toString()}::bigint, held = held - ${w.amount.toString()}::bigint, updated_at = now()
           where user_id = ${w.userId} and held >= ${w.amount.toString()}::bigint returning balance::text`,
    );
    if (!after) throw new AppError(409, 'hold_missing', 'The amount held for this withdrawal is no longer in the wallet. Reject it instead.');
    const investorAccount = await investorAccountCode(tx, w.userId);
    const posted = await post(tx, withdrawalPosting(w, { investorAccount, date: dubaiDate(), authorId: adminId }));
    await q(
      tx,
      sql`insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, journal_reference)
          values (${w.userId}, 'withdrawal', ${(-w.amount).toString()}::bigint, ${after.balance}::bigint, ${`Withdrawal to ${maskIban(w.iban)}`}, 'withdrawal', ${w.id}, ${posted.reference})`,
    );
    await tx
      .update(walletWithdrawals)
      .set({ status: 'processing', provider: provider.name, decidedBy: adminId, decidedAt: new Date(), journalReference: posted.reference })
      .where(eq(walletWithdrawals.id, w.id));
    await tx.insert(walletPayouts).values({ withdrawalId: w.id, provider: provider.name });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.withdrawal.approve',
      entityType: 'withdrawal',
      entityId: w.id,
      summary: `Approved a withdrawal of ${aed(w.amount)} to ${maskIban(w.iban)}${w.firstApprovedBy ? ' (second approval)' : ''}`,
      details: { userId: w.userId, amount: w.amount, journalReference: posted.reference, firstApprovedBy: w.firstApprovedBy },
      ip: ip ?? null,
    });
    return 'queued' as const;
  });
  // After commit: try the payout now; a failure stays queued for the worker's retries.
  if (outcome === 'queued' && provider) await deliverPayouts(db, provider, { withdrawalId: id });
  return getAdminWithdrawal(db, id);
}

export async function rejectWithdrawal(db: Db, adminId: string, id: string, reason: string, ip?: string | null): Promise<AdminWithdrawalJson> {
  await db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    refuseOwn(adminId, w);
    await releaseHold(tx, w.userId, w.amount);
    await tx.update(walletWithdrawals).set({ status: 'rejected', reason, decidedBy: adminId, decidedAt: new Date() }).where(eq(walletWithdrawals.id, w.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.withdrawal.reject',
      entityType: 'withdrawal',
      entityId: w.id,
      summary: `Rejected a withdrawal of ${aed(w.amount)}: ${reason}`,
      details: { userId: w.userId, amount: w.amount, reason, firstApprovedBy: w.firstApprovedBy },
      ip: ip ?? null,
    });
    await notify(tx, {
      userId: w.userId,
      kind: 'wallet',
      title: 'Withdrawal not approved',
      body: `Your withdrawal of ${aed(w.amount)} was not approved: ${reason}. The amount is available in your wallet again.`,
      link: '/wallet',
    });
  });
  return getAdminWithdrawal(db, id);
}

/** The provider paid a withdrawal out. Idempotent. */
export async function markPayoutPaid(db: Db, providerName: string, providerRef: string): Promise<'handled' | 'not_found' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [w] = await tx
      .select()
      .from(walletWithdrawals)
      .where(and(eq(walletWithdrawals.provider, providerName), eq(walletWithdrawals.providerRef, providerRef)))
      .for('update');
    if (!w) return 'not_found';
    if (w.status !== 'processing') return 'ignored';
    await tx.update(walletWithdrawals).set({ status: 'paid', paidAt: new Date() }).where(eq(walletWithdrawals.id, w.id));
    await notify(tx, {
      userId: w.userId,
      kind: 'wallet',
      title: 'Withdrawal paid',
      body: `${aed(w.amount)} was paid to your bank account ${maskIban(w.iban)}. It usually shows within one working day.`,
      link: '/wallet',
    });
    return 'handled';
  });
}
