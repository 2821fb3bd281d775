import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '@api/errors';
import type { Database, Db } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { LEDGER_ACCOUNTS as A, ledgerMessages } from './contract';
import { closeYear, listPeriods, reopenMonth } from './periods';
import { getEntry, reverseEntry } from './drafts';
import { balanceSheet, profitAndLoss, trialBalance, verifyBalances } from './reports';
import { adminId, ledgerTestDatabase, postSimple } from './test-helpers';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to be rejected');
}

describeEachDb('ledger year-end close', (kind) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await ledgerTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database.close());

  it('moves income and expenses into retained earnings with one closing entry and locks the year', async () => {
    await postSimple(db, '2025-01-05', [[A.bankOperating, 1_000_000, 0], [A.shareCapital, 0, 1_000_000]]);
    await postSimple(db, '2025-03-10', [[A.bankOperating, 300_000, 0, { costCenter: 'OPS' }], [A.platformFees, 0, 300_000, { costCenter: 'OPS' }]]);
    await postSimple(db, '2025-06-10', [[A.rentalIncome, 0, 120_000, { property: 'marina-heights' }], [A.bankOperating, 120_000, 0, { property: 'marina-heights' }]]);
    await postSimple(db, '2025-09-01', [[A.salaries, 250_000, 0, { costCenter: 'TECH' }], [A.bankOperating, 0, 250_000]]);
    await postSimple(db, '2026-01-15', [[A.bankOperating, 50_000, 0], [A.platformFees, 0, 50_000]]);

    const early = (await rejection(closeYear(db, 2025, { today: '2025-12-31' }))) as AppError;
    expect(early.message).toBe(ledgerMessages.yearNotEnded('2025'));
    const skipped = (await rejection(closeYear(db, 2026, { today: '2027-01-05' }))) as AppError;
    expect(skipped.message).toBe(ledgerMessages.earlierYearOpen('2025'));

    const { year, closingEntry } = await closeYear(db, 2025, { today: '2026-01-20', userId: await adminId(db) });
    expect(year.status).toBe('closed');
    const closing = await getEntry(db, closingEntry!.id);
    expect(closing).toMatchObject({ date: '2025-12-31', kind: 'closing', status: 'posted' });
    // Per dimension: each income/expense balance and the retained-earnings line carry their cost center and property.
    const re = closing.lines.filter((l) => l.accountCode === A.retainedEarnings).map((l) => [l.debit, l.credit, l.costCenter, l.property]);
    expect(re).toEqual(expect.arrayContaining([['0', '300000', 'OPS', null], ['0', '120000', null, 'marina-heights'], ['250000', '0', 'TECH', null]]));

    const tb2025 = await trialBalance(db, { from: '2025-01-01', to: '2025-12-31' });
    expect(tb2025.rows.find((r) => r.accountCode === A.platformFees)).toMatchObject({ debit: '0', credit: '0', movement: { debit: '300000', credit: '300000' } });
    expect(tb2025.rows.find((r) => r.accountCode === A.retainedEarnings)).toMatchObject({ debit: '0', credit: '170000' });
    // The year's P&L still shows the year's results (the closing entry is left out); the next year starts clean.
    const pl2025 = await profitAndLoss(db, { from: '2025-01-01', to: '2025-12-31' });
    expect(pl2025.netIncome).toBe('170000');
    const pl2026 = await profitAndLoss(db, { from: '2026-01-01', to: '2026-12-31' });
    expect(pl2026.netIncome).toBe('50000');
    expect(pl2026.comparisonNetIncome).toBe('170000');
    const bs = await balanceSheet(db, { from: '2026-01-01', to: '2026-01-31' });
    expect(bs.balanced).toBe(true);
    expect(bs.currentEarnings).toBe('50000');
    expect(bs.comparisonCurrentEarnings).toBe('0');

    const locked = (await rejection(postSimple(db, '2025-11-30', [[A.bankOperating, 1, 0], [A.shareCapital, 0, 1]]))) as AppError;
    expect(locked.message).toBe(ledgerMessages.yearClosed('2025', '2025-11-30'));
    expect(((await rejection(reopenMonth(db, '2025-11', { userId: null, reason: 'Audit adjustment' }))) as AppError).message).toBe(ledgerMessages.yearClosedCannotReopen('2025'));
    expect(((await rejection(reverseEntry(db, closing.id, { date: '2026-01-21' }))) as AppError).message).toBe(ledgerMessages.closingCannotBeReversed);
    const again = await closeYear(db, 2025, { today: '2026-01-21' });
    expect(again.closingEntry?.id).toBe(closing.id);
    expect((await listPeriods(db, 2025)).months.every((m) => m.status === 'closed')).toBe(true);
    expect((await verifyBalances(db)).ok).toBe(true);
  });
});
