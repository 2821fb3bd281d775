import { databaseConfigFromEnv, migrateDatabase, openDatabase, type Database } from '../db/client';
import { seedDatabase } from '../db/seed';
import { seedChartOfAccounts } from '../modules/ledger';

/** Opens the configured database, applies committed migrations and seeds an empty one. */
export async function bootDatabase(env = process.env): Promise<Database> {
  const config = databaseConfigFromEnv(env);
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const report = await seedDatabase(database.db, env);
  // The default chart of accounts (idempotent: adds only what is missing).
  await seedChartOfAccounts(database.db);
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`[manzil] database: ${where}`);
  if (report.seeded) {
    console.log('[manzil] first start: created these accounts');
    for (const a of report.accounts) {
      console.log(`           ${a.role.padEnd(8)} ${a.email}  ${a.password ? `password: ${a.password}` : '(password from ADMIN_PASSWORD)'}`);
    }
  }
  return database;
}
