import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['admin', 'investor', 'finance', 'compliance', 'operations', 'support', 'auditor']);

/** A person who can sign in. The accounts capability owns this table. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    role: userRole('role').notNull().default('investor'),
    /** The user's unique public ID, shown after signup (e.g. MZ-4F7K2Q). */
    unicode: text('unicode').notNull(),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** Staff created from an invitation must use MFA whatever the environment's policy (staff-mfa.ts). */
    mfaMandatory: boolean('mfa_mandatory').notNull().default(false),
    /** 'email' or 'authenticator' while MFA is on. */
    mfaMethod: text('mfa_method'),
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, confirmed by a first code before it becomes totpSecret. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    kycStatus: text('kyc_status').notNull().default('not_started'),
    investmentMode: text('investment_mode').notNull().default('automated'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Set while an administrator has suspended the account: no sign-in, no money movement. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedBy: uuid('suspended_by'),
    suspendedReason: text('suspended_reason'),
    /** Set once the account is closed (and anonymised): it never signs in again. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_unicode_unique').on(t.unicode),
  ],
);

/** Server-side sessions. The cookie holds a random 256-bit token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** True between a correct password and a correct MFA code. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    mfaAttempts: integer('mfa_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Step 1 of the two-step signup, kept until step 2 completes it (tied to the browser by a cookie). */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_signups_email_unique').on(sql`lower(${t.email})`)],
);

/** Single-use password reset tokens (hashed), valid for one hour. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Emailed MFA codes (hashed), valid for ten minutes. */
export const mfaEmailCodes = pgTable('mfa_email_codes', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes for authenticator MFA (hashed). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Failure counters for rate limits: per account and per address, with a sliding window. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
});
