import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/** The roles an invitation may give: the staff roles only, never 'investor'. */
export const staffInviteRole = pgEnum('staff_invite_role', ['admin', 'finance', 'compliance', 'operations', 'support', 'auditor']);

/**
 * An invitation to join the back office (decision 030). The email carries a random token; only its SHA-256
 * is stored. It is pending while accepted_at, revoked_at are null and expires_at is in the future; accepting
 * it creates the staff account (accepted_user_id) once.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    role: staffInviteRole('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invites_token_hash_unique').on(t.tokenHash),
    index('staff_invites_email_idx').on(sql`lower(${t.email})`),
  ],
);
export type StaffInviteRow = typeof staffInvites.$inferSelect;
