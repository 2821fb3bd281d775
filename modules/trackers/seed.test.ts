import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import { describeEachDb } from '@tests/helpers/db';
import { BACKFILL_DAYS } from './contract';
import { DEMO_TRACKERS, seedTrackers } from './seed';
import { lastCompleteDay } from './shared';

describeEachDb('demo trackers', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('seeds the five trackers, computed over their back-fill window up to yesterday, once', async () => {
    expect(await seedTrackers(database.db)).toEqual({ seeded: true });
    const rows = await q<{ name: string; metric: string; last: string; n: number; owner: string | null }>(
      database.db,
      sql`select t.name, t.metric, t.last_computed_on::text as last, (select count(*)::int from tracker_points p where p.tracker_id = t.id) as n, u.email as owner
            from trackers t left join users u on u.id = t.owner_id order by t.name`,
    );
    expect(rows.map((r) => r.metric).sort()).toEqual(DEMO_TRACKERS.map((t) => t.metric).sort());
    for (const r of rows) expect(r).toMatchObject({ last: lastCompleteDay(), n: BACKFILL_DAYS, owner: 'admin@manzil.ae' });
    expect(await seedTrackers(database.db)).toEqual({ seeded: false });
    const [again] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from trackers`);
    expect(again!.n).toBe(DEMO_TRACKERS.length);
  });
});
