import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { DEFAULT_TAX_SETTINGS } from './contract';
import { seedTax } from './seed';
import { getTaxSettings } from './settings';
import { taxSettings } from './schema';

describeEachDb('seedTax', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 60_000);
  afterAll(() => database.close());

  it('records the default registration once and leaves a saved one alone', async () => {
    const { db } = database;
    expect((await getTaxSettings(db)).registered).toBe(false);
    await seedTax(db);
    expect(await getTaxSettings(db)).toMatchObject({ ...DEFAULT_TAX_SETTINGS, registered: true });
    await db.update(taxSettings).set({ legalName: 'Renamed FZ-LLC' });
    await seedTax(db);
    expect((await getTaxSettings(db)).legalName).toBe('Renamed FZ-LLC');
  });
});
