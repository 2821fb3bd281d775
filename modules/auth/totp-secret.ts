import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { secretBox } from './secret-box';
import { users } from './schema';
import { forgetCachedSessions } from './sessions';

/**
 * TOTP secrets (users.totp_secret and totp_pending_secret) are stored sealed with the files key,
 * bound to their user: a database backup or a read-only SQL account does not yield the seeds.
 * Rows written before sealing existed hold the base32 text; they open as is and are sealed on
 * first use, or all at once by sealPlaintextTotpSecrets (run at boot).
 */
const context = (userId: string) => `totp:${userId}`;

export const sealTotpSecret = (userId: string, base32: string) => secretBox().seal(base32, context(userId));
export const openTotpSecret = (userId: string, stored: string) => secretBox().open(stored, context(userId));

/** Seals one user's stored secrets if they are still plaintext (conditional: a concurrent change wins). */
export async function sealTotpIfPlain(db: Db, user: { id: string; totpSecret: string | null; totpPendingSecret: string | null }) {
  for (const column of ['totpSecret', 'totpPendingSecret'] as const) {
    const stored = user[column];
    if (!stored || secretBox().isSealed(stored)) continue;
    await db
      .update(users)
      .set({ [column]: sealTotpSecret(user.id, stored) })
      .where(and(eq(users.id, user.id), eq(users[column], stored)));
    forgetCachedSessions({ userId: user.id });
  }
}

/** The data migration: seals every plaintext TOTP secret (idempotent). Returns how many users it changed. */
export async function sealPlaintextTotpSecrets(db: Db): Promise<number> {
  const plain = (c: typeof users.totpSecret | typeof users.totpPendingSecret) => and(isNotNull(c), sql`${c} NOT LIKE 'mzs1:%'`);
  const rows = await db
    .select({ id: users.id, totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret })
    .from(users)
    .where(or(plain(users.totpSecret), plain(users.totpPendingSecret)));
  for (const row of rows) await sealTotpIfPlain(db, row);
  return rows.length;
}
