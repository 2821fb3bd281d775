/** Shared set-up for the communications suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApp } from '@api/app';
import type { Database, Db } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import type { DbKind } from '@tests/helpers/db';
import { createInvestor, createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';

/** A fresh database and app with the demo admin signed in. */
export async function commsWorld(kind: DbKind) {
  const database: Database = await moneyTestDatabase(kind);
  const app = createApp({ db: database.db, paymentProvider: null });
  const admin = new TestClient(app);
  expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  const [me] = await q<{ id: string }>(database.db, sql`select id from users where email = 'admin@manzil.ae'`);
  return { database, db: database.db, app, admin, adminId: me!.id };
}

/** Gives an investor units of a property (a holding row, as the investing module keeps it). */
export const hold = (db: Db, userId: string, propertyId: string, units = 10_000n) =>
  db.execute(sql`insert into holdings (user_id, property_id, units, cost) values (${userId}::uuid, ${propertyId}::uuid, ${units}, 100000)`);

export { createInvestor, createProperty };

export const count = async (db: Db, query: ReturnType<typeof sql>) => Number((await q<{ n: number }>(db, query))[0]?.n ?? 0);
