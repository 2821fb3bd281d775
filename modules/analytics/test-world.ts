/** A fully seeded demo database for the analytics suites (not a test file itself). */
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { createTestDatabase, type DbKind } from '@tests/helpers/db';
import { seedChartOfAccounts } from '../ledger';
import { seedKycDemo } from '../kyc/seed';
import { seedDemoInvesting } from '../investing/seed';
import { seedDemoSip } from '../sip/seed';
import { seedDemoDistributions } from '../distributions/seed';
import { seedDemoFees } from '../fees/seed';
import { seedTax } from '../tax/seed';
import { seedReceivables } from '../receivables/seed';
import { seedPurchasing } from '../purchasing/seed';
import { seedPayroll } from '../payroll/seed';
import { seedInventory } from '../inventory/seed';

/** Everything the demo seeds (the unit-test run of seedDatabase skips most of it): books, investors, documents, payroll, stock. */
export async function seededWorld(kind: DbKind): Promise<Database> {
  const database = await createTestDatabase(kind);
  const db = database.db;
  await seedDatabase(db, { DEMO: '1' });
  await seedChartOfAccounts(db);
  await seedKycDemo(db);
  await seedDemoInvesting(db);
  await seedDemoSip(db);
  await seedDemoDistributions(db);
  await seedDemoFees(db);
  await seedTax(db);
  await seedReceivables(db);
  await seedPurchasing(db);
  await seedPayroll(db);
  await seedInventory(db);
  return database;
}
