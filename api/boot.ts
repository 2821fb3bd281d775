import { databaseConfigFromEnv, migrateDatabase, openDatabase, type Database } from '../db/client';
import { seedDatabase } from '../db/seed';
import { sealPlaintextTotpSecrets } from '../modules/auth';
// Loading the files module gives auth the key that seals TOTP secrets.
import '../modules/files';
import { seedChartOfAccounts } from '../modules/ledger';
import { runModeFromEnv, StartupError } from './run-mode';

type Env = Record<string, string | undefined>;

/**
 * Opens the configured database, applies committed migrations and seeds by the run mode (db/seed.ts).
 * Throws a StartupError, with the database closed again, when the configuration is refused.
 */
export async function bootDatabase(env: Env = process.env, log: Pick<Console, 'log' | 'warn'> = console): Promise<Database> {
  // Settled before the database is touched: a refused mode never opens it.
  const mode = runModeFromEnv(env);
  const config = databaseConfigFromEnv(env);
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    // TOTP secrets stored before they were encrypted at rest are sealed with the files key now.
    await sealPlaintextTotpSecrets(database.db);
    const report = await seedDatabase(database.db, env);
    // The default chart of accounts (idempotent: adds only what is missing). Not demo data: the books need it.
    await seedChartOfAccounts(database.db);
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
    log.log(`[manzil] database: ${where}${mode.production ? ' · production' : ''}${report.demo ? ' · demo data' : ''}${mode.staffMfa ? ' · staff MFA required' : ''}`);
    if (report.seeded) {
      log.log('[manzil] first start: created these accounts');
      for (const a of report.accounts) {
        // Only the demo accounts' published passwords are ever printed (never in production, never ADMIN_PASSWORD).
        const shown = a.password && report.demo && !mode.production ? `password: ${a.password}` : '(password from ADMIN_PASSWORD)';
        log.log(`           ${a.role.padEnd(8)} ${a.email}  ${shown}`);
      }
    }
    for (const w of report.warnings) log.warn(`[manzil] ${w}`);
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** bootDatabase for a server process: a refused configuration prints its reason and exits with status 1. */
export async function bootDatabaseOrExit(env: Env = process.env): Promise<Database> {
  try {
    return await bootDatabase(env);
  } catch (err) {
    if (!(err instanceof StartupError)) throw err;
    console.error(`[manzil] refusing to start: ${err.message}`);
    process.exit(1);
  }
}
