/** Shared set-up for the wallet and investing suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '@db/client';
import { seedDatabase } from '@db/seed';
import { SESSION_COOKIE } from '@api/cookies';
import { createTestDatabase, type DbKind } from '@tests/helpers/db';
import { TestClient } from '@tests/helpers/client';
import { users } from '../auth/schema';
import { createSession } from '../auth';
import { newUnicode } from '../auth/unicode';
import { seedChartOfAccounts } from '../ledger';
import { properties } from '../properties/schema';
import { SHARE_SCALE } from '../properties/contract';
import { confirmDeposit, createDeposit } from '../wallet';
import { createSandboxProvider, type PaymentProvider } from '../payments';
import { q } from '../wallet';

/** A fresh migrated database with the demo users and the default chart of accounts. */
export async function moneyTestDatabase(kind: DbKind): Promise<Database> {
  const database = await createTestDatabase(kind);
  await seedDatabase(database.db, { DEMO: '1' });
  await seedChartOfAccounts(database.db);
  // The demo catalogue's shares sold stand for investors the wallet/investing demo seed backfills
  // (seedDemoInvesting); suites that do not run it start from a catalogue with nothing sold.
  await database.db.execute(sql`update properties set shares_sold = 0`);
  return database;
}

let n = 0;
const PASSWORD_HASH = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$not-a-real-hash-not-a-real-hash';

/** An investor (KYC approved unless told otherwise) with a signed-in session token. */
export async function createInvestor(db: Db, opts: { kyc?: string; firstName?: string; role?: 'investor' | 'admin' } = {}) {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}${Math.random().toString(36).slice(2, 6)}`;
  const [u] = await db
    .insert(users)
    .values({
      email: `inv-${tag}@example.test`,
      passwordHash: PASSWORD_HASH,
      firstName: opts.firstName ?? 'Test',
      lastName: `Investor ${n}`,
      role: opts.role ?? 'investor',
      unicode: newUnicode(),
      kycStatus: opts.kyc ?? 'approved',
    })
    .returning({ id: users.id, unicode: users.unicode, email: users.email });
  const token = await createSession(db, u.id);
  return { ...u, token };
}

/** A TestClient already signed in with a session token. */
export function clientWith(app: { handle: (r: Request) => Promise<Response> | Response }, token: string): TestClient {
  const c = new TestClient(app);
  c.cookies.set(SESSION_COOKIE, token);
  return c;
}

/** A property open for funding: `shares` whole shares at `sharePrice` fils each. */
export async function createProperty(db: Db, opts: { shares?: bigint; sharePrice?: bigint; status?: string; city?: string; title?: string; valuation?: bigint } = {}) {
  n += 1;
  const shares = opts.shares ?? 1000n;
  const sharePrice = opts.sharePrice ?? 100_000n; // AED 1,000 a share
  const totalShares = shares * SHARE_SCALE;
  const fundingTarget = sharePrice * shares;
  const tag = `${Date.now().toString(36)}${n}`.toUpperCase();
  const [p] = await db
    .insert(properties)
    .values({
      reference: `MZ-T-${tag}`,
      slug: `test-property-${tag.toLowerCase()}`,
      title: opts.title ?? `Test Residence ${n}`,
      community: 'Dubai Marina',
      city: opts.city ?? 'Dubai',
      propertyType: 'apartment',
      sizeSqft: 1200,
      status: opts.status ?? 'funding',
      sharePrice,
      totalShares,
      fundingTarget,
      purchasePrice: fundingTarget,
      valuation: opts.valuation ?? fundingTarget,
      annualRent: fundingTarget / 15n,
    })
    .returning();
  return p;
}

/** Funds a wallet the way an investor does: a deposit, confirmed by the (sandbox) provider. */
export async function fundWallet(db: Db, userId: string, amount: bigint, provider: PaymentProvider = createSandboxProvider({ confirmAfterMs: null })) {
  const deposit = await createDeposit(db, provider, userId, { amount, method: 'uae-bank-transfer' });
  await confirmDeposit(db, provider.name, deposit.providerRef);
  return deposit;
}

/** Row counts and sums that must not move when a request is refused. */
export async function snapshot(db: Db) {
  const [r] = await q<Record<string, string>>(
    db,
    sql`select (select count(*) from investments)::text as investments,
               (select coalesce(sum(units), 0) from holdings)::text as held,
               (select coalesce(sum(shares_sold), 0) from properties)::text as sold,
               (select coalesce(sum(balance), 0) from wallets)::text as wallets,
               (select coalesce(sum(held), 0) from wallets)::text as holds,
               (select count(*) from wallet_transactions)::text as movements,
               (select count(*) from wallet_withdrawals)::text as withdrawals,
               (select count(*) from wallet_deposits)::text as deposits,
               (select count(*) from ledger_journal_entries)::text as entries,
               (select count(*) from idempotency_keys)::text as keys`,
  );
  return r;
}
