import { count, eq } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema';
import { passwordSchema } from '../modules/auth/contract';
import { newUnicode } from '../modules/auth/unicode';
import { seedDemoScreeningList } from '../modules/kyc/screening';
import { seedKycDemo } from '../modules/kyc/seed';
import { seedDemoProperties } from '../modules/properties/seed';
import { DEMO_INVESTORS, DEMO_VERIFIED_INVESTOR_PASSWORD, seedDemoInvesting } from '../modules/investing/seed';

export const DEMO_ADMIN = { email: 'admin@manzil.ae', password: 'ManzilAdmin#2026', firstName: 'Layla', lastName: 'Haddad' } as const;
export const DEMO_INVESTOR = { email: 'investor@manzil.ae', password: 'ManzilInvest#2026', firstName: 'Omar', lastName: 'Rahman' } as const;

export type SeedReport = { seeded: boolean; accounts: { role: string; email: string; password: string | null }[] };

/** A start-up setting that cannot work: the server refuses to start and says why. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

export type RunMode = { production: boolean; demo: boolean };

/**
 * How this process runs. Production (NODE_ENV=production) never has demo data: DEMO=1 there is
 * refused. Elsewhere demo data is on unless DEMO=0 or a first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD,
 * so `npm start` on a laptop gives the living demo the README promises.
 */
export function runMode(env: Record<string, string | undefined> = process.env): RunMode {
  const production = env.NODE_ENV === 'production';
  const asked = env.DEMO?.trim().toLowerCase();
  if (production) {
    if (asked === '1' || asked === 'true') {
      throw new StartupError('DEMO=1 is refused with NODE_ENV=production: demo accounts with well-known passwords and demo money must never reach a production database. Unset DEMO.');
    }
    return { production, demo: false };
  }
  if (asked === '1' || asked === 'true') return { production, demo: true };
  if (asked === '0' || asked === 'false') return { production, demo: false };
  return { production, demo: !(env.ADMIN_EMAIL && env.ADMIN_PASSWORD) };
}

/**
 * Seeds what a database needs at start. On an empty database: the first admin from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or (demo mode only) the demo accounts and data. In production an empty database
 * without ADMIN_* refuses to start. A database that is not empty gets demo top-ups only when it is a
 * demo database (its demo admin exists) and the process is in demo mode — never in production.
 */
export async function seedDatabase(db: Db, env: Record<string, string | undefined> = process.env): Promise<SeedReport> {
  const mode = runMode(env);
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) {
    if (!mode.demo || !(await isDemoDatabase(db))) return { seeded: false, accounts: [] };
    // A demo database started before the catalogue existed gets it now (idempotent).
    await seedDemoProperties(db);
    if (!process.env.VITEST) await seedKycDemo(db);
    // Demo investors with deposits and purchases through the wallet and investing services (after the catalogue).
    if (!process.env.VITEST) await seedDemoInvesting(db);
    return { seeded: false, accounts: [] };
  }

  const hash = (p: string) => Bun.password.hash(p, { algorithm: 'argon2id' });

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const email = env.ADMIN_EMAIL.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new StartupError(`ADMIN_EMAIL is not a valid email address.`);
    const strength = passwordSchema.safeParse(env.ADMIN_PASSWORD);
    if (!strength.success) throw new StartupError(`ADMIN_PASSWORD is too weak: ${strength.error.issues[0]?.message ?? 'choose a stronger password'}.`);
    if (mode.production && env.ADMIN_PASSWORD === DEMO_ADMIN.password) throw new StartupError('ADMIN_PASSWORD is the published demo password: choose your own.');
    await db.insert(users).values({
      email,
      passwordHash: await hash(env.ADMIN_PASSWORD),
      firstName: env.ADMIN_FIRST_NAME ?? 'Admin',
      lastName: env.ADMIN_LAST_NAME ?? '',
      role: 'admin',
      unicode: newUnicode(),
      kycStatus: 'approved',
    });
    return { seeded: true, accounts: [{ role: 'admin', email, password: null }] };
  }

  if (mode.production) {
    throw new StartupError('The database is empty and NODE_ENV=production: set ADMIN_EMAIL and ADMIN_PASSWORD for the first administrator (no demo accounts are ever created in production).');
  }
  if (!mode.demo) {
    throw new StartupError('The database is empty and demo data is off (DEMO=0): set ADMIN_EMAIL and ADMIN_PASSWORD for the first administrator.');
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


/** A demo database is one whose demo admin exists: only such a database gets demo top-ups at start. */
async function isDemoDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email)).limit(1);
  return Boolean(row);
}
