import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { postSimple } from '@modules/ledger/test-helpers';
import { rows } from './shared';
import { day } from './test-helpers';
import { seedBanking } from './seed';
import { getReconciliation } from './view';

describeEachDb('banking demo seed', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    // Some activity on the operating account in the last weeks, as the demo's other seeds leave.
    for (const [n, amount, memo] of [[20, 500_000n, 'Platform fees collected'], [14, -120_000n, 'Office rent'], [9, 75_000n, 'Transaction fees'], [4, -30_000n, 'Marketing agency']] as const) {
      await postSimple(database.db, day(n), amount > 0n ? [['1110', amount, 0], ['4110', 0, amount]] : [['6210', -amount, 0], ['1110', 0, -amount]], memo);
    }
  }, 60_000);
  afterAll(() => database.close());

  it('adds the three Emirates NBD accounts (operating, client money, rent collection) and a statement of the operating account with matches, a rule and a difference, once', async () => {
    const first = await seedBanking(database.db);
    expect(first).toMatchObject({ accounts: 3, imported: 7 });
    expect(first.matched).toBe(3);
    const accounts = await rows<{ id: string; name: string; ledger_account_code: string }>(database.db, sql`select id, name, ledger_account_code from bank_accounts order by ledger_account_code`);
    expect(accounts.map((a) => [a.name, a.ledger_account_code])).toEqual([
      ['Emirates NBD operating', '1110'],
      ['Emirates NBD client money', '1120'],
      ['Emirates NBD rent collection', '1140'],
    ]);
    const view = await getReconciliation(database.db, [], accounts[0]!.id, {});
    expect(BigInt(view.difference)).toBe(-5_250n + 4_107n);
    expect(view.explanation.reduce((s, i) => s + BigInt(i.amount), 0n)).toBe(BigInt(view.difference));
    const charge = view.unmatched.find((l) => l.description.startsWith('ENBD CHARGES OUTWARD'))!;
    expect(view.suggestions.find((s) => s.lineId === charge.id)!.candidates[0]).toMatchObject({ kind: 'rule', accountCode: '6700' });
    const again = await seedBanking(database.db);
    expect(again).toEqual({ accounts: 3, imported: 0, matched: 0 });
  });
});
