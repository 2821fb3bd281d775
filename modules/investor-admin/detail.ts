import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { sqlRows } from '@api/list';
import { users } from '../auth/schema';
import { kycApplications, kycDocuments } from '../kyc/schema';
import { USER_SECTIONS, investorAdminMessages as msg, type AccountStatus, type UserDetailJson, type UserSection } from './contract';
import { sectionCount } from './sections';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, id: string): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u) throw notFound(msg.notFound, 'user_not_found');
  return u;
}

export const accountStatus = (u: Pick<UserRow, 'suspendedAt' | 'closedAt'>): AccountStatus => (u.closedAt ? 'closed' : u.suspendedAt ? 'suspended' : 'active');

const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function kycOf(db: Db, id: string): Promise<UserDetailJson['kyc']> {
  const [app] = await db.select().from(kycApplications).where(eq(kycApplications.userId, id)).limit(1);
  if (!app) return null;
  // Metadata only: the documents themselves stay encrypted in file storage.
  const docs = await db
    .select({ type: kycDocuments.type, status: kycDocuments.status, uploadedAt: kycDocuments.uploadedAt })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, id), isNull(kycDocuments.supersededAt)))
    .orderBy(desc(kycDocuments.uploadedAt));
  return {
    status: app.status,
    legalName: app.legalName,
    nationality: app.nationality,
    classification: app.classification,
    riskLevel: app.riskLevel,
    flagged: app.flagged,
    screeningHits: app.screeningHits.length,
    screenedAt: isoOrNull(app.screenedAt),
    submittedAt: isoOrNull(app.submittedAt),
    decidedAt: isoOrNull(app.decidedAt),
    rejectionReason: app.rejectionReason,
    documents: docs.map((d) => ({ type: d.type, status: d.status, uploadedAt: d.uploadedAt.toISOString() })),
  };
}

/** The wallet's balance, held and available (fils) and the principal of what is held now. */
export async function moneyOf(db: Db, id: string) {
  const [row] = await sqlRows<{ balance: string; held: string; cost: string; holdings: string }>(
    db,
    sql`select coalesce((select balance from wallets where user_id = ${id}), 0)::text as balance,
               coalesce((select held from wallets where user_id = ${id}), 0)::text as held,
               coalesce((select sum(cost) from holdings where user_id = ${id} and units > 0), 0)::text as cost,
               (select count(*) from holdings where user_id = ${id} and units > 0)::text as holdings`,
  );
  return { balance: BigInt(row?.balance ?? 0), held: BigInt(row?.held ?? 0), cost: BigInt(row?.cost ?? 0), holdings: Number(row?.holdings ?? 0) };
}

/** The header of /admin/users/{id}: profile, standing, KYC and screening, wallet, and how long each section is. */
export async function getUserDetail(db: Db, id: string): Promise<UserDetailJson> {
  const u = await findUser(db, id);
  const [kyc, money, suspender, counts] = await Promise.all([
    kycOf(db, id),
    moneyOf(db, id),
    u.suspendedBy ? db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, u.suspendedBy)).limit(1) : Promise.resolve([]),
    Promise.all(USER_SECTIONS.map(async (s) => [s, await sectionCount(db, id, s)] as const)),
  ]);
  const by = suspender[0];
  return {
    profile: {
      id: u.id,
      email: u.email,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      phone: u.phone,
      role: u.role,
      unicode: u.unicode,
      mfaEnabled: u.mfaEnabled,
      mfaMethod: u.mfaEnabled ? u.mfaMethod : null,
      kycStatus: u.kycStatus,
      investmentMode: u.investmentMode,
      createdAt: u.createdAt.toISOString(),
      termsAcceptedAt: isoOrNull(u.termsAcceptedAt),
    },
    standing: {
      status: accountStatus(u),
      suspendedAt: isoOrNull(u.suspendedAt),
      suspendedBy: u.suspendedBy ? { id: u.suspendedBy, label: by?.email ?? u.suspendedBy } : null,
      suspendedReason: u.suspendedReason,
      closedAt: isoOrNull(u.closedAt),
    },
    kyc,
    wallet: { balance: money.balance.toString(), held: money.held.toString(), available: (money.balance - money.held).toString() },
    counts: Object.fromEntries(counts) as Record<UserSection, number>,
    holdingsCost: money.cost.toString(),
  };
}
