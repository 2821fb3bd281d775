/**
 * What an administrator does to an investor account. Each action runs in one transaction with its audit
 * entry (and the reason given); the account row is locked first, so two administrators acting at once
 * see each other's result. Staff accounts and the administrator's own account are refused (403).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { randomToken } from '@api/cookies';
import { AppError, conflict } from '@api/errors';
import { sqlRows } from '@api/list';
import { recordAudit } from '../audit';
import { endAllSessions, forgetCachedSessions, isKycVerified } from '../auth';
import { mfaEmailCodes, mfaRecoveryCodes, passwordResets, pendingSignups, users } from '../auth/schema';
import { sendEmail } from '../email';
import { cancelOrder } from '../exchange';
import { notificationPreferences } from '../notifications/schema';
import { PRODUCT_NAME } from '../platform/contract';
import { formatAed } from '../platform/money';
import { sipPlans } from '../sip/schema';
import { investorAdminMessages as msg } from './contract';
import { findUser, moneyOf, type UserRow } from './detail';
import { isStaffRole } from '../auth/permissions-contract';

export type Actor = { id: string; ip?: string | null };

/** The account, locked for the action, after the checks every action shares. */
async function lockTarget(tx: Db, actor: Actor, id: string): Promise<UserRow> {
  await findUser(tx, id); // 404 before anything else
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (id === actor.id) throw new AppError('user_protected', msg.self);
  if (isStaffRole(u!.role)) throw new AppError('user_protected', msg.staff);
  if (u!.closedAt) throw conflict(msg.closed, 'already_closed');
  return u!;
}

const name = (u: UserRow) => `${u.firstName} ${u.lastName}`.trim() + ` (${u.unicode})`;

/** Suspends: sessions end, open exchange orders are cancelled (holds released), sign-in and money movements are refused. */
export async function suspendUser(db: Db, actor: Actor, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const u = await lockTarget(tx, actor, id);
    if (u.suspendedAt) throw conflict(msg.alreadySuspended, 'already_suspended');
    await tx.update(users).set({ suspendedAt: new Date(), suspendedBy: actor.id, suspendedReason: reason, updatedAt: new Date() }).where(eq(users.id, id));
    await endAllSessions(tx, id);
    const open = await sqlRows<{ id: string }>(tx, sql`select id from exchange_orders where user_id = ${id} and status in ('open', 'partially_filled') order by number`);
    for (const o of open) await cancelOrder(tx, { userId: actor.id, admin: true }, o.id, `Account suspended: ${reason}`);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.suspend',
      entityType: 'user',
      entityId: id,
      summary: `Suspended ${name(u)}: ${reason}`,
      details: { reason, userId: id, cancelledOrders: open.length },
      ip: actor.ip,
    });
  });
  forgetCachedSessions({ userId: id });
}

export async function unsuspendUser(db: Db, actor: Actor, id: string, reason: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const u = await lockTarget(tx, actor, id);
    if (!u.suspendedAt) throw conflict(msg.notSuspended, 'not_suspended');
    await tx.update(users).set({ suspendedAt: null, suspendedBy: null, suspendedReason: null, updatedAt: new Date() }).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.unsuspend',
      entityType: 'user',
      entityId: id,
      summary: `Lifted the suspension of ${name(u)}${reason ? `: ${reason}` : ''}`,
      details: { reason: reason ?? null, userId: id, suspendedAt: u.suspendedAt.toISOString(), suspendedReason: u.suspendedReason },
      ip: actor.ip,
    });
  });
  forgetCachedSessions({ userId: id });
}

/** Turns two-factor verification off (lost phone): secrets and recovery codes go, sessions end. */
export async function resetUserMfa(db: Db, actor: Actor, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const u = await lockTarget(tx, actor, id);
    await tx
      .update(users)
      .set({ mfaEnabled: false, mfaMethod: null, totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, id));
    await tx.update(mfaEmailCodes).set({ usedAt: new Date() }).where(and(eq(mfaEmailCodes.userId, id), isNull(mfaEmailCodes.usedAt)));
    await endAllSessions(tx, id);
    await recordAudit(tx, { actorId: actor.id, action: 'user.mfa_reset', entityType: 'user', entityId: id, summary: `Reset two-factor verification of ${name(u)}: ${reason}`, details: { reason, userId: id, method: u.mfaMethod }, ip: actor.ip });
  });
  forgetCachedSessions({ userId: id });
}

