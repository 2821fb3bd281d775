/** Shared set-up for the community suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApp } from '@api/app';
import type { Db } from '@db/client';
import type { DbKind } from '@tests/helpers/db';
import { clientWith, createInvestor, moneyTestDatabase } from '@modules/investing/test-helpers';
import { TestClient } from '@tests/helpers/client';
import { q } from '@modules/wallet';

/** A fresh database and app: the demo admin signed in, a verified investor, an unverified one, a property. */
export async function communityWorld(kind: DbKind) {
  const database = await moneyTestDatabase(kind);
  const db = database.db;
  const app = createApp({ db, paymentProvider: null });
  const admin = new TestClient(app);
  expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  const member = async (opts: { kyc?: string; firstName?: string } = {}) => {
    const u = await createInvestor(db, { firstName: opts.firstName ?? 'Noor', kyc: opts.kyc });
    return { ...u, client: clientWith(app, u.token) };
  };
  const [property] = await q<{ id: string; reference: string; slug: string }>(db, sql`select id, reference, slug from properties where status <> 'draft' order by reference limit 1`);
  return { database, db, app, admin, member, property: property!, visitor: new TestClient(app) };
}

/** Gives a member units of a property (a holding), as the investing service would. */
export async function giveHolding(db: Db, userId: string, propertyId: string) {
  await q(db, sql`insert into holdings (user_id, property_id, units, cost) values (${userId}, ${propertyId}, 1000, 100000)`);
}
