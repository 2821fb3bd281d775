import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '@db/client';
import { randomToken, SESSION_TTL_SECONDS, sha256 } from '@api/cookies';
import type { CurrentUser } from './contract';
import { sessions, users } from './schema';
import { isStaffRole, permissionsOf } from './permissions-contract';
import { mfaRequiredFor } from './staff-mfa';

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
    mfaRequired: mfaRequiredFor(u),
    kycStatus: u.kycStatus,
    unicode: u.unicode,
    ...(isStaffRole(u.role) ? { permissions: permissionsOf(u.role) } : {}),
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

type Loaded = { session: SessionInfo; user: UserRow };

/**
 * A short-lived, per-process cache of session lookups, so a signed-in request does not always
 * cost a database round trip. Entries live SESSION_CACHE_TTL_MS (default 3 s; 0 turns it off)
 * and are dropped at once in this process when the session ends or its user changes. Another
 * API instance may accept a session ended elsewhere for at most that long.
 */
const cacheTtlMs = () => Number(process.env.SESSION_CACHE_TTL_MS ?? 3000);
const sessionCache = new Map<string, { value: Loaded; expires: number }>();
const hashesByUser = new Map<string, Set<string>>();
/**
 * When each user or session was last forgotten (a counter, not a clock). A lookup that was reading the
 * database while its user changed may hold the row from before the change: it is read again instead of
 * being cached, so a stale row can't outlive the change that should have dropped it.
 */
let forgetEpoch = 0;
const forgottenAt = new Map<string, number>();
const forgottenSince = (epoch: number, hash: string, userId: string) =>
  (forgottenAt.get(`h:${hash}`) ?? 0) > epoch || (forgottenAt.get(`u:${userId}`) ?? 0) > epoch;

function remember(hash: string, value: Loaded) {
  const ttl = cacheTtlMs();
  if (ttl <= 0) return;
  if (sessionCache.size > 50_000) sessionCache.clear();
  sessionCache.set(hash, { value, expires: Date.now() + ttl });
  let set = hashesByUser.get(value.user.id);
  if (!set) hashesByUser.set(value.user.id, (set = new Set()));
  set.add(hash);
}

/** Drops cached sessions: one by its hash, or every one of a user (after any change to the user row). */
export function forgetCachedSessions(opts: { hash?: string; userId?: string }) {
  forgetEpoch += 1;
  if (forgottenAt.size > 100_000) forgottenAt.clear();
  if (opts.hash) forgottenAt.set(`h:${opts.hash}`, forgetEpoch);
  if (opts.userId) forgottenAt.set(`u:${opts.userId}`, forgetEpoch);
  if (opts.hash) sessionCache.delete(opts.hash);
  if (opts.userId) {
    for (const h of hashesByUser.get(opts.userId) ?? []) sessionCache.delete(h);
    hashesByUser.delete(opts.userId);
  }
}

/** The live session behind a cookie token, with its user; null when unknown or expired. */
export async function loadSession(db: Db, token: string | undefined | null): Promise<Loaded | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const hit = sessionCache.get(hash);
  if (hit) {
    if (hit.expires > Date.now() && hit.value.session.expiresAt.getTime() > Date.now()) return hit.value;
    sessionCache.delete(hash);
  }
  const read = () =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.idHash, hash), gt(sessions.expiresAt, new Date())))
      .limit(1);
  const startedAt = forgetEpoch;
  let [row] = await read();
  if (!row) return null;
  if (forgottenSince(startedAt, hash, row.user.id)) {
    // The user or session changed while we were reading: read again, and don't cache the answer.
    [row] = await read();
    return row ?? null;
  }
  remember(hash, row);
  return row;
}

export async function endSession(db: Db, token: string | undefined | null) {
  if (!token) return;
  const hash = sha256(token);
  forgetCachedSessions({ hash });
  await db.delete(sessions).where(eq(sessions.idHash, hash));
}

/** Ends a session by its stored hash (e.g. a pending-MFA session being upgraded). */
export async function endSessionByHash(db: Db, hash: string) {
  forgetCachedSessions({ hash });
  await db.delete(sessions).where(eq(sessions.idHash, hash));
}

export async function endAllSessions(db: Db, userId: string) {
  forgetCachedSessions({ userId });
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
