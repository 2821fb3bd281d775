import { sql } from 'drizzle-orm';
import { boolean, pgEnum, uniqueIndex, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const userRole = pgEnum('user_role', ['admin', 'investor']);

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
    kycStatus: text('kyc_status').notNull().default('not_started'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_unicode_unique').on(t.unicode),
  ],
);
