/** Accepting a staff invitation (public, no session): see who invited you, then choose a password (decision 030). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sha256 } from '@api/cookies';
import { AppError } from '@api/errors';
import { recordAudit } from '../audit';
import { createSession, POLICIES, takeAttempt, type UserRow } from '../auth';
import { ROLE_LABELS } from '../auth/permissions-contract';
import { mfaRecoveryCodes, users } from '../auth/schema';
import type { RequestMeta } from '../auth/service';
import { newUnicode } from '../auth/unicode';
import { staffMessages as msg, type AcceptInput, type InvitePreview } from './contract';
import { staffInvites, type StaffInviteRow } from './schema';
import { fullName, isFormerStaff, lockEmail } from './shared';

const throttle = (db: Db, meta: RequestMeta) =>
  takeAttempt(db, [{ key: `staff-invite:ip:${meta.ip}`, policy: POLICIES.staffInviteAddress }], 'attempts with invitation links');

/** Why a link no longer works (410), or null while it does. */
function closedLink(i: StaffInviteRow, now = new Date()): AppError | null {
  if (i.acceptedAt) return new AppError('staff_invite_used', msg.linkUsed);
  if (i.revokedAt) return new AppError('staff_invite_revoked', msg.linkRevoked);
  if (i.expiresAt.getTime() <= now.getTime()) return new AppError('staff_invite_expired', msg.linkExpired);
  return null;
}

const notFound = () => new AppError('staff_invite_not_found', msg.linkNotFound);

/** GET /api/staff/invites/:token — the invitation behind a link: for whom, which role, from whom, until when. */
export async function previewInvite(db: Db, token: string, meta: RequestMeta): Promise<InvitePreview> {
  await throttle(db, meta);
  const [row] = await db
    .select({ invite: staffInvites, firstName: users.firstName, lastName: users.lastName })
    .from(staffInvites)
    .leftJoin(users, eq(users.id, staffInvites.invitedBy))
    .where(eq(staffInvites.tokenHash, sha256(token)))
    .limit(1);
  if (!row) throw notFound();
  const closed = closedLink(row.invite);
  if (closed) throw closed;
  const i = row.invite;
  return {
    email: i.email,
    role: i.role,
    roleLabel: ROLE_LABELS[i.role],
    invitedBy: row.firstName !== null ? fullName({ firstName: row.firstName, lastName: row.lastName ?? '' }) : 'The Manzil team',
    expiresAt: i.expiresAt.toISOString(),
  };
}

async function freeUnicode(tx: Db): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newUnicode();
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.unicode, code)).limit(1);
    if (!taken) return code;
  }
  throw new Error('Could not find a free unique ID');
}

/**
 * Creates the staff account from the invitation, once: the invitation row is locked, so of two acceptances
 * of one link exactly one succeeds and the other is told the link was used (a removed staff member's closed account
 * is reopened instead of a new one). The account has the invited role,
 * its email proven by the link, and must set up MFA before anything else (mfaMandatory). Returns it with a session.
 */
export async function acceptInvite(db: Db, token: string, input: AcceptInput, meta: RequestMeta): Promise<{ user: UserRow; sessionToken: string }> {
  await throttle(db, meta);
  const passwordHash = await Bun.password.hash(input.password, { algorithm: 'argon2id' });
  return db.transaction(async (tx) => {
    const [invite] = await tx.select().from(staffInvites).where(eq(staffInvites.tokenHash, sha256(token))).for('update').limit(1);
    if (!invite) throw notFound();
    const closed = closedLink(invite);
    if (closed) throw closed;
    await lockEmail(tx, invite.email);
    const [existing] = await tx.select({ id: users.id, role: users.role, closedAt: users.closedAt }).from(users).where(sql`lower(${users.email}) = ${invite.email.toLowerCase()}`).limit(1);
    if (existing && !isFormerStaff(existing)) throw new AppError('staff_email_taken', msg.emailTaken(invite.email));
    const now = new Date();
    const person = { passwordHash, firstName: input.firstName.trim(), lastName: input.lastName.trim(), role: invite.role, mfaMandatory: true };
    // A former staff member comes back on their own account (its audit trail and unique ID), reopened with the new
    // role and password, and enrols two-factor verification afresh: the old factors went with the removal.
    const [user] = existing
      ? await tx
          .update(users)
          .set({ ...person, closedAt: null, suspendedAt: null, suspendedBy: null, suspendedReason: null, mfaEnabled: false, mfaMethod: null, totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({ ...person, email: invite.email, unicode: await freeUnicode(tx) })
          .returning();
    if (existing) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, existing.id));
    await tx.update(staffInvites).set({ acceptedAt: now, acceptedUserId: user!.id }).where(eq(staffInvites.id, invite.id));
    await recordAudit(tx, {
      actorId: user!.id,
      action: 'staff.invite_accepted',
      entityType: 'staff_invite',
      entityId: invite.id,
      summary: `${invite.email} accepted the invitation and ${existing ? 'rejoined' : 'joined'} as ${ROLE_LABELS[invite.role]}`,
      details: { email: invite.email, role: invite.role, userId: user!.id, invitedBy: invite.invitedBy, rejoined: Boolean(existing) },
      ip: meta.ip,
    });
    const sessionToken = await createSession(tx, user!.id, meta);
    return { user: user!, sessionToken };
  });
}
