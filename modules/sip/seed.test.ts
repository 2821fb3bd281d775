import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { createTestDatabase } from '@tests/helpers/db';
import { reconciliation } from '@modules/investing/service';
import { seedDemoInvesting } from '@modules/investing/seed';
import { q } from '@modules/wallet';
import { getPlan } from './plans';
import { seedDemoSip } from './seed';

describe('demo SIP seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDatabase(database.db, { DEMO: '1' });
    await seedDemoInvesting(database.db);
  }, 120_000);
  afterAll(() => database.close());

  it('gives the verified demo investor a plan with three collected instalments, through the engine, books reconciled, once', async () => {
    expect(await seedDemoSip(database.db)).toEqual({ plans: 1, instalments: 3 });
    const [plan] = await q<{ id: string; user_id: string }>(database.db, sql`select p.id, p.user_id from sip_plans p join users u on u.id = p.user_id where u.email = 'aisha.alhashimi@example.ae'`);
    const detail = await getPlan(database.db, plan.user_id, plan.id);
    expect(detail.status).toBe('active');
    expect(detail.instalments.map((i) => i.status)).toEqual(['collected', 'collected', 'collected']);
    expect(detail.totals.invested).not.toBe('0');
    for (const i of detail.instalments) {
      expect(i.purchases.length).toBeGreaterThan(0);
      expect(i.journalReference).toMatch(/^JE-/);
    }
    expect(await reconciliation(database.db)).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
    expect(await seedDemoSip(database.db)).toEqual({ plans: 0, instalments: 0 });
  }, 60_000);
});
