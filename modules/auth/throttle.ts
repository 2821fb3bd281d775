import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../api/errors';
import { authThrottle } from './schema';

/**
 * Rate limits kept in the database, so every API instance shares them. Failures slow down
 * exponentially past a free allowance (30 s, 60 s, 120 s … capped at 15 minutes) and the
 * counter forgets after its window: the rightful owner is never locked out for good.
 */
export type Policy = { free: number; windowSeconds: number; baseDelaySeconds: number; maxDelaySeconds: number };

export const POLICIES = {
  loginAccount: { free: 5, windowSeconds: 15 * 60, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  loginAddress: { free: 30, windowSeconds: 15 * 60, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  mfaAccount: { free: 5, windowSeconds: 15 * 60, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60 },
  signupAddress: { free: 10, windowSeconds: 60 * 60, baseDelaySeconds: 60, maxDelaySeconds: 60 * 60 },
  recoveryAccount: { free: 3, windowSeconds: 60 * 60, baseDelaySeconds: 5 * 60, maxDelaySeconds: 60 * 60 },
  recoveryAddress: { free: 20, windowSeconds: 60 * 60, baseDelaySeconds: 60, maxDelaySeconds: 60 * 60 },
} satisfies Record<string, Policy>;

/** Seconds still to wait after `count` events, the last at `lastAt`; 0 when allowed. */
export function waitSeconds(policy: Policy, count: number, windowStart: Date, lastAt: Date, now = new Date()): number {
  if (now.getTime() - windowStart.getTime() > policy.windowSeconds * 1000) return 0;
  if (count < policy.free) return 0;
  const delay = Math.min(policy.baseDelaySeconds * 2 ** (count - policy.free), policy.maxDelaySeconds);
  const until = lastAt.getTime() + delay * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}

export function tooManyRequests(seconds: number, what = 'attempts'): AppError {
  const human = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new AppError(429, 'rate_limited', `Too many ${what}. Please wait ${human} and try again.`, { retryAfter: seconds });
}

/** Throws 429 when any of the keys is still cooling down. */
export async function assertAllowed(db: Db, checks: { key: string; policy: Policy }[], what?: string) {
  for (const { key, policy } of checks) {
    const [row] = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
    if (!row) continue;
    const wait = waitSeconds(policy, row.count, row.windowStart, row.lastAt);
    if (wait > 0) throw tooManyRequests(wait, what);
  }
}

/** Counts one event (a failure, or a request for the request-based limits). */
export async function recordHit(db: Db, key: string, policy: Policy) {
  const window = sql.raw(`interval '${Math.floor(policy.windowSeconds)} seconds'`);
  const expired = sql`${authThrottle.windowStart} < now() - ${window}`;
  await db
    .insert(authThrottle)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authThrottle.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${authThrottle.windowStart} END`,
        lastAt: sql`now()`,
      },
    });
}

/** For request-count limits: check, then count this request. */
export async function consume(db: Db, checks: { key: string; policy: Policy }[], what?: string) {
  await assertAllowed(db, checks, what);
  for (const c of checks) await recordHit(db, c.key, c.policy);
}

export async function clearThrottle(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
