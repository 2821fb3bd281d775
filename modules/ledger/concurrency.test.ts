/**
 * Concurrency on a real PostgreSQL (runs when TEST_DATABASE_URL is set): parallel postings to the same
 * accounts and days, in opposite line orders, repeated sources, one draft posted by many, and a period
 * closing while a posting is in flight.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '@db/client';
import { LEDGER_ACCOUNTS as A } from './contract';
import { closeMonth } from './periods';
import { post } from './posting';
import { createDraft, postDraft } from './drafts';
import { trialBalance, verifyBalances } from './reports';
import { createAccount } from './chart';
import { balanceOf, ledgerTestDatabase, sqlState } from './test-helpers';

describe.skipIf(!process.env.TEST_DATABASE_URL)('ledger under concurrency [postgres]', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await ledgerTestDatabase('postgres');
    db = database.db;
  });
  afterAll(() => database.close());

  it('many parallel postings to the same accounts leave balances equal to the sum of their lines', async () => {
    const accounts = [A.bankOperating, A.bankClientMoney, A.cardClearing, A.platformFees];
    const expected = new Map<string, bigint>(accounts.map((a) => [a, 0n]));
    const jobs = Array.from({ length: 200 }, (_, i) => {
      const [x, y, z] = i % 2 === 0 ? [accounts[0], accounts[1], accounts[3]] : [accounts[3], accounts[1], accounts[0]];
      const a1 = BigInt(1000 + i);
      const a2 = BigInt(7 * i + 1);
      expected.set(x, expected.get(x)! + a1);
      expected.set(y, expected.get(y)! + a2);
      expected.set(z, expected.get(z)! - a1 - a2);
      const date = `2026-05-0${1 + (i % 3)}`;
      return () =>
        db.transaction((tx) =>
          post(tx, {
            date,
            memo: `Parallel ${i}`,
            source: { module: 'concurrency', id: String(i) },
            lines: [
              { accountCode: x, debit: a1, costCenter: i % 3 === 0 ? 'OPS' : null },
              { accountCode: y, debit: a2 },
              { accountCode: z, credit: a1 + a2 },
            ],
          }),
        );
    });
    const results = await Promise.all(jobs.map((job) => job()));
    expect(results.every((r) => r.created)).toBe(true);
    expect(new Set(results.map((r) => r.number)).size).toBe(200);
    for (const a of accounts) expect(await balanceOf(db, a), a).toBe(expected.get(a));
    expect((await verifyBalances(db)).ok).toBe(true);
    const tb = await trialBalance(db, { from: '2026-05-01', to: '2026-05-31' });
    expect(tb.totals.movement.debit).toBe(tb.totals.movement.credit);
  });

  it('posts a repeated source exactly once, however many arrive together', async () => {
    const before = await balanceOf(db, A.cardClearing);
    const entry = { date: '2026-05-10', memo: 'Deposit webhook', source: { module: 'payments', id: 'evt_1' }, lines: [{ accountCode: A.cardClearing, debit: 50_000n }, { accountCode: A.bankClientMoney, credit: 50_000n }] };
    const results = await Promise.all(Array.from({ length: 20 }, () => db.transaction((tx) => post(tx, entry))));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await balanceOf(db, A.cardClearing)).toBe(before + 50_000n);
  });

  it('posts a draft once when several people press Post at the same moment', async () => {
    const before = await balanceOf(db, A.marketing);
    const { entry } = await createDraft(db, { date: '2026-05-11', memo: 'Campaign', lines: [{ accountCode: A.marketing, debit: 12_345n }, { accountCode: A.bankOperating, credit: 12_345n }] });
    const results = await Promise.all(Array.from({ length: 8 }, () => postDraft(db, entry.id)));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['posted']));
    expect(await balanceOf(db, A.marketing)).toBe(before + 12_345n);
    expect((await verifyBalances(db)).ok).toBe(true);
  });

  it('an account being written to cannot be deleted under the line', async () => {
    await createAccount(db, { code: '1160', name: 'Short-lived account', type: 'asset', parent: '1100' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const writing = db.transaction(async (tx) => {
      await createDraft(tx, { date: '2026-05-12', lines: [{ accountCode: '1160', debit: 10n }, { accountCode: A.shareCapital, credit: 10n }] });
      await gate;
    });
    await new Promise((r) => setTimeout(r, 100));
    const deleting = db.execute(sql`delete from ledger_accounts where code = '1160'`).then(() => 'deleted', (e) => sqlState(e));
    await new Promise((r) => setTimeout(r, 200));
    release();
    await writing;
    expect(await deleting).toBe('23503');
  });

  it('a month closing waits for a posting in flight, and refuses the ones after it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let posted = false;
    const inFlight = db.transaction(async (tx) => {
      await post(tx, { date: '2026-06-15', memo: 'In flight', source: { module: 'concurrency', id: 'in-flight' }, lines: [{ accountCode: A.bankOperating, debit: 1n }, { accountCode: A.shareCapital, credit: 1n }] });
      await gate;
      posted = true;
    });
    await new Promise((r) => setTimeout(r, 100));
    let closedWhilePosting: boolean | null = null;
    const closing = closeMonth(db, '2026-06').then(() => {
      closedWhilePosting = !posted;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(closedWhilePosting).toBeNull(); // still waiting for the posting's lock
    release();
    await Promise.all([inFlight, closing]);
    expect(closedWhilePosting).toBe(false);
    const late = await post(db, { date: '2026-06-16', memo: 'Late', source: { module: 'concurrency', id: 'late' }, lines: [{ accountCode: A.bankOperating, debit: 1n }, { accountCode: A.shareCapital, credit: 1n }] }).catch((e) => e);
    expect(late.status).toBe(422);
    expect(late.message).toMatch(/^June 2026 is closed/);
  });
});
