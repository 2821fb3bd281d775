import { count } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';
import { newUnicode } from '../modules/auth/unicode';
import { seedDemoScreeningList } from '../modules/kyc/screening';
import { seedKycDemo } from '../modules/kyc/seed';
import { seedDemoProperties } from '../modules/properties/seed';
import { DEMO_INVESTORS, DEMO_VERIFIED_INVESTOR_PASSWORD, seedDemoInvesting } from '../modules/investing/seed';

export const DEMO_ADMIN = { email: 'admin@manzil.ae', password: 'ManzilAdmin#2026', firstName: 'Layla', lastName: 'Haddad' } as const;
export const DEMO_INVESTOR = { email: 'investor@manzil.ae', password: 'ManzilInvest#2026', firstName: 'Omar', lastName: 'Rahman' } as const;

export type SeedReport = { seeded: boolean; accounts: { role: string; email: string; password: string | null }[] };

/**
 * Runs once, on an empty database. With ADMIN_EMAIL and ADMIN_PASSWORD set, the first admin
 * is created with them (and no demo investor); otherwise the demo admin and investor are created.
 */
export async function seedDatabase(db: Db, env = process.env): Promise<SeedReport> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) {
    // A demo database started before the catalogue existed gets it now (idempotent; skipped with ADMIN_EMAIL).
    if (!(env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) await seedDemoProperties(db);
    if (!(env.ADMIN_EMAIL && env.ADMIN_PASSWORD) && !process.env.VITEST) await seedKycDemo(db);
    // Demo investors with deposits and purchases through the wallet and investing services (after the catalogue).
    if (!(env.ADMIN_EMAIL && env.ADMIN_PASSWORD) && !process.env.VITEST) await seedDemoInvesting(db);
    return { seeded: false, accounts: [] };
  }

  const hash = (p: string) => Bun.password.hash(p, { algorithm: 'argon2id' });

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await db.insert(users).values({
      email: env.ADMIN_EMAIL.trim().toLowerCase(),
      passwordHash: await hash(env.ADMIN_PASSWORD),
      firstName: env.ADMIN_FIRST_NAME ?? 'Admin',
      role: 'admin',
      unicode: newUnicode(),
      kycStatus: 'approved',
    });
    return { seeded: true, accounts: [{ role: 'admin', email: env.ADMIN_EMAIL, password: null }] };
  }

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
  await seedDemoProperties(db);
  // Demo KYC applicants (submitted, rejected, screening-flagged) for a living /admin/kyc queue. Unit test
  // suites that seed skip them (their counts of users, notifications and audit entries stay as they were).
  if (!process.env.VITEST) await seedKycDemo(db);
  // Demo investors whose deposits and purchases go through the wallet and investing services, so the books
  // reconcile; they also hold what the catalogue marks sold. Unit test suites skip it (modules/investing/seed.test.ts runs it).
  if (!process.env.VITEST) await seedDemoInvesting(db);
  return {
    seeded: true,
    accounts: [
      { role: 'admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      { role: 'investor', email: DEMO_INVESTOR.email, password: DEMO_INVESTOR.password },
      ...(process.env.VITEST ? [] : [{ role: 'investor (verified, invested)', email: DEMO_INVESTORS[0]!.email, password: DEMO_VERIFIED_INVESTOR_PASSWORD }]),
    ],
  };
}

