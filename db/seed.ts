import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import { users } from './schema';
import { runModeFromEnv, StartupError, type RunMode } from '../api/run-mode';
import { passwordSchema } from '../modules/auth/contract';
import { newUnicode } from '../modules/auth/unicode';
import { seedDemoScreeningList } from '../modules/kyc/screening';
import { seedKycDemo } from '../modules/kyc/seed';
import { seedDemoProperties } from '../modules/properties/seed';
import { seedDemoSip } from '../modules/sip/seed';
import { seedDemoDistributions } from '../modules/distributions/seed';
import { seedDemoFees } from '../modules/fees/seed';
import { seedTax } from '../modules/tax/seed';
import { seedReceivables } from '../modules/receivables/seed';
import { seedPurchasing } from '../modules/purchasing/seed';
import { seedBanking } from '../modules/banking/seed';
import { seedPayroll } from '../modules/payroll/seed';
import { seedDemoCapital } from '../modules/ledger/demo-capital';
import { seedInventory } from '../modules/inventory/seed';
import { seedDemoBudget } from '../modules/erp-dashboards/seed';
import { seedDashboards } from '../modules/analytics/seed';
import { seedTrackers } from '../modules/trackers/seed';
import { seedSales } from '../modules/sales/seed';
import { seedCommunications } from '../modules/communications/seed';
import { seedAssistant } from '../modules/chat/seed';
import { seedAccountStanding } from '../modules/investor-admin/seed';
import { seedCommunity } from '../modules/community/seed';
import { DEMO_INVESTORS, DEMO_VERIFIED_INVESTOR_PASSWORD, seedDemoInvesting } from '../modules/investing/seed';

export const DEMO_ADMIN = { email: 'admin@manzil.ae', password: 'ManzilAdmin#2026', firstName: 'Layla', lastName: 'Haddad' } as const;
export const DEMO_INVESTOR = { email: 'investor@manzil.ae', password: 'ManzilInvest#2026', firstName: 'Omar', lastName: 'Rahman' } as const;

/** Every password the README publishes: never accepted for a first admin from the environment in production. */
const PUBLISHED_PASSWORDS: readonly string[] = [DEMO_ADMIN.password, DEMO_INVESTOR.password, DEMO_VERIFIED_INVESTOR_PASSWORD];

type Env = Record<string, string | undefined>;
type Account = { role: string; email: string; password: string | null };
export type SeedReport = { seeded: boolean; demo: boolean; accounts: Account[]; warnings: string[] };

const hash = (p: string) => Bun.password.hash(p, { algorithm: 'argon2id' });

/**
 * The first admin from ADMIN_EMAIL/ADMIN_PASSWORD, checked: a valid email and a password that meets the
 * signup rules (and, in production, is not one the README publishes). Null when neither is set; a
 * StartupError when only one is, or when either is unacceptable. Messages never repeat the password.
 */
export function firstAdminFromEnv(env: Env, mode: Pick<RunMode, 'production'>): { email: string; password: string } | null {
  const email = env.ADMIN_EMAIL?.trim().toLowerCase();
  const password = env.ADMIN_PASSWORD;
  if (!email && !password) return null;
  if (!email || !password) throw new StartupError('Set both ADMIN_EMAIL and ADMIN_PASSWORD (one of them is missing).');
  if (!z.email().safeParse(email).success) throw new StartupError('ADMIN_EMAIL is not a valid email address.');
  const strength = passwordSchema.safeParse(password);
  if (!strength.success) throw new StartupError(`ADMIN_PASSWORD is too weak: ${strength.error.issues.map((i) => i.message).join('; ')}.`);
  if (mode.production && PUBLISHED_PASSWORDS.includes(password)) {
    throw new StartupError('ADMIN_PASSWORD is a demo password published in the README: choose your own.');
  }
  return { email, password };
}

