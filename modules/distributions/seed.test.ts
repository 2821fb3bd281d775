import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { createTestDatabase } from '@tests/helpers/db';
import { reconciliation } from '@modules/investing/service';
import { seedDemoInvesting } from '@modules/investing/seed';
import { seedDemoSip } from '@modules/sip/seed';
import { q } from '@modules/wallet';
import { propertyPnl } from './pnl';
import { seedDemoDistributions } from './seed';
import { distributionSummary } from './summary';
import { periodBefore } from './test-helpers';

describe('demo distributions seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDatabase(database.db, { DEMO: '1' });
    await seedDemoInvesting(database.db);
    await seedDemoSip(database.db);
  }, 180_000);
  afterAll(() => database.close());

  it('records three months of books for the demo properties with holders, pays the two oldest, leaves the latest payable, once', async () => {
    const first = await seedDemoDistributions(database.db);
    expect(first.records).toBeGreaterThan(0);
    const runs = await q<{ reference: string; period: string; status: string }>(
      database.db,
      sql`select p.reference, r.period, r.status from distribution_runs r join properties p on p.id = r.property_id order by 1, 2`,
    );
    expect(runs.length).toBe(first.paid);
    expect(runs.every((r) => r.status === 'paid')).toBe(true);
    expect(new Set(runs.map((r) => r.period))).toEqual(new Set([periodBefore(3), periodBefore(2)]));

    const reference = runs[0].reference;
    const pnl = await propertyPnl(database.db, reference, { from: periodBefore(3), to: periodBefore(1) }, 'public');
    expect(pnl.months.map((m) => m.status)).toEqual(['paid', 'paid', 'open']);
    for (const m of pnl.months) {
      expect(BigInt(m.rent)).toBeGreaterThan(0n);
      expect(BigInt(m.costs.management)).toBeGreaterThan(0n);
      expect(m.occupancyBps === 10_000 || m.occupancyBps === 9_300).toBe(true);
    }
    // The holders' part of the month: what the shares held at the record date earn of the distributable.
    expect(BigInt(pnl.months[0].distributed!)).toBeGreaterThan(0n);
    expect(BigInt(pnl.months[0].distributed!)).toBeLessThanOrEqual(BigInt(pnl.months[0].distributable));
    const summary = await distributionSummary(database.db);
    expect(summary.payable.find((p) => p.reference === reference)?.periods).toEqual([periodBefore(1)]);
    expect(await reconciliation(database.db)).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });

    expect(await seedDemoDistributions(database.db)).toEqual({ records: 0, paid: 0 });
  }, 120_000);
});
