/** Small helpers shared by the wallet's use cases (and, through index.ts, by investing). */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { isKycVerified } from '../auth/contract';
import { users } from '../auth/schema';
import { ensureInvestorAccount } from '../ledger';
import { walletErrorCodes, walletMessages } from './contract';

/** Runs a raw query on either driver and returns its rows (PGlite answers { rows }, postgres-js an array). */
export async function q<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(v as string));
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

/** The accounting date in Dubai (UTC+4, no daylight saving): YYYY-MM-DD. */
export const dubaiDate = (at: Date = new Date()) => new Date(at.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
/** Start of a Dubai calendar day as an instant. */
export const dubaiDayStart = (date: string) => new Date(`${date}T00:00:00+04:00`);

/** "AED 1,250.00". */
export function aed(fils: bigint): string {
  const neg = fils < 0n;
  const abs = neg ? -fils : fils;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}AED ${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export type UserInfo = { id: string; email: string; unicode: string; firstName: string; lastName: string; kycStatus: string; role: string };

export async function loadUser(tx: Db, userId: string): Promise<UserInfo | null> {
  const [u] = await tx
    .select({ id: users.id, email: users.email, unicode: users.unicode, firstName: users.firstName, lastName: users.lastName, kycStatus: users.kycStatus, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ?? null;
}

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The investor's own client-money sub-account (2100-…), opened on first use. */
export async function investorAccountCode(tx: Db, userId: string): Promise<string> {
  const user = await loadUser(tx, userId);
  if (!user) throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
  const account = await ensureInvestorAccount(tx, { userId, unicode: user.unicode, name: fullName(user) });
  return account.code;
}

/** The investor, refused (422 kyc_required) unless their identity is verified. */
export async function verifiedInvestor(tx: Db, userId: string, message: string): Promise<UserInfo> {
  const user = await loadUser(tx, userId);
  if (!user) throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
  if (!isKycVerified(user.kycStatus)) throw new AppError(422, walletErrorCodes.kycRequired, message, { link: '/kyc' });
  return user;
}

/** The name on the investor's verified identity: the KYC legal name, else their first and last name. */
export async function verifiedName(tx: Db, user: UserInfo): Promise<string> {
  const [row] = await q<{ legal_name: string | null }>(tx, sql`select legal_name from kyc_applications where user_id = ${user.id} and status = 'approved'`);
  const legal = row?.legal_name?.trim();
  return legal || fullName(user);
}
