import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { accountMessages } from './contract';
import { users } from './schema';

type Standing = { suspendedAt: Date | null; closedAt: Date | null };

/** The refusal for a suspended or closed account, or null when it may act. */
export function standingRefusal(u: Standing): AppError | null {
  if (u.closedAt) return new AppError('account_closed', accountMessages.closed);
  if (u.suspendedAt) return new AppError('account_suspended', accountMessages.suspended);
  return null;
}

/**
 * The one guard at every money entry point (deposits, withdrawals, purchases, exchange orders, pool sales):
 * throws 403 `account_suspended` (or `account_closed`) with a sentence the investor can act on.
 * Call it with the transaction that moves the money, so a suspension that commits first is seen.
 */
export async function assertNotSuspended(tx: Db, userId: string): Promise<void> {
  const [u] = await tx.select({ suspendedAt: users.suspendedAt, closedAt: users.closedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return;
  const refusal = standingRefusal(u);
  if (refusal) throw refusal;
}
