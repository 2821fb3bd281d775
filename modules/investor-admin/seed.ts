import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { auditLog } from '../audit/schema';
import { users } from '../auth/schema';
import { suspendUser } from './actions';

/** The demo investor shown suspended on /admin/users (one of the demo investors of modules/investing/seed.ts). */
export const DEMO_SUSPENDED_EMAIL = 'khalid.alsuwaidi@example.ae';
export const DEMO_SUSPENSION_REASON = 'Source of funds under review after a large third-party transfer (case AML-2026-014)';

/**
 * Demo standing: one investor suspended by the demo admin, through the same service an operator uses
 * (sessions end, the audit log records it). Idempotent: a suspension already recorded once is not repeated,
 * so an operator who lifted it keeps it lifted.
 */
export async function seedAccountStanding(db: Db, adminEmail: string): Promise<{ suspended: number }> {
  const [target] = await db.select().from(users).where(sql`lower(${users.email}) = ${DEMO_SUSPENDED_EMAIL}`).limit(1);
  const [admin] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${adminEmail.toLowerCase()}`).limit(1);
  if (!target || !admin || target.suspendedAt || target.closedAt) return { suspended: 0 };
  const [done] = await db.select({ id: auditLog.id }).from(auditLog).where(and(eq(auditLog.action, 'user.suspend'), eq(auditLog.entityId, target.id))).limit(1);
  if (done) return { suspended: 0 };
  await suspendUser(db, { id: admin.id, ip: null }, target.id, DEMO_SUSPENSION_REASON);
  return { suspended: 1 };
}