const siteUrl = () => (process.env.PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/+$/, '');

/** Emails the investor the link to verify their identity again (KYC not yet approved). */
export async function resendVerification(db: Db, actor: Actor, id: string, reason: string): Promise<void> {
  const u = await db.transaction(async (tx) => {
    const target = await lockTarget(tx, actor, id);
    if (isKycVerified(target.kycStatus)) throw conflict(msg.alreadyVerified, 'already_verified');
    await recordAudit(tx, { actorId: actor.id, action: 'user.verification_resent', entityType: 'user', entityId: id, summary: `Resent the identity verification email to ${name(target)}: ${reason}`, details: { reason, userId: id, kycStatus: target.kycStatus }, ip: actor.ip });
    return target;
  });
  // After commit: the email call is outside the transaction (STYLE: outside calls after commit).
  await sendEmail(db, {
    to: u.email,
    kind: 'kyc_reminder',
    subject: `Verify your identity to start investing with ${PRODUCT_NAME}`,
    text: [
      `Hello ${u.firstName},`,
      '',
      `Your identity is not verified yet, so you cannot deposit or invest. It takes 5-10 minutes: ${siteUrl()}/kyc`,
      '',
      `Your unique ID is ${u.unicode} — quote it whenever you contact us.`,
      '',
      `— The ${PRODUCT_NAME} team`,
    ].join('\n'),
  });
}

/**
 * Closes the account: only with a zero wallet balance, no holdings and nothing in flight (else 409 with the
 * reason). Personal details that need not be kept are anonymised (name, email, username, phone, password,
 * MFA, notification preferences); the KYC file, wallet movements, purchases and the ledger are kept, as
 * the AML record-keeping rules require. SIP plans are cancelled; the account never signs in again.
 */
export async function closeUser(db: Db, actor: Actor, id: string, reason: string): Promise<void> {
  // A real hash of a password nobody knows: sign-in verifies it like any other and always fails.
  const unusableHash = await Bun.password.hash(randomToken(32), { algorithm: 'argon2id' });
  await db.transaction(async (tx) => {
    const u = await lockTarget(tx, actor, id);
    await tx.execute(sql`select 1 from wallets where user_id = ${id} for update`);
    const money = await moneyOf(tx, id);
    if (money.balance !== 0n) throw conflict(msg.balanceLeft(formatAed(money.balance)), 'account_not_closable');
    if (money.holdings > 0) throw conflict(msg.holdingsLeft(money.holdings), 'account_not_closable');
    const [open] = await sqlRows<{ deposits: number; withdrawals: number; orders: number }>(
      tx,
      sql`select (select count(*)::int from wallet_deposits where user_id = ${id} and status = 'pending') as deposits,
                 (select count(*)::int from wallet_withdrawals where user_id = ${id} and status in ('pending', 'awaiting_second_approval', 'processing')) as withdrawals,
                 (select count(*)::int from exchange_orders where user_id = ${id} and status in ('open', 'partially_filled')) as orders`,
    );
    const pending = [
      open?.deposits ? 'a deposit waiting for confirmation' : '',
      open?.withdrawals ? 'a withdrawal in progress' : '',
      open?.orders ? 'open exchange orders' : '',
    ].filter(Boolean);
    if (pending.length) throw conflict(msg.openItems(pending.join(' and ')), 'account_not_closable');

    const cancelled = await tx
      .update(sipPlans)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(sipPlans.userId, id), inArray(sipPlans.status, ['active', 'paused'])))
      .returning({ id: sipPlans.id });
    const now = new Date();
    await tx
      .update(users)
      .set({
        email: `closed-${u.unicode.toLowerCase()}@closed.manzil.invalid`,
        username: null,
        firstName: 'Closed',
        lastName: 'account',
        phone: null,
        passwordHash: unusableHash,
        mfaEnabled: false,
        mfaMethod: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, id));
    await tx.delete(mfaEmailCodes).where(eq(mfaEmailCodes.userId, id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
    await tx.delete(pendingSignups).where(sql`lower(${pendingSignups.email}) = ${u.email.toLowerCase()}`);
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, id));
    await endAllSessions(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.close',
      entityType: 'user',
      entityId: id,
      summary: `Closed the account ${u.unicode} and anonymised its personal details: ${reason}`,
      details: { reason, userId: id, cancelledSipPlans: cancelled.length },
      ip: actor.ip,
    });
  });
  forgetCachedSessions({ userId: id });
}
