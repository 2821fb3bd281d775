/**
 * Community contract, browser-safe: the categories, the input schemas with their messages (each once),
 * the error codes and the JSON shapes. Bodies are Markdown (CommonMark + GFM); the server keeps the text as
 * written and the HTML micromark made of it (raw HTML escaped, dangerous link protocols dropped).
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';

export type CommunityCategory = { slug: string; name: string; description: string };

/** The categories /community has always shown (their texts unchanged). Stored on each thread by slug. */
export const COMMUNITY_CATEGORIES = [
  { slug: 'getting-started', name: 'Getting started', description: 'First questions about accounts, verification and your first investment.' },
  { slug: 'sip', name: 'SIP and monthly investing', description: 'Monthly plans, collection days and building the habit.' },
  { slug: 'properties', name: 'Properties and due diligence', description: 'Locations, developers, valuations and what to look for in a listing.' },
  { slug: 'rental-income', name: 'Rental income', description: 'Occupancy, distributions and how rent reaches your wallet.' },
  { slug: 'selling', name: 'Selling and the exchange', description: 'Listing shares, the liquidity pool and when to exit.' },
  { slug: 'general', name: 'General discussion', description: 'Everything else about investing in UAE property.' },
] as const satisfies readonly CommunityCategory[];
export type CategorySlug = (typeof COMMUNITY_CATEGORIES)[number]['slug'];
export const CATEGORY_SLUGS = COMMUNITY_CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];
export const categoryBySlug = (slug: string): CommunityCategory | null => COMMUNITY_CATEGORIES.find((c) => c.slug === slug) ?? null;

/** Which category a /community/{...} list path opens, and whether the path named something that isn't there. */
export function resolveCommunityPath(path: string): { category: CommunityCategory | null; unknown: boolean } {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  const category = parts[0] ? categoryBySlug(parts[0]) : null;
  return { category, unknown: parts.length > 0 && parts[0] !== 'discussions' && (!category || parts.length > 1) };
}

/** The reactions a post can get: one of each per person, pressed again to take it back. */
export const REACTION_KINDS = ['like', 'helpful', 'insightful'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export const reactionLabels: Record<ReactionKind, string> = { like: 'Like', helpful: 'Helpful', insightful: 'Insightful' };

export const TITLE_MIN = 8;
export const TITLE_MAX = 150;
export const BODY_MIN = 2;
export const BODY_MAX = 10_000;
export const REASON_MIN = 5;
export const REASON_MAX = 500;
export const REPLIES_PAGE = 50;

/** Posting allowances per person (decision 003's counters). */
export const COMMUNITY_LIMITS = { threadsPerHour: 5, repliesPerHour: 30, reportsPerHour: 20 } as const;

export const communityErrorCodes = {
  threadNotFound: 'community_thread_not_found',
  postNotFound: 'community_post_not_found',
  reportNotFound: 'community_report_not_found',
  userNotFound: 'community_user_not_found',
  notVerified: 'community_not_verified',
  banned: 'community_banned',
  locked: 'community_thread_locked',
  alreadyReported: 'community_already_reported',
  invalidState: 'community_invalid_state',
  propertyNotFound: 'community_property_not_found',
  ownPost: 'community_own_post',
} as const;

export const communityMessages = {
  category: `The category must be one of: ${CATEGORY_SLUGS.join(', ')}.`,
  title: `Give the discussion a title of ${TITLE_MIN} to ${TITLE_MAX} characters.`,
  body: `Write ${BODY_MIN} to ${BODY_MAX.toLocaleString('en-US')} characters.`,
  property: 'Name a property by its id, reference or slug (up to 100 characters).',
  reaction: `The reaction must be one of: ${REACTION_KINDS.join(', ')}.`,
  reason: `Give a reason of ${REASON_MIN} to ${REASON_MAX} characters.`,
  id: 'That is not a valid id.',
  nul: 'Text cannot contain NUL characters.',
  threadNotFound: 'We could not find that discussion. It may have been removed.',
  postNotFound: 'We could not find that post. It may have been removed.',
  reportNotFound: 'We could not find that report.',
  userNotFound: 'We could not find that person.',
  propertyNotFound: 'We could not find that property. Leave it empty or name a published property.',
  notVerified: 'Only verified investors can post in the community. Complete your identity verification (KYC) first.',
  banned: 'You cannot post in the community at the moment: a moderator has paused your posting.',
  locked: 'This discussion is locked: it no longer takes replies.',
  hidden: 'This post has been hidden by a moderator.',
  alreadyReported: 'You have already reported this post. Our moderators will look at it.',
  alreadyHidden: 'That post is already hidden.',
  notHidden: 'That post is not hidden.',
  alreadyLocked: 'That discussion is already locked.',
  notLocked: 'That discussion is not locked.',
  alreadyBanned: 'That person is already paused from posting.',
  notBanned: 'That person is not paused from posting.',
  banStaff: 'Staff accounts cannot be paused from posting.',
  reportClosed: 'That report has already been dealt with.',
  ownPost: 'You cannot report your own post.',
} as const;

const noNul = (s: string) => !s.includes('\u0000');
const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message).refine(noNul, communityMessages.nul);

