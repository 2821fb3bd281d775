import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { seedInventory } from './seed';
import { stockOnHand } from './move-read';
import { debitBalance } from './test-helpers';
import { valuationAsOf } from './valuation';

describeEachDb('inventory demo data', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('seeds the main store, eight items and their moves once, valued as the ledger says', async () => {
    expect(await seedInventory(database.db)).toEqual({ seeded: true });
    expect(await seedInventory(database.db)).toEqual({ seeded: false });
    const locations = await q<{ code: string; kind: string }>(database.db, sql`select code, kind from inventory_locations where code like 'WH-AQ%' order by code`);
    expect(locations).toEqual([
      { code: 'WH-AQ', kind: 'warehouse' },
      { code: 'WH-AQ-A1', kind: 'bin' },
      { code: 'WH-AQ-B1', kind: 'bin' },
    ]);
    const moves = await q<{ type: string; n: number }>(database.db, sql`select type, count(*)::int as n from stock_moves group by type order by type`);
    expect(moves).toEqual([
      { type: 'adjustment', n: 1 },
      { type: 'issue', n: 5 },
      { type: 'receipt', n: 16 },
      { type: 'transfer', n: 1 },
    ]);
    const valuation = await valuationAsOf(database.db);
    expect(valuation.items).toHaveLength(8);
    expect(BigInt(valuation.total)).toBe(await debitBalance(database.db, '1810'));
    expect(BigInt(valuation.total)).toBeGreaterThan(0n);
    const installed = await stockOnHand(database.db, { kind: 'property' });
    expect(new Set(installed.items.map((i) => i.locationCode)).size).toBe(2);
  });
});
