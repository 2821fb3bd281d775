import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { createTestDatabase } from '@tests/helpers/db';
import { q } from '../wallet';
import { BACKFILL_INVESTORS, DEMO_INVESTORS, seedDemoInvesting } from './seed';
import { reconciliation } from './service';

describe('demo investing seed', () => {
  let database: Database;
  let soldBefore: Map<string, bigint>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDatabase(database.db, { DEMO: '1' });
    const rows = await q<{ reference: string; sold: string }>(database.db, sql`select reference, shares_sold::text as sold from properties`);
    soldBefore = new Map(rows.map((r) => [r.reference, BigInt(r.sold)]));
  }, 60_000);
  afterAll(() => database.close());

  it('gives the demo catalogue real holders, deposits and purchases, with the books reconciled', async () => {
    const result = await seedDemoInvesting(database.db);
    expect(result.investors).toBe(BACKFILL_INVESTORS.length + DEMO_INVESTORS.length);
    expect(result.purchases).toBeGreaterThan(10);
    const rec = await reconciliation(database.db);
    expect(rec).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
    expect(BigInt(rec.walletsTotal)).toBeGreaterThan(0n);

    // Every property shows (within a few units of rounding) what the catalogue said was sold, demo buyers included.
    const rows = await q<{ reference: string; sold: string; total: string }>(database.db, sql`select reference, shares_sold::text as sold, total_shares::text as total from properties`);
    for (const r of rows) {
      const before = soldBefore.get(r.reference)!;
      const after = BigInt(r.sold);
      expect(after, r.reference).toBeLessThanOrEqual(BigInt(r.total));
      expect(after >= before - 10n, `${r.reference}: ${before} → ${after}`).toBe(true);
    }

    // The demo investors are verified (through KYC) and invested; the end-to-end demo investor is untouched.
    const demo = await q<{ email: string; kyc_status: string; invested: string; classification: string | null }>(
      database.db,
      sql`select u.email, u.kyc_status, (select count(*) from investments i where i.user_id = u.id)::text as invested, k.classification
            from users u left join kyc_applications k on k.user_id = u.id where u.email in (${sql.join([...DEMO_INVESTORS, ...BACKFILL_INVESTORS].map((d) => sql`${d.email}`), sql`, `)})`,
    );
    expect(demo).toHaveLength(DEMO_INVESTORS.length + BACKFILL_INVESTORS.length);
    for (const d of demo) {
      expect(d.kyc_status, d.email).toBe('approved');
      expect(Number(d.invested), d.email).toBeGreaterThan(0);
    }
    expect(demo.filter((d) => d.classification === 'professional')).toHaveLength(BACKFILL_INVESTORS.length);
    const [omar] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from wallet_transactions t join users u on u.id = t.user_id where u.email = ${DEMO_INVESTOR.email}`);
    expect(omar.n).toBe('0');
    // A pending withdrawal and a cancelled purchase give the admin screens something to act on.
    const [{ pending, cancelled }] = await q<{ pending: string; cancelled: string }>(
      database.db,
      sql`select (select count(*) from wallet_withdrawals where status = 'pending')::text as pending, (select count(*) from investments where status = 'cancelled')::text as cancelled`,
    );
    expect(pending).toBe('1');
    expect(cancelled).toBe('1');
  }, 120_000);

  it('is idempotent', async () => {
    const count = async () => (await q<{ n: string }>(database.db, sql`select (select count(*) from investments) + (select count(*) from wallet_deposits) + (select count(*) from users) as n`))[0].n;
    const before = await count();
    expect(await seedDemoInvesting(database.db)).toEqual({ investors: 0, purchases: 0 });
    expect(await count()).toBe(before);
    expect((await reconciliation(database.db)).ok).toBe(true);
  }, 60_000);
});
