import postgres from 'postgres';
import { describe } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '@db/client';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated database for one test suite. On PostgreSQL each suite gets its own
 * database (created from TEST_DATABASE_URL, dropped on close), so suites run in parallel.
 */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `manzil_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Runs a suite once per database kind, named after it. */
export function describeEachDb(name: string, suite: (kind: DbKind) => void) {
  for (const kind of testDbKinds) describe(`${name} [${kind}]`, () => suite(kind));
}