export const uuidSchema = z.string({ error: communityMessages.id }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, communityMessages.id);
export const idParam = z.object({ id: uuidSchema });

export const categorySchema = z.enum(CATEGORY_SLUGS, { error: communityMessages.category });

export const createThreadInput = z.object({
  category: categorySchema,
  title: text(TITLE_MIN, TITLE_MAX, communityMessages.title),
  body: text(BODY_MIN, BODY_MAX, communityMessages.body),
  /** Optional: the property the discussion is about (its holders get a badge). */
  property: z
    .string({ error: communityMessages.property })
    .trim()
    .max(100, communityMessages.property)
    .refine(noNul, communityMessages.nul)
    .nullish()
    .transform((s) => s || null),
});
export type CreateThreadInput = z.output<typeof createThreadInput>;

export const replyInput = z.object({ body: text(BODY_MIN, BODY_MAX, communityMessages.body) });
export const reactionInput = z.object({ kind: z.enum(REACTION_KINDS, { error: communityMessages.reaction }) });
export const reasonInput = z.object({ reason: text(REASON_MIN, REASON_MAX, communityMessages.reason) });

/** GET /api/community/threads: the one list contract, public. */
export const threadsListQuery = listQuery({
  sort: ['lastPostAt', 'createdAt', 'replies'],
  defaultSort: '-lastPostAt',
  sortAliases: { newest: '-createdAt', active: '-lastPostAt' },
  filters: { category: categorySchema.optional() },
});
export type ThreadsListQuery = z.output<typeof threadsListQuery>;

/** GET /api/community/threads/{id}: the replies are paged. */
export const threadQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 200.' }).int('limit must be a whole number from 1 to 200.').min(1, 'limit must be a whole number from 1 to 200.').max(200, 'limit must be a whole number from 1 to 200.').default(REPLIES_PAGE),
  offset: z.coerce.number({ error: 'offset must be a whole number, 0 or more.' }).int('offset must be a whole number, 0 or more.').min(0, 'offset must be a whole number, 0 or more.').max(10_000_000, 'offset must be a whole number, 0 or more.').default(0),
});

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const reportStatusLabels: Record<ReportStatus, string> = { open: 'Open', resolved: 'Post hidden', dismissed: 'Dismissed' };

export const reportsListQuery = listQuery({
  sort: ['createdAt'],
  defaultSort: '-createdAt',
  filters: { status: z.enum(REPORT_STATUSES, { error: `status must be one of: ${REPORT_STATUSES.join(', ')}` }).optional() },
});
export const postsListQuery = listQuery({
  sort: ['createdAt', 'reports'],
  defaultSort: '-createdAt',
  filters: { visibility: z.enum(['visible', 'hidden'], { error: 'visibility must be visible or hidden' }).optional() },
});
export const bansListQuery = listQuery({ sort: ['createdAt'], defaultSort: '-createdAt' });

// ---- JSON shapes ----

export type AuthorJson = { id: string; name: string; verified: boolean; holder: boolean; staff: boolean };
export type ReactionCountsJson = Record<ReactionKind, number>;
export type PostJson = {
  id: string;
  author: AuthorJson;
  /** Sanitised HTML (null when the post is hidden: its text is not shown publicly). */
  html: string | null;
  hidden: boolean;
  createdAt: string;
  reactions: ReactionCountsJson;
};
export type ThreadSummaryJson = {
  id: string;
  category: CategorySlug;
  title: string;
  author: AuthorJson;
  property: { id: string; title: string; slug: string } | null;
  locked: boolean;
  replies: number;
  excerpt: string;
  createdAt: string;
  lastPostAt: string;
};
export type ThreadDetailJson = ThreadSummaryJson & { opening: PostJson; replies: number; page: { items: PostJson[]; total: number; limit: number; offset: number } };
export type CategoryJson = CommunityCategory & { threads: number; posts: number; lastPostAt: string | null };
export type CommunityStatusJson = { signedIn: boolean; userId: string | null; canPost: boolean; reason: string | null; myReactions: Record<string, ReactionKind[]> };

export type ReportJson = {
  id: string;
  status: ReportStatus;
  reason: string;
  reporter: { id: string; name: string };
  post: { id: string; threadId: string; threadTitle: string; excerpt: string; hidden: boolean; author: { id: string; name: string; banned: boolean } };
  createdAt: string;
  resolvedAt: string | null;
};
export type AdminPostJson = {
  id: string;
  threadId: string;
  threadTitle: string;
  threadLocked: boolean;
  opening: boolean;
  excerpt: string;
  hidden: boolean;
  hiddenReason: string | null;
  author: { id: string; name: string; email: string; banned: boolean };
  openReports: number;
  createdAt: string;
};
export type BanJson = { userId: string; name: string; email: string; reason: string; bannedBy: string; createdAt: string };
export type ModerationResultJson = { ok: true };
