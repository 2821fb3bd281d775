/**
 * Staff accounts (decision 030): invite by email, accept with a password and mandatory MFA, change role, remove.
 * Browser-safe: the admin screen and the accept page build on these names; the API validates with these schemas.
 *
 *   GET    /api/admin/staff                       staff accounts and pending invitations (the list contract)
 *   POST   /api/admin/staff/invites {email,role}  → 201 the invitation
 *   POST   /api/admin/staff/invites/:id/resend    a new link (new token, new expiry)
 *   DELETE /api/admin/staff/invites/:id           revoke
 *   PATCH  /api/admin/staff/:userId {role}        change role
 *   DELETE /api/admin/staff/:userId               remove (sessions end, the account is closed)
 *   GET    /api/staff/invites/:token              who invited whom, as what (public)
 *   POST   /api/staff/invites/:token/accept {firstName,lastName,password}  → the account and a session (public)
 */
import { z } from 'zod';
import { passwordSchema, signupStep2Input } from '../auth/contract';
import { STAFF_ROLES, type StaffRole } from '../auth/permissions-contract';
import { listQuery } from '../platform/list';

/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 7;
/** Where the MFA setup lives: an invited account must use it before anything else. */
export const MFA_SETUP_PATH = '/account/security';
export const ACCEPT_PATH = '/staff/accept';

export const staffMessages = {
  invalidId: 'That is not a valid id.',
  role: `role must be one of ${STAFF_ROLES.join(', ')}`,
  email: 'Please enter a valid email address',
  emailTaken: (email: string) => `${email} already has a Manzil account. Change that account's role instead, or invite another address.`,
  invitePending: (email: string) => `${email} already has a pending invitation. Resend it or revoke it first.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `A new invitation link was sent to ${email}.`,
  revoked: (email: string) => `The invitation to ${email} was revoked.`,
  inviteNotFound: 'We could not find that invitation.',
  inviteClosed: 'This invitation has already been accepted or revoked, so it cannot be changed.',
  linkNotFound: 'This invitation link is not valid. Check that you copied the whole link, or ask the person who invited you for a new one.',
  linkExpired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  linkRevoked: 'This invitation was withdrawn. Ask an owner or admin if you think this is a mistake.',
  linkUsed: 'This invitation has already been used. Log in with the account it created.',
  memberNotFound: 'We could not find that staff account.',
  ownRole: 'You cannot change your own role. Ask another owner or admin.',
  removeSelf: 'You cannot remove your own account. Ask another owner or admin.',
  lastAdminDemote: 'This is the last owner / admin: give another account that role first, so someone can still manage staff.',
  lastAdminRemove: 'This is the last owner / admin: give another account that role first, so someone can still manage staff.',
  sameRole: 'That account already has this role.',
  roleChanged: (email: string, label: string) => `${email} is now ${label}.`,
  removed: (email: string) => `${email} was removed: their sessions have ended and they can no longer sign in.`,
  accepted: 'Your staff account is ready. Set up two-factor verification to continue: staff accounts must use it.',
} as const;

export const staffRole = z.enum(STAFF_ROLES, { error: staffMessages.role });

export const inviteInput = z.object({
  email: z.string({ error: staffMessages.email }).trim().max(254, staffMessages.email).pipe(z.email(staffMessages.email)),
  role: staffRole,
});
export type InviteInput = z.input<typeof inviteInput>;
export const changeRoleInput = z.object({ role: staffRole });

export const inviteIdParam = z.object({ id: z.uuid(staffMessages.invalidId) });
export const userIdParam = z.object({ userId: z.uuid(staffMessages.invalidId) });
export const tokenParam = z.object({ token: z.string().trim().min(10, staffMessages.linkNotFound).max(200, staffMessages.linkNotFound) });

/** The same name and password rules as signup. */
export const acceptInput = z.object({
  firstName: signupStep2Input.shape.firstName,
  lastName: signupStep2Input.shape.lastName,
  password: passwordSchema.pipe(z.string().max(200, 'Password must be at most 200 characters long')),
});
export type AcceptInput = z.input<typeof acceptInput>;

export const STAFF_SORTS = ['createdAt', 'email', 'name', 'role', 'kind'] as const;
export const STAFF_KINDS = ['member', 'invite'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];
export const staffListQuery = listQuery({
  sort: STAFF_SORTS,
  defaultSort: 'kind',
  filters: {
    role: staffRole.optional(),
    kind: z.enum(STAFF_KINDS, { error: `kind must be one of ${STAFF_KINDS.join(', ')}` }).optional(),
  },
});
export type StaffListQuery = z.output<typeof staffListQuery>;

/**
 * One row of the staff list: a staff account ('member', id = the user's id) or a pending invitation
 * ('invite', id = the invitation's id; name empty).
 */
export type StaffEntryJson = {
  kind: StaffKind;
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  roleLabel: string;
  /** Members: MFA is on. Invitations: false. */
  mfaEnabled: boolean;
  createdAt: string;
  /** Invitations: when the link stops working. */
  expiresAt: string | null;
  /** Invitations: who sent it. */
  invitedBy: string | null;
  /** Members: the signed-in person's own account. */
  isSelf: boolean;
};

export type InviteJson = { id: string; email: string; role: StaffRole; roleLabel: string; createdAt: string; expiresAt: string; invitedBy: string | null };
export type StaffActionResult = { message: string };
export type InviteResult = StaffActionResult & { invite: InviteJson };

/** GET /api/staff/invites/:token */
export type InvitePreview = { email: string; role: StaffRole; roleLabel: string; invitedBy: string; expiresAt: string };
/** POST /api/staff/invites/:token/accept */
export type AcceptResult = { message: string; next: typeof MFA_SETUP_PATH; user: { id: string; email: string; role: StaffRole; firstName: string; lastName: string } };
