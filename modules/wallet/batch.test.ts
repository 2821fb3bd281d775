import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { createInvestor, moneyTestDatabase } from '@modules/investing/test-helpers';
import { creditMany, debitMany } from './movements';
import { big, q } from './helpers';

describeEachDb('wallet batches', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 60_000);
  afterAll(async () => database.close());

  const history = (userId: string) =>
    q<{ kind: string; amount: string; balance_after: string }>(database.db, sql`select kind, amount::text, balance_after::text from wallet_transactions where user_id = ${userId} order by seq`);

  it('credits many wallets in one statement, opening the missing ones, with each balance after it; debits take their kind', async () => {
    const db = database.db;
    const a = await createInvestor(db);
    const b = await createInvestor(db);
    const ref = { type: 'distribution' as const, id: '11111111-1111-4111-8111-111111111111' };
    const after = await db.transaction((tx) =>
      creditMany(tx, [
        { userId: a.id, amount: 500n, kind: 'distribution', description: 'Rent', ref, journalReference: 'JE-000001' },
        { userId: b.id, amount: 250n, kind: 'distribution', description: 'Rent', ref, journalReference: 'JE-000001' },
        { userId: a.id, amount: 100n, kind: 'distribution', description: 'Rent again', ref, journalReference: 'JE-000001' },
      ]),
    );
    expect(after).toEqual([500n, 250n, 600n]);
    const [wa] = await q<{ balance: string }>(db, sql`select balance::text from wallets where user_id = ${a.id}`);
    expect(big(wa.balance)).toBe(600n);
    expect((await history(a.id)).map((h) => [h.kind, h.amount, h.balance_after])).toEqual([
      ['distribution', '500', '500'],
      ['distribution', '100', '600'],
    ]);
    await db.transaction((tx) => debitMany(tx, [{ userId: a.id, amount: 40n, kind: 'fee', description: 'Platform fee', ref: { type: 'platform_fee', id: ref.id }, journalReference: 'JE-000002' }]));
    expect((await history(a.id)).at(-1)).toEqual({ kind: 'fee', amount: '-40', balance_after: '560' });
    await expect(db.transaction((tx) => creditMany(tx, [{ userId: b.id, amount: 0n, kind: 'distribution', description: 'x', ref, journalReference: null }]))).rejects.toThrow(RangeError);
  });
});
