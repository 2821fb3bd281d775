import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { reconciliation } from '@modules/investing';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { createSandboxProvider } from '@modules/payments';
import { addDays, addMonths, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import { runPlatformFees } from './run';
import { holder } from './test-helpers';

const THIS_MONTH = monthStart(todayInDubai());
const BUY = dayInMonth(addMonths(THIS_MONTH, -3), 5);
const T1 = dayInMonth(addMonths(THIS_MONTH, -3), 28);
const T2 = dayInMonth(addMonths(THIS_MONTH, -2), 15);
const T3 = dayInMonth(addMonths(THIS_MONTH, -1), 10);

/** Concurrency is proven on a real PostgreSQL (PGlite runs one statement at a time). */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('platform fee runs under concurrency [postgres]', () => {
  let database: Database;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const ids: string[] = [];
  beforeAll(async () => {
    database = await moneyTestDatabase('postgres');
    const property = await createProperty(database.db, { shares: 10_000n, sharePrice: 100_000n });
    for (let i = 0; i < 24; i++) {
      // Every third investor has nothing left after buying: their fee stays owed.
      const inv = await holder(database.db, provider, property.id, 100_000n * BigInt(1 + (i % 7)), BUY, i % 3 === 0 ? 0n : 50_000n);
      ids.push(inv.id);
    }
  }, 180_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const charges = () =>
    q<{ user_id: string; from_date: string; through: string; fee: string; vat: string; paid: string; outstanding: string }>(
      database.db,
      sql`select user_id::text, from_date::text, through::text, fee::text, vat::text, paid::text, outstanding::text from platform_fee_charges order by user_id, through`,
    );
  const books = async () => {
    const r = await reconciliation(database.db);
    expect(r).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
    const [t] = await q<{ receivable: string; owed: string; negative: number }>(
      database.db,
      sql`select (select coalesce(sum(b.debit - b.credit), 0) from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.code = ${LEDGER_ACCOUNTS.feesReceivable})::text as receivable,
                 (select coalesce(sum(outstanding), 0) from platform_fee_charges)::text as owed,
                 (select count(*)::int from wallets where balance < held or balance < 0) as negative`,
    );
    expect(t!.receivable).toBe(t!.owed);
    expect(t!.negative).toBe(0);
  };

  it('four runs up to the same date at once charge each investor once, in small chunks, and the books hold', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => runPlatformFees(database.db, { through: T1, trigger: 'admin', chunkSize: 5 })));
    const all = await charges();
    expect(all).toHaveLength(24);
    expect(new Set(all.map((c) => c.user_id)).size).toBe(24);
    for (const c of all) expect([c.from_date, c.through]).toEqual([BUY, T1]);
    // Each charge belongs to exactly one run: the runs' totals add up to the charges.
    const sum = (k: 'fee' | 'vat' | 'receivable') => results.reduce((s, r) => s + big(r![k]), 0n);
    expect(results.reduce((s, r) => s + r!.investors, 0)).toBe(24);
    expect(sum('fee')).toBe(all.reduce((s, c) => s + big(c.fee), 0n));
    expect(sum('vat')).toBe(all.reduce((s, c) => s + big(c.vat), 0n));
    expect(sum('receivable')).toBe(all.reduce((s, c) => s + big(c.outstanding), 0n));
    expect(all.filter((c) => big(c.outstanding) > 0n).length).toBe(8);
    await books();
  });

  it('runs up to two dates at once leave consecutive windows that end at the later date', async () => {
    const settled = await Promise.allSettled([T2, T3, T2, T3].map((through) => runPlatformFees(database.db, { through, trigger: 'admin', chunkSize: 3 })));
    expect(settled.every((s) => s.status === 'fulfilled')).toBe(true);
    const all = await charges();
    for (const id of ids) {
      const mine = all.filter((c) => c.user_id === id);
      expect(mine[0]!.from_date).toBe(BUY);
      for (let i = 1; i < mine.length; i++) expect(mine[i]!.from_date).toBe(addDays(mine[i - 1]!.through, 1));
      expect(mine.at(-1)!.through).toBe(T3);
    }
    await books();
  });
});