/** One demo account per staff role besides the owner, so each role's back office can be tried (all share a password). */
export const DEMO_STAFF_PASSWORD = 'ManzilStaff#2026';
export const DEMO_STAFF = [
  { role: 'finance', email: 'finance@manzil.ae', firstName: 'Karim', lastName: 'Nasser' },
  { role: 'compliance', email: 'compliance@manzil.ae', firstName: 'Huda', lastName: 'Rahman' },
  { role: 'operations', email: 'operations@manzil.ae', firstName: 'Rashid', lastName: 'Al Mazrouei' },
  { role: 'support', email: 'support@manzil.ae', firstName: 'Noor', lastName: 'Saleh' },
  { role: 'auditor', email: 'auditor@manzil.ae', firstName: 'Daniel', lastName: 'Okafor' },
] as const;

async function seedDemoStaff(db: Db) {
  const passwordHash = await hash(DEMO_STAFF_PASSWORD);
  for (const s of DEMO_STAFF) {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, s.email)).limit(1);
    if (!found) await db.insert(users).values({ ...s, passwordHash, unicode: newUnicode(), kycStatus: 'approved' });
  }
}

/** A demo database is one created as a demo: the demo admin exists. Only such a database is topped up. */
async function isDemoDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, DEMO_ADMIN.email)).limit(1);
  return Boolean(row);
}

