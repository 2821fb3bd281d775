/** Changing a staff account's role and removing it (decision 030). */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '../audit';
import { endAllSessions, forgetCachedSessions, type UserRow } from '../auth';
import { isStaffRole, ROLE_LABELS, type StaffRole } from '../auth/permissions-contract';
import { users } from '../auth/schema';
import { staffMessages as msg } from './contract';
import { lockActiveAdmins, type Actor } from './shared';

/** The staff account, locked: an active account with a staff role (investors and closed accounts are not staff). */
async function lockMember(tx: Db, id: string): Promise<UserRow> {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  if (!u || u.closedAt || !isStaffRole(u.role)) throw new AppError('staff_member_not_found', msg.memberNotFound);
  return u;
}

/** Gives a staff account another role; never your own, and never the last owner/admin's away. Takes effect at its next request. */
export async function changeRole(db: Db, actor: Actor, id: string, role: StaffRole): Promise<UserRow> {
  if (id === actor.id) throw new AppError('staff_self_change', msg.ownRole);
  const updated = await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const before = await lockMember(tx, id);
    if (before.role === role) throw new AppError(400, 'nothing_to_change', msg.sameRole);
    if (before.role === 'admin' && admins.filter((a) => a !== id).length === 0) throw new AppError('staff_last_admin', msg.lastAdminDemote);
    const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.role_changed',
      entityType: 'user',
      entityId: id,
      summary: `Changed ${before.email}'s role from ${ROLE_LABELS[before.role]} to ${ROLE_LABELS[role]}`,
      details: { userId: id, email: before.email, from: before.role, to: role },
      ip: actor.ip,
    });
    return row!;
  });
  // The new role applies from the next request: no cached session keeps the old one.
  forgetCachedSessions({ userId: id });
  return updated;
}

/**
 * Removes a staff account: every session ends and the account is closed, so it cannot sign in again (login
 * refuses a closed account). Never your own account, and never the last owner/admin.
 */
export async function removeStaff(db: Db, actor: Actor, id: string): Promise<UserRow> {
  if (id === actor.id) throw new AppError('staff_self_change', msg.removeSelf);
  const removed = await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const before = await lockMember(tx, id);
    if (before.role === 'admin' && admins.filter((a) => a !== id).length === 0) throw new AppError('staff_last_admin', msg.lastAdminRemove);
    const now = new Date();
    const [row] = await tx.update(users).set({ closedAt: now, updatedAt: now }).where(eq(users.id, id)).returning();
    await endAllSessions(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.removed',
      entityType: 'user',
      entityId: id,
      summary: `Removed ${before.email} (${ROLE_LABELS[before.role as StaffRole]}) from the staff: sessions ended, sign-in closed`,
      details: { userId: id, email: before.email, role: before.role },
      ip: actor.ip,
    });
    return row!;
  });
  forgetCachedSessions({ userId: id });
  return removed;
}
