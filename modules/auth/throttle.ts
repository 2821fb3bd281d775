import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { authThrottle } from './schema';

/**
 * Rate limits kept in the database, so every API instance shares them. Each attempt is counted
 * BEFORE it is checked, by one atomic statement, so parallel requests cannot all slip past the
 * allowance: of N simultaneous guesses at most `free` are ever verified. Past the allowance,
 * attempts slow down exponentially (30 s, 60 s, 120 s … capped) and the counter forgets after its
 * window: the rightful owner is never locked out for good.
 */
export type Policy = { free: number; windowSeconds: number; baseDelaySeconds: number; maxDelaySeconds: number };
export type Check = { key: string; policy: Policy };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const POLICIES = {
  /** Login attempts per account (the resolved user, or the typed name when it matches nobody). */
  loginAccount: { free: 5, windowSeconds: 15 * MINUTE, baseDelaySeconds: 30, maxDelaySeconds: 15 * MINUTE },
  /** Failed logins per client address (a successful login gives its attempt back). */
  loginAddress: { free: 30, windowSeconds: 15 * MINUTE, baseDelaySeconds: 30, maxDelaySeconds: 15 * MINUTE },
  mfaAccount: { free: 5, windowSeconds: 15 * MINUTE, baseDelaySeconds: 30, maxDelaySeconds: 15 * MINUTE },
  /** Current-password checks behind MFA changes, per user. */
  passwordCheck: { free: 5, windowSeconds: 15 * MINUTE, baseDelaySeconds: 30, maxDelaySeconds: 15 * MINUTE },
  signupAddress: { free: 10, windowSeconds: HOUR, baseDelaySeconds: 60, maxDelaySeconds: HOUR },
  recoveryAccount: { free: 3, windowSeconds: HOUR, baseDelaySeconds: 5 * MINUTE, maxDelaySeconds: HOUR },
  recoveryAddress: { free: 20, windowSeconds: HOUR, baseDelaySeconds: 60, maxDelaySeconds: HOUR },
  /** Staff invitation links looked up or accepted, per client address (modules/staff). */
  staffInviteAddress: { free: 30, windowSeconds: HOUR, baseDelaySeconds: 60, maxDelaySeconds: HOUR },
  // Public writes, per client address (and per user for the assistant when signed in).
  contactAddress: { free: 10, windowSeconds: HOUR, baseDelaySeconds: 60, maxDelaySeconds: HOUR },
  waitlistAddress: { free: 10, windowSeconds: HOUR, baseDelaySeconds: 60, maxDelaySeconds: HOUR },
  chatAddress: { free: 60, windowSeconds: 10 * MINUTE, baseDelaySeconds: 10, maxDelaySeconds: 10 * MINUTE },
  assistantAddress: { free: 60, windowSeconds: 10 * MINUTE, baseDelaySeconds: 10, maxDelaySeconds: 10 * MINUTE },
  assistantUser: { free: 30, windowSeconds: 10 * MINUTE, baseDelaySeconds: 10, maxDelaySeconds: 10 * MINUTE },
} satisfies Record<string, Policy>;

/** Seconds still to wait after `count` attempts, the last at `lastAt`; 0 when allowed. */
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

const seconds = (n: number) => sql.raw(`interval '${Math.floor(n)} seconds'`);

/** The cooling-down delay after the row's current count, in seconds (SQL). */
const delayOf = (policy: Policy) =>
  sql`least(${policy.baseDelaySeconds}::float8 * power(2::float8, (${authThrottle.count} - ${policy.free})::float8), ${policy.maxDelaySeconds}::float8)`;

/**
 * Takes one attempt from the key's allowance in one statement: INSERT … ON CONFLICT DO UPDATE with
 * the allowance test in the update's WHERE, evaluated on the locked, newest row. Returns the new
 * count, or null (nothing counted) while the key is cooling down.
 */
async function take(db: Db, { key, policy }: Check): Promise<number | null> {
  const expired = sql`${authThrottle.windowStart} < now() - ${seconds(policy.windowSeconds)}`;
  const delay = delayOf(policy);
  const allowed = sql`(${expired} OR ${authThrottle.count} < ${policy.free} OR now() >= ${authThrottle.lastAt} + ${delay} * interval '1 second')`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authThrottle.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${authThrottle.windowStart} END`,
        lastAt: sql`now()`,
      },
      setWhere: allowed,
    })
    .returning({ count: authThrottle.count });
  return rows[0]?.count ?? null;
}

/** Seconds until the key allows another attempt (for the 429's retryAfter); at least 1. */
async function retryAfter(db: Db, { key, policy }: Check): Promise<number> {
  const [row] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from (${authThrottle.lastAt} + ${delayOf(policy)} * interval '1 second') - now()))::int` })
    .from(authThrottle)
    .where(eq(authThrottle.key, key))
    .limit(1);
  return Math.min(Math.max(1, Number(row?.wait ?? 1)), policy.maxDelaySeconds);
}

/**
 * Counts this attempt against every key, in order, before the caller checks anything; throws 429
 * (with retryAfter) at the first key that is cooling down. Keys earlier in the list keep the
 * attempt: put the one an attacker controls least (the address) first.
 */
export async function takeAttempt(db: Db, checks: Check[], what?: string): Promise<void> {
  for (const check of checks) {
    if ((await take(db, check)) === null) throw tooManyRequests(await retryAfter(db, check), what);
  }
}

/** Gives one attempt back (a successful login does not count against its address). */
export async function returnAttempt(db: Db, key: string) {
  await db
    .update(authThrottle)
    .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
    .where(eq(authThrottle.key, key));
}

export async function clearThrottle(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** The client-address and (when signed in) per-user limit of a public write. */
export function publicWriteChecks(address: string, policy: Policy, user?: { id: string; policy: Policy } | null): Check[] {
  const checks: Check[] = [{ key: `write:${policyName(policy)}:ip:${address}`, policy }];
  if (user) checks.push({ key: `write:${policyName(user.policy)}:user:${user.id}`, policy: user.policy });
  return checks;
}

function policyName(policy: Policy): string {
  const name = Object.entries(POLICIES).find(([, p]) => p === policy)?.[0];
  if (!name) throw new Error('publicWriteChecks takes a policy from POLICIES');
  return name;
}