async function seedDemo(db: Db): Promise<Account[]> {
  await db.insert(users).values([
    {
      email: DEMO_ADMIN.email,
      username: 'admin',
      passwordHash: await hash(DEMO_ADMIN.password),
      firstName: DEMO_ADMIN.firstName,
      lastName: DEMO_ADMIN.lastName,
      role: 'admin',
      unicode: newUnicode(),
      kycStatus: 'approved',
    },
    {
      email: DEMO_INVESTOR.email,
      username: 'omar',
      passwordHash: await hash(DEMO_INVESTOR.password),
      firstName: DEMO_INVESTOR.firstName,
      lastName: DEMO_INVESTOR.lastName,
      phone: '+971501234567',
      role: 'investor',
      unicode: newUnicode(),
      kycStatus: 'not_started',
    },
  ]);
  // A fictitious sanctions/PEP list, so screening works on a fresh demo install.
  await seedDemoScreeningList(db);
  await topUpDemo(db);
  return [
    { role: 'admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    { role: 'investor', email: DEMO_INVESTOR.email, password: DEMO_INVESTOR.password },
    ...(process.env.VITEST ? [] : [{ role: 'investor (verified, invested)', email: DEMO_INVESTORS[0]!.email, password: DEMO_VERIFIED_INVESTOR_PASSWORD }]),
    ...(process.env.VITEST ? [] : DEMO_STAFF.map((s) => ({ role: `staff: ${s.role}`, email: s.email, password: DEMO_STAFF_PASSWORD }))),
  ];
}

/** The demo catalogue, KYC queue and investors; idempotent, so a demo database started before they existed gets them. */
async function topUpDemo(db: Db) {
  await seedDemoProperties(db);
  // A demo account for each staff role (finance, compliance, operations, support, auditor). Unit test suites skip them.
  if (!process.env.VITEST) await seedDemoStaff(db);
  // Demo KYC applicants (submitted, rejected, screening-flagged) for a living /admin/kyc queue. Unit test
  // suites that seed skip them (their counts of users, notifications and audit entries stay as they were).
  if (!process.env.VITEST) await seedKycDemo(db);
  // Demo investors whose deposits and purchases go through the wallet and investing services, so the books
  // reconcile; they also hold what the catalogue marks sold. Unit test suites skip it (modules/investing/seed.test.ts runs it).
  if (!process.env.VITEST) await seedDemoInvesting(db);
  // A monthly plan with three collected instalments for the verified demo investor (modules/sip/seed.ts).
  if (!process.env.VITEST) await seedDemoSip(db);
  // Three months of property books for the demo properties with holders, the two oldest distributed and paid (modules/distributions/seed.ts).
  if (!process.env.VITEST) await seedDemoDistributions(db);
  // One platform fee run up to the end of last month, so the demo investors have charges (modules/fees/seed.ts).
  if (!process.env.VITEST) await seedDemoFees(db);
  // The operator's own books (issue #14): the VAT registration, customers with invoices in every state, suppliers with
  // requests, orders, receipts and bills, and last a bank statement built from the operating account's lines, so the
  // reconciliation has payments to match (modules/tax, receivables, purchasing, banking seed.ts).
  if (!process.env.VITEST) {
    // The founders' paid-in capital in the operating account, so the operator's cash and runway read as a business's (modules/ledger).
    await seedDemoCapital(db);
    await seedTax(db);
    await seedReceivables(db);
    await seedPurchasing(db);
    await seedBanking(db);
    // The team's payroll (issue #15): employees, WPS settings, last month's run paid and this month's as a draft.
    await seedPayroll(db);
    // The furnishing stock: the main store, eight items, receipts at two costs, what is installed in two homes (modules/inventory).
    await seedInventory(db);
    // This year's budget from the demo books' last three months, so budget against actual has figures (modules/erp-dashboards).
    await seedDemoBudget(db);
    // The shared "Operator overview" dashboard built from the metric catalogue (modules/analytics/seed.ts).
    await seedDashboards(db);
    // Data trackers over the demo's own figures (sign-ups, KYC time to approve, SIP failures, AUM, deposits),
    // computed once over their back-fill window so the charts have history (modules/trackers).
    await seedTrackers(db);
    // The sales cycle: a price list, services and stock items, quotations in every status, orders from confirmed to invoiced (modules/sales).
    await seedSales(db);
    // The inbox and announcements (issue #16): templates, conversations in every state, one announcement sent, one scheduled.
    await seedCommunications(db);
    // A conversation of the verified demo investor with the assistant about her own earnings, portfolio and SIP (modules/chat/seed.ts).
    await seedAssistant(db);
    // One demo investor suspended (with the reason and the audit entry), so /admin/users/{id} shows the standing (modules/investor-admin).
    await seedAccountStanding(db, DEMO_ADMIN.email);
    // A few community discussions between the demo investors, two about properties they hold (modules/community).
    await seedCommunity(db);
  }
}

/**
 * Seeds by the run mode (api/run-mode.ts). On an empty database: the first admin from ADMIN_EMAIL/
 * ADMIN_PASSWORD when set, and the demo accounts and data in demo mode. In production an empty database
 * without ADMIN_* is refused, and nothing demo is ever written. On a database with users, only a demo
 * database in demo mode is topped up; anything else is left as it is.
 */
export async function seedDatabase(db: Db, env: Env = process.env): Promise<SeedReport> {
  const mode = runModeFromEnv(env);
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) {
    const demo = mode.demo && !mode.production && (await isDemoDatabase(db));
    if (demo) await topUpDemo(db);
    return { seeded: false, demo, accounts: [], warnings: [] };
  }

  const admin = firstAdminFromEnv(env, mode);
  if (!admin && mode.production) {
    throw new StartupError(
      'The database is empty and NODE_ENV=production: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin ' +
        '(they must set up two-factor verification when they first sign in). No demo accounts are created in production.',
    );
  }
  const accounts: Account[] = [];
  if (admin) {
    await db.insert(users).values({
      email: admin.email,
      passwordHash: await hash(admin.password),
      firstName: env.ADMIN_FIRST_NAME?.trim() || 'Admin',
      role: 'admin',
      unicode: newUnicode(),
      kycStatus: 'approved',
    });
    accounts.push({ role: 'admin', email: admin.email, password: null });
  }
  const demo = mode.demo && !mode.production;
  if (demo) accounts.push(...(await seedDemo(db)));
  const warnings = accounts.length ? [] : ['No accounts were created: set ADMIN_EMAIL and ADMIN_PASSWORD (or DEMO=1) and start again.'];
  return { seeded: accounts.length > 0, demo, accounts, warnings };
}
