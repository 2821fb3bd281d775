import { z } from 'zod';
import type { Role } from '../auth/permissions-contract';
import { LIST_LIMIT_MAX, listMessages } from '../platform/list';

/**
 * One investor's whole story for the back office (/admin/users/{id}) and the actions on the account:
 * suspend / unsuspend (the contract: POST /api/admin/users/{id}/suspend { reason }, POST .../unsuspend),
 * reset MFA, resend the verification email, export the investor's data, close the account.
 */

export const USER_SECTIONS = ['transactions', 'holdings', 'orders', 'sip', 'distributions', 'notifications', 'sessions', 'audit'] as const;
export type UserSection = (typeof USER_SECTIONS)[number];

export const userSectionLabels: Record<UserSection, string> = {
  transactions: 'Wallet transactions',
  holdings: 'Holdings',
  orders: 'Orders',
  sip: 'SIP plans',
  distributions: 'Distributions',
  notifications: 'Notifications',
  sessions: 'Sessions',
  audit: 'Audit trail',
};

export const investorAdminMessages = {
  invalidId: 'That is not a valid user id.',
  notFound: 'There is no such user.',
  reasonRequired: 'Give a reason of at least 5 characters.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  self: 'You cannot do this to your own account.',
  staff: 'Staff accounts are managed by the owner, not from the investor screen. This action is for investor accounts only.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  closed: 'This account is closed; nothing more can be done to it.',
  alreadyVerified: 'This investor has already verified their identity, so there is nothing to resend.',
  balanceLeft: (aed: string) => `The wallet still holds ${aed}. Pay it out or adjust it to zero before closing the account.`,
  holdingsLeft: (n: number) => `The investor still holds shares in ${n} ${n === 1 ? 'property' : 'properties'}. Sell or transfer them before closing the account.`,
  openItems: (what: string) => `The investor still has ${what}. Settle them before closing the account.`,
  suspended: 'The account is suspended: its sessions have ended and it can neither sign in nor move money.',
  unsuspended: 'The account is active again.',
  mfaReset: 'Two-factor verification is off for this account and its sessions have ended. The investor can set it up again after signing in.',
  verificationSent: 'We sent the investor an email with a link to verify their identity.',
  closedDone: 'The account is closed and its personal details are anonymised.',
} as const;

export const userIdParam = z.object({ id: z.uuid(investorAdminMessages.invalidId) });
export const userSectionParam = userIdParam.extend({
  section: z.enum(USER_SECTIONS, { error: `section must be one of: ${USER_SECTIONS.join(', ')}.` }),
});

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,9}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** A page of one section: limit (1–200, default 20) and offset. */
export const userSectionQuery = z.object({
  limit: wholeNumber(listMessages.limit, 1, LIST_LIMIT_MAX).default(20),
  offset: wholeNumber(listMessages.offset, 0, 10_000_000).default(0),
});
export type UserSectionQuery = z.output<typeof userSectionQuery>;

/** The reason an administrator gives for an action; it goes to the audit log (and, for a suspension, onto the account). */
export const reasonInput = z.object({
  reason: z
    .string({ error: investorAdminMessages.reasonRequired })
    .trim()
    .min(5, investorAdminMessages.reasonRequired)
    .max(500, investorAdminMessages.reasonTooLong)
    .refine((s) => !s.includes('\u0000'), investorAdminMessages.reasonRequired),
});
/** Unsuspend and the other actions: a reason is asked for by the screen, optional on the wire for the unsuspend contract. */
export const optionalReasonInput = z.object({ reason: reasonInput.shape.reason.optional() }).optional();
export type ReasonInput = z.output<typeof reasonInput>;

export type AccountStatus = 'active' | 'suspended' | 'closed';

export type UserDetailJson = {
  profile: {
    id: string;
    email: string;
    username: string | null;
    firstName: string;
    lastName: string;
    phone: string | null;
    role: Role;
    unicode: string;
    mfaEnabled: boolean;
    mfaMethod: string | null;
    kycStatus: string;
    investmentMode: string;
    createdAt: string;
    termsAcceptedAt: string | null;
  };
  standing: {
    status: AccountStatus;
    suspendedAt: string | null;
    suspendedBy: { id: string; label: string } | null;
    suspendedReason: string | null;
    closedAt: string | null;
  };
  kyc: {
    status: string;
    legalName: string | null;
    nationality: string | null;
    classification: string | null;
    riskLevel: string | null;
    flagged: boolean;
    screeningHits: number;
    screenedAt: string | null;
    submittedAt: string | null;
    decidedAt: string | null;
    rejectionReason: string | null;
    documents: { type: string; status: string; uploadedAt: string }[];
  } | null;
  /** Fils as strings. */
  wallet: { balance: string; held: string; available: string };
  counts: Record<UserSection, number>;
  /** Fils as strings: principal paid for what is held now. */
  holdingsCost: string;
};

export type UserSectionPage = { items: Record<string, string | number | boolean | null>[]; total: number };

export type UserActionResult = { message: string; user: UserDetailJson };
