import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { randomToken, SESSION_TTL_SECONDS, sha256 } from '../../api/cookies';
import type { CurrentUser } from './contract';
import { sessions, users } from './schema';

export type SessionInfo = { idHash: string; userId: string; mfaPending: boolean; mfaAttempts: number; expiresAt: Date };
export type UserRow = typeof users.$inferSelect;

export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    mfaEnabled: u.mfaEnabled,
    kycStatus: u.kycStatus,
    unicode: u.unicode,
  };
}

/** Starts a session and returns the raw token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  opts: { mfaPending?: boolean; ip?: string | null; userAgent?: string | null } = {},
): Promise<string> {
  const token = randomToken(32);
  await db.insert(sessions).values({
    idHash: sha256(token),
    userId,
    mfaPending: opts.mfaPending ?? false,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    ip: opts.ip ?? null,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The live session behind a cookie token, with its user; null when unknown or expired. */
export async function loadSession(db: Db, token: string | undefined | null): Promise<{ session: SessionInfo; user: UserRow } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sha256(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

export async function endSession(db: Db, token: string | undefined | null) {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

export async function endAllSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
