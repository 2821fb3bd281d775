/** Helpers the community services share: errors, names and badges, who may post, the posting allowances. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { isKycVerified } from '../auth/contract';
import { takeAttempt, type Policy } from '../auth/throttle';
import { q } from '../wallet/helpers';
import { COMMUNITY_LIMITS, communityMessages as msg, REACTION_KINDS, type AuthorJson, type ReactionCountsJson } from './contract';
import { isStaffRole } from '../auth/permissions-contract';

export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** "Aisha A.": first name and the initial of the last, so a post never carries a member's full name. */
export const displayName = (first: string, last: string | null | undefined) => {
  const initial = (last ?? '').trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
};

export type AuthorRow = { author_id: string; first_name: string; last_name: string | null; kyc_status: string; role: string; holder: boolean | null };

export const authorOf = (r: AuthorRow): AuthorJson => ({
  id: r.author_id,
  name: isStaffRole(r.role) ? `${r.first_name} (Manzil team)` : displayName(r.first_name, r.last_name),
  verified: !isStaffRole(r.role) && isKycVerified(r.kyc_status),
  holder: Boolean(r.holder),
  staff: isStaffRole(r.role),
});

export const emptyReactions = (): ReactionCountsJson => Object.fromEntries(REACTION_KINDS.map((k) => [k, 0])) as ReactionCountsJson;

/** Why this account may not post now (null: it may). Reading is open to everyone. */
export async function postingBlock(db: Db, user: { id: string; role: string; kycStatus: string }): Promise<AppError | null> {
  if (!isStaffRole(user.role) && !isKycVerified(user.kycStatus)) return new AppError(403, 'community_not_verified', msg.notVerified, { link: '/kyc' });
  const [ban] = await q<{ user_id: string }>(db, sql`select user_id from community_bans where user_id = ${user.id}`);
  if (ban) return new AppError(403, 'community_banned', msg.banned);
  return null;
}

export async function assertMayPost(db: Db, user: { id: string; role: string; kycStatus: string }): Promise<void> {
  const block = await postingBlock(db, user);
  if (block) throw block;
}

const HOUR = 3600;
const policy = (free: number): Policy => ({ free, windowSeconds: HOUR, baseDelaySeconds: 60, maxDelaySeconds: HOUR });
export const COMMUNITY_POLICIES = {
  thread: policy(COMMUNITY_LIMITS.threadsPerHour),
  reply: policy(COMMUNITY_LIMITS.repliesPerHour),
  report: policy(COMMUNITY_LIMITS.reportsPerHour),
} as const;
const WHAT = { thread: 'new discussions', reply: 'replies', report: 'reports' } as const;

/** Counts one write against the person's hourly allowance before it happens (decision 003); 429 past it. */
export async function takeCommunityAttempt(db: Db, kind: keyof typeof COMMUNITY_POLICIES, userId: string): Promise<void> {
  await takeAttempt(db, [{ key: `community:${kind}:user:${userId}`, policy: COMMUNITY_POLICIES[kind] }], WHAT[kind]);
}

export const threadNotFound = () => new AppError(404, 'community_thread_not_found', msg.threadNotFound);
export const postNotFound = () => new AppError(404, 'community_post_not_found', msg.postNotFound);
