import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { LEDGER_ACCOUNTS, post } from '@modules/ledger';
import { createSandboxProvider } from '@modules/payments';
import { addMonths, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import { outstandingFees, planCollections, settleOutstanding, type OpenCharge } from './collect';
import { runPlatformFees } from './run';
import { chargesOf, holder } from './test-helpers';

const open = (id: string, outstanding: bigint): OpenCharge => ({ id, number: '1', userId: 'u', fromDate: '2026-01-01', through: '2026-01-31', outstanding });

describe('collecting owed fees', () => {
  it('takes what is available from the oldest charge first, never more than is owed', () => {
    const a = planCollections([open('a', 300n), open('b', 500n)], 600n);
    expect(a.collections.map((c) => [c.charge.id, c.amount])).toEqual([
      ['a', 300n],
      ['b', 300n],
    ]);
    expect(a.left).toBe(0n);
    const b = planCollections([open('a', 300n)], 1_000n);
    expect(b.collections.map((c) => c.amount)).toEqual([300n]);
    expect(b.left).toBe(700n);
    expect(planCollections([open('a', 300n)], 0n).collections).toEqual([]);
  });
});

describeEachDb('owed fees netted from a distribution', (kind) => {
  let database: Database;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it('settles the oldest charges, records the collections against the distribution, and the books follow', async () => {
    const db = database.db;
    const month = monthStart(todayInDubai());
    const property = await createProperty(db);
    const inv = await holder(db, provider, property.id, 5_000_000n, dayInMonth(addMonths(month, -3), 3), 0n);
    await runPlatformFees(db, { through: dayInMonth(addMonths(month, -3), 28), trigger: 'admin' });
    await runPlatformFees(db, { through: dayInMonth(addMonths(month, -2), 28), trigger: 'admin' });
    const [first, second] = await chargesOf(db, inv.id);
    const owed = big(first!.outstanding) + big(second!.outstanding);
    expect((await outstandingFees(db, [inv.id])).get(inv.id)).toBe(owed);

    const distribution = crypto.randomUUID();
    const take = big(first!.outstanding) + 1n; // the first charge and a fil of the second
    const settled = await db.transaction(async (tx) => {
      const s = await settleOutstanding(tx, { userId: inv.id, amount: take, source: { type: 'distribution', id: distribution }, journalReference: null });
      await post(tx, {
        date: todayInDubai(),
        memo: 'Test distribution netting owed fees',
        source: { module: 'test.distribution', id: distribution },
        lines: [
          { accountCode: LEDGER_ACCOUNTS.distributionsToInvestors, debit: s.settled },
          { accountCode: LEDGER_ACCOUNTS.feesReceivable, credit: s.settled },
        ],
      });
      return s;
    });
    expect(settled.settled).toBe(take);
    expect(settled.collections).toEqual([
      { chargeId: first!.id, amount: big(first!.outstanding) },
      { chargeId: second!.id, amount: 1n },
    ]);
    const [a, b] = await chargesOf(db, inv.id);
    expect([a!.outstanding, b!.outstanding]).toEqual(['0', String(big(second!.outstanding) - 1n)]);
    const rows = await q<{ source: string; source_id: string }>(db, sql`select source, source_id::text from platform_fee_collections where user_id = ${inv.id}`);
    expect(rows).toEqual([
      { source: 'distribution', source_id: distribution },
      { source: 'distribution', source_id: distribution },
    ]);
    // More than is owed settles only what is owed.
    const rest = await db.transaction((tx) => settleOutstanding(tx, { userId: inv.id, amount: 10n ** 9n, source: { type: 'distribution', id: crypto.randomUUID() }, journalReference: null }));
    expect(rest.settled).toBe(owed - take);
    expect((await outstandingFees(db, [inv.id])).size).toBe(0);
  });
});
