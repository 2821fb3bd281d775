import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** A drizzle database or transaction: what every service receives. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite.
 * `dataDir` undefined means PGlite in memory (tests); a path keeps data on disk.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string } = {}): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, {
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      onnotice: () => {},
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = new PGlite(opts.dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePostgres(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}

/** The database configured for this process: DATABASE_URL, else PGlite in DATA_DIR (default .data/db). */
export function databaseConfigFromEnv(env = process.env) {
  const dataRoot = env.DATA_DIR ?? path.resolve(here, '..', '.data');
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataRoot, 'db') };
}
