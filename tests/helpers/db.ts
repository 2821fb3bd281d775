import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import { describe } from 'vitest';
import { migrateDatabase, migrationsFolder, openDatabase, type Database, type Db } from '@db/client';
import * as schema from '@db/schema';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The migrations' fingerprint: a template made from other migrations is never used. Every file of the folder
 * counts (the SQL and drizzle's journal), by name and content.
 */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(migrationsFolder, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

let fingerprint: string | undefined;
const migrationsId = () => (fingerprint ??= migrationsHash());

/**
 * A migrated PGlite, from a template: the first suite to need one migrates a fresh database and leaves its data
 * directory in the temp folder (written aside, then renamed, so no reader sees half a file); every later suite
 * loads that copy, about ten times faster than migrating again.
 */
async function migratedPglite(): Promise<Database> {
  const template = path.join(os.tmpdir(), `manzil-test-pglite-${migrationsId()}.tar`);
  if (existsSync(template)) {
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(template)]) });
    await client.waitReady;
    return { db: drizzle({ client, schema }) as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const partial = `${template}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, template);
  return database;
}

/**
 * The name of a migrated PostgreSQL template database, made once per set of migrations: built under another name
 * and renamed when complete (an advisory lock keeps two workers from building it at once).
 */
async function postgresTemplate(admin: postgres.Sql, adminUrl: string): Promise<string> {
  const name = `manzil_tpl_${migrationsId()}`;
  const exists = async () => (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  if (await exists()) return name;
  await admin`select pg_advisory_lock(hashtext(${name}))`;
  try {
    if (await exists()) return name;
    const building = `${name}_b${Math.random().toString(36).slice(2, 8)}`;
    await admin.unsafe(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString() });
    await migrateDatabase(database);
    await database.close();
    await admin.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin`select pg_advisory_unlock(hashtext(${name}))`;
  }
}

/**
 * A fresh, migrated database for one test suite. On PostgreSQL each suite gets its own
 * database (copied from a migrated template on TEST_DATABASE_URL's server, dropped on close), so suites run in parallel.
 */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') return migratedPglite();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `manzil_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const template = await postgresTemplate(admin, adminUrl);
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
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
