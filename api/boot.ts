import { databaseConfigFromEnv, migrateDatabase, openDatabase, type Database } from '../db/client';
import { runMode, seedDatabase, StartupError } from '../db/seed';
import { seedChartOfAccounts } from '../modules/ledger';

/**
 * Opens the configured database, applies committed migrations and seeds what it needs (see
 * db/seed.ts: demo data only in demo mode, never in production). Throws StartupError when the
 * configuration is refused; the caller prints it and exits.
 */
export async function bootDatabase(env: Record<string, string | undefined> = process.env, log: Pick<Console, 'log'> = console): Promise<Database> {
  const mode = runMode(env);
  const config = databaseConfigFromEnv(env);
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    const report = await seedDatabase(database.db, env);
    // The default chart of accounts (idempotent: adds only what is missing).
    await seedChartOfAccounts(database.db);
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
    log.log(`[manzil] database: ${where}${mode.production ? ' · production' : mode.demo ? ' · demo data on' : ''}`);
    if (report.seeded) {
      log.log('[manzil] first start: created these accounts');
      for (const a of report.accounts) {
        // Passwords are printed only for the published demo accounts, never in production.
        const secret = a.password && !mode.production ? `password: ${a.password}` : '(password as set in ADMIN_PASSWORD)';
        log.log(`           ${a.role.padEnd(8)} ${a.email}  ${secret}`);
      }
      if (mode.production) log.log('[manzil] the first administrator must set up two-factor authentication at first sign-in.');
    }
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

/** Runs bootDatabase for a server entry point: a refused configuration prints its reason and exits 1. */
export async function bootOrExit(env: Record<string, string | undefined> = process.env): Promise<Database> {
  try {
    return await bootDatabase(env);
  } catch (err) {
    if (err instanceof StartupError) {
      console.error(`[manzil] refusing to start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}
