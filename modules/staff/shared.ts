import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { isStaffRole } from '../auth/permissions-contract';

/** Who acts (the signed-in staff account) and from where, for the audit log. */
export type Actor = { id: string; ip: string | null };

/** Absolute links in emails: PUBLIC_SITE_URL, else this server on localhost at its own PORT (as in modules/auth). */
export const siteUrl = () => (process.env.PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/+$/, '');

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Serialises every staff change touching one email address (an invitation, its acceptance) inside the
 * caller's transaction, so two requests cannot both find the address free.
 */
export async function lockEmail(tx: Db, email: string): Promise<void> {
  await sqlRows(tx, sql`select 1 as locked from pg_advisory_xact_lock(hashtext(${`staff-email:${normalizeEmail(email)}`}))`);
}

/** Locks the active owner/admin accounts and returns their ids: "the last admin" is decided on locked rows. */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(tx, sql`select id from users where role = 'admin' and closed_at is null order by id for update`);
  return rows.map((r) => r.id);
}

/** A staff account that was removed (closed): its email may be invited again, and accepting reopens it. */
export const isFormerStaff = (u: { role: string; closedAt: Date | null }) => u.closedAt !== null && isStaffRole(u.role);
