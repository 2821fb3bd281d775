import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { createTestDatabase } from '@tests/helpers/db';
import { reconciliation } from '@modules/investing/service';
import { seedDemoInvesting } from '@modules/investing/seed';
import { seedDemoSip } from '@modules/sip/seed';
import { seedDemoDistributions } from '@modules/distributions/seed';
import { q } from '@modules/wallet';
import { investorFees } from './reads';
import { seedDemoFees } from './seed';
import { previousMonthEnd } from './stats';

describe('demo platform fee seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDatabase(database.db, { DEMO: '1' });
    await seedDemoInvesting(database.db);
    await seedDemoSip(database.db);
    await seedDemoDistributions(database.db);
  }, 180_000);
  afterAll(() => database.close());

  it('charges the demo investors up to the end of last month through the real run after the other demo seeds, books reconciled, once', async () => {
    const run = await seedDemoFees(database.db);
    expect(run).toMatchObject({ through: previousMonthEnd() });
    expect(run!.investors).toBeGreaterThan(2);
    expect(BigInt(run!.fee)).toBeGreaterThan(0n);
    const [aisha] = await q<{ id: string }>(database.db, sql`select id from users where email = 'aisha.alhashimi@example.ae'`);
    const mine = await investorFees(database.db, aisha!.id);
    expect(mine.charges).toHaveLength(1);
    expect(mine.charges[0]!.calculation.length).toBeGreaterThan(0);
    expect(mine.charges[0]!.explanation).toMatch(/^Platform fee 0\.5% a year on AED/);
    const [pool] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from platform_fee_charges c join users u on u.id = c.user_id where u.email like '%@manzil.internal'`);
    expect(pool!.n).toBe(0);
    expect(await reconciliation(database.db)).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
    expect(await seedDemoFees(database.db)).toBeNull();
  }, 60_000);
});
