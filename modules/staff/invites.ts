/** Inviting staff: send, resend and revoke an invitation (decision 030). */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { randomToken, sha256 } from '@api/cookies';
import { AppError } from '@api/errors';
import { recordAudit } from '../audit';
import { ROLE_LABELS, ROLE_DESCRIPTIONS, type StaffRole } from '../auth/permissions-contract';
import { users } from '../auth/schema';
import { sendEmail } from '../email';
import { PRODUCT_NAME } from '../platform/contract';
import { ACCEPT_PATH, INVITE_TTL_DAYS, MFA_SETUP_PATH, staffMessages as msg, type InviteJson } from './contract';
import { staffInvites, type StaffInviteRow } from './schema';
import { fullName, isFormerStaff, lockEmail, normalizeEmail, siteUrl, type Actor } from './shared';

const DAY_MS = 24 * 60 * 60 * 1000;
const newExpiry = (now = new Date()) => new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS);

/** The link in the email: the raw token travels only there (the database keeps its SHA-256). */
export const inviteLink = (token: string) => `${siteUrl()}${ACCEPT_PATH}?token=${encodeURIComponent(token)}`;

export const isPending = (i: Pick<StaffInviteRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now = new Date()) =>
  !i.acceptedAt && !i.revokedAt && i.expiresAt.getTime() > now.getTime();

export function toInviteJson(i: StaffInviteRow, invitedBy: string | null): InviteJson {
  return { id: i.id, email: i.email, role: i.role, roleLabel: ROLE_LABELS[i.role], createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString(), invitedBy };
}

async function inviterName(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id)).limit(1);
  return u ? fullName(u) : null;
}

async function sendInviteEmail(db: Db, invite: StaffInviteRow, token: string, inviter: string | null) {
  const role = invite.role as StaffRole;
  await sendEmail(db, {
    to: invite.email,
    kind: 'staff_invite',
    secrets: [token],
    subject: `You are invited to the ${PRODUCT_NAME} back office`,
    text: [
      'Hello,',
      '',
      `${inviter ?? `The ${PRODUCT_NAME} team`} invited you to join the ${PRODUCT_NAME} back office as ${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}`,
      '',
      `Accept the invitation and choose your password here (the link works once and expires in ${INVITE_TTL_DAYS} days):`,
      inviteLink(token),
      '',
      `Staff accounts must use two-factor verification: after choosing your password you will set it up at ${siteUrl()}${MFA_SETUP_PATH} with an authenticator app.`,
      '',
      'If you were not expecting this, ignore this email: no account is created until the invitation is accepted.',
      '',
      `— ${PRODUCT_NAME}`,
    ].join('\n'),
  });
}

/**
 * Invites an email address to a staff role: refused when it already has an account (but for a removed staff
 * member's, who may come back) or a pending invitation.
 */
export async function inviteStaff(db: Db, actor: Actor, input: { email: string; role: StaffRole }): Promise<InviteJson> {
  const email = normalizeEmail(input.email);
  const token = randomToken(32);
  const invite = await db.transaction(async (tx) => {
    await lockEmail(tx, email);
    const [existing] = await tx.select({ id: users.id, role: users.role, closedAt: users.closedAt }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
    // A former staff member (removed: the account is closed) may be invited back; accepting reopens that account.
    if (existing && !isFormerStaff(existing)) throw new AppError('staff_email_taken', msg.emailTaken(email));
    const [pending] = await tx
      .select({ id: staffInvites.id })
      .from(staffInvites)
      .where(and(sql`lower(${staffInvites.email}) = ${email}`, isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt), gt(staffInvites.expiresAt, new Date())))
      .limit(1);
    if (pending) throw new AppError('staff_invite_pending', msg.invitePending(email));
    // An earlier invitation to this address that expired unanswered is superseded by the new one.
    await tx
      .update(staffInvites)
      .set({ revokedAt: new Date() })
      .where(and(sql`lower(${staffInvites.email}) = ${email}`, isNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)));
    const [row] = await tx.insert(staffInvites).values({ email, role: input.role, tokenHash: sha256(token), invitedBy: actor.id, expiresAt: newExpiry() }).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.invited',
      entityType: 'staff_invite',
      entityId: row!.id,
      summary: `Invited ${email} as ${ROLE_LABELS[input.role]}`,
      details: { email, role: input.role, expiresAt: row!.expiresAt },
      ip: actor.ip,
    });
    return row!;
  });
  // After commit: the email is an outside call.
  const inviter = await inviterName(db, actor.id);
  await sendInviteEmail(db, invite, token, inviter);
  return toInviteJson(invite, inviter);
}

async function lockInvite(tx: Db, id: string): Promise<StaffInviteRow> {
  const [row] = await tx.select().from(staffInvites).where(eq(staffInvites.id, id)).for('update').limit(1);
  if (!row) throw new AppError('staff_invite_not_found', msg.inviteNotFound);
  if (row.acceptedAt || row.revokedAt) throw new AppError('staff_invite_closed', msg.inviteClosed);
  return row;
}

/** A new link for an invitation not yet accepted or revoked (also after it expired): new token, new expiry; the old link stops working. */
export async function resendInvite(db: Db, actor: Actor, id: string): Promise<InviteJson> {
  const token = randomToken(32);
  const invite = await db.transaction(async (tx) => {
    const before = await lockInvite(tx, id);
    const [row] = await tx.update(staffInvites).set({ tokenHash: sha256(token), expiresAt: newExpiry() }).where(eq(staffInvites.id, id)).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.invite_resent',
      entityType: 'staff_invite',
      entityId: id,
      summary: `Sent a new invitation link to ${before.email} (${ROLE_LABELS[before.role]})`,
      details: { email: before.email, role: before.role, previousExpiry: before.expiresAt, expiresAt: row!.expiresAt },
      ip: actor.ip,
    });
    return row!;
  });
  const inviter = await inviterName(db, invite.invitedBy);
  await sendInviteEmail(db, invite, token, inviter);
  return toInviteJson(invite, inviter);
}

/** Withdraws an invitation: its link answers "withdrawn" from now on. */
export async function revokeInvite(db: Db, actor: Actor, id: string): Promise<InviteJson> {
  const invite = await db.transaction(async (tx) => {
    const before = await lockInvite(tx, id);
    const [row] = await tx.update(staffInvites).set({ revokedAt: new Date() }).where(eq(staffInvites.id, id)).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.invite_revoked',
      entityType: 'staff_invite',
      entityId: id,
      summary: `Revoked the invitation to ${before.email} (${ROLE_LABELS[before.role]})`,
      details: { email: before.email, role: before.role },
      ip: actor.ip,
    });
    return row!;
  });
  return toInviteJson(invite, await inviterName(db, invite.invitedBy));
}
