import { ROLES, type Permission, type Role } from './permissions-contract';
import { z } from 'zod';
import { listQuery } from '../platform/list';

/** §3: the current user as GET /api/auth/me returns it. */
export type CurrentUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  mfaEnabled: boolean;
  /** This staff account must use two-factor verification; until mfaEnabled, only the MFA setup flow answers. */
  mfaRequired?: boolean;
  kycStatus: string;
  unicode: string;
  /** A staff account's permissions (its role's, permissions.ts); absent for investors. */
  permissions?: Permission[];
};

/** A staff account that must use two-factor verification and has not set it up: it may only do that. */
export const mustSetUpMfa = (u: Pick<CurrentUser, 'mfaRequired' | 'mfaEnabled'> | null | undefined) => Boolean(u?.mfaRequired && !u.mfaEnabled);

/** §3: kycStatus 'completed' or 'approved' counts as verified; anything else does not. */
export const isKycVerified = (status: string | null | undefined) => status === 'completed' || status === 'approved';

/** 401 body while an MFA code is pending. */
export type MfaPending = { message: string; error: string; requiresMfa: true; mfaMethod: 'email' | 'authenticator' };

export const loginInput = z.object({
  username: z.string({ error: 'Username or email is required' }).trim().min(1, 'Username or email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export const passwordSchema = z
  .string({ error: 'Password must be at least 8 characters long' })
  .min(8, 'Password must be at least 8 characters long')
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number');

export const forgotPasswordInput = z.object({ email: z.email('Please enter a valid email address') });
export const resetPasswordInput = z.object({
  token: z.string().min(1, 'This reset link is not valid. Ask for a new one.'),
  password: passwordSchema,
});
export const verifyMfaInput = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, 'Enter the 6-digit code (or a recovery code)'),
});

const signupEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** §5 signup step 1. */
export const signupStep1Input = z.object({
  email: signupEmail,
  password: passwordSchema.pipe(z.string().max(200, 'Password must be at most 200 characters long')),
});

const nameField = (label: 'First name' | 'Last name') =>
  z
    .string({ error: `${label} must be at least 2 characters` })
    .trim()
    .min(2, `${label} must be at least 2 characters`)
    .max(60, `${label} must be at most 60 characters`)
    .regex(/^[\p{L}\p{M}' .-]+$/u, `${label} can only contain letters, spaces, apostrophes and hyphens`);

/** §5 signup step 2. */
export const signupStep2Input = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  phone: z
    .string({ error: 'Please enter a valid phone number' })
    .trim()
    .min(8, 'Please enter a valid phone number')
    .max(20, 'Please enter a valid phone number')
    .regex(/^\+?[0-9 ()-]+$/, 'Please enter a valid phone number'),
  terms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
  email: signupEmail,
});

export const registerInput = signupStep1Input.extend(signupStep2Input.omit({ email: true }).shape);

export const INVESTMENT_MODES = ['automated', 'manual'] as const;
export type InvestmentMode = (typeof INVESTMENT_MODES)[number];
/** §4/§5: only automated or manual; anything else becomes automated. */
export const normalizeInvestmentMode = (v: unknown): InvestmentMode => (v === 'manual' ? 'manual' : 'automated');

export const mfaPasswordInput = z.object({ password: z.string({ error: 'Password is required' }).min(1, 'Password is required') });
export const totpConfirmInput = z.object({ code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code') });

export const authMessages = {
  invalidCredentials: 'Invalid username/email or password',
  loggedOut: 'You have been successfully logged out.',
  forgotSent: "If an account exists for that email, we've sent a link to reset your password. It expires in 1 hour.",
  resetDone: 'Your password has been reset. You can now log in with your new password.',
  resetInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  emailTaken: 'An account with this email already exists. Log in instead.',
  step1Done: 'Account credentials saved. Now complete your profile.',
  registered: 'Registration successful',
  signupExpired: 'Your signup session has expired. Please start again from step 1.',
  mfaInvalid: 'That code is not valid. Check it and try again.',
  mfaNotPending: 'There is no sign-in waiting for a verification code. Log in again.',
  mfaTooMany: 'Too many incorrect codes. Log in again to get a new code.',
} as const;

/** A suspended or closed account is refused with these sentences (sign-in and every money movement). */
export const accountMessages = {
  suspended: 'Your account is suspended, so this cannot be done. Please contact support@manzil.ae to find out why and how to restore it.',
  closed: 'This account has been closed. Please contact support@manzil.ae if you think this is a mistake.',
} as const;

// ---------------------------------------------------------------------------------------------
// Admin: the users list (GET /api/admin/users, /api/admin/users/export), on the one list contract.

export const ADMIN_USER_SORTS = ['createdAt', 'email', 'firstName', 'lastName', 'unicode', 'role', 'kycStatus'] as const;
export const adminUsersQuery = listQuery({
  sort: ADMIN_USER_SORTS,
  defaultSort: '-createdAt',
  filters: {
    role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }).optional(),
    kycStatus: z.string().trim().max(40, 'kycStatus is too long').optional(),
  },
});
export type AdminUsersQuery = z.output<typeof adminUsersQuery>;
/** 'suspended' while an administrator has suspended the account; 'closed' once it is closed (modules/investor-admin). */
export type AccountStanding = 'active' | 'suspended' | 'closed';
export type AdminUserJson = CurrentUser & { username: string | null; phone: string | null; createdAt: string; standing: AccountStanding };
