import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@api/errors';
import type { Database, Db } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { ensureInvestorAccount, ensurePropertyAccount, listAccounts, seedChartOfAccounts, updateAccount, deleteAccount, createAccount } from './chart';
import { LEDGER_ACCOUNTS as A, ledgerMessages } from './contract';
import { closeMonth, listPeriods, reopenMonth } from './periods';
import { post, postMany } from './posting';
import { createDraft, getEntry, postDraft, reverseEntry, updateDraft } from './drafts';
import { createRecurringEntry, runRecurringEntries } from './recurring';
import { verifyBalances } from './reports';
import { rows } from './sql';
import { adminId, balanceOf, ledgerTestDatabase, postSimple, sqlState } from './test-helpers';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to be rejected');
}

describeEachDb('ledger books', (kind) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await ledgerTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database.close());

  describe('chart of accounts', () => {
    it('seeds the UAE operator chart once, with groups, types and cash-flow classes', async () => {
      expect(await seedChartOfAccounts(db)).toEqual({ accountsAdded: 0, costCentersAdded: 0 });
      const accounts = await listAccounts(db);
      const byCode = new Map(accounts.map((a) => [a.code, a]));
      expect(byCode.get('1110')).toMatchObject({ name: 'Emirates NBD operating account', type: 'asset', parent: '1100', isGroup: false, cashFlow: 'cash' });
      expect(byCode.get(A.investorClientMoney)).toMatchObject({ type: 'liability', isGroup: true });
      expect(byCode.get(A.propertyHoldings)).toMatchObject({ type: 'asset', isGroup: true, cashFlow: 'investing' });
      expect(byCode.get(A.vatInput)?.name).toMatch(/5%/);
      expect(byCode.get(A.vatOutput)?.name).toMatch(/5%/);
      for (const code of [A.platformFees, A.performanceFees, A.transactionFees, A.earlyExitFees, A.rentalIncome]) expect(byCode.get(code)?.type).toBe('income');
      expect(byCode.get(A.retainedEarnings)?.type).toBe('equity');
      expect(byCode.get(A.distributionsPayable)?.type).toBe('liability');
      expect(byCode.get(A.salaries)?.parent).toBe('6100');
    });

    it('opens one client-money account per investor, on demand and only once', async () => {
      const [omar] = await rows<{ id: string; unicode: string }>(db, sql`select id, unicode from users where username = 'omar'`);
      const first = await ensureInvestorAccount(db, { userId: omar.id, unicode: omar.unicode, name: 'Omar Rahman' });
      const again = await db.transaction((tx) => ensureInvestorAccount(tx, { userId: omar.id, unicode: omar.unicode, name: 'Omar Rahman' }));
      expect(again.id).toBe(first.id);
      expect(first.code).toBe(`2100-${omar.unicode}`);
      const account = (await listAccounts(db)).find((a) => a.code === first.code)!;
      expect(account).toMatchObject({ type: 'liability', parent: '2100', isGroup: false });
      const property = await ensurePropertyAccount(db, { propertyId: 'b1a6c0de-0000-4000-8000-000000000001', reference: 'marina-heights', name: 'Marina Heights SPV' });
      expect(property.code).toBe('1500-MARINA-HEIGHTS');
      expect((await ensurePropertyAccount(db, { propertyId: 'b1a6c0de-0000-4000-8000-000000000001', reference: 'marina-heights', name: 'Marina Heights SPV' })).id).toBe(property.id);
    });

    it('refuses to delete an account with postings (service 422 and database FK) and archives only a zero balance', async () => {
      await createAccount(db, { code: '1150', name: 'Mashreq USD account', type: 'asset', parent: '1100' });
      await postSimple(db, '2026-03-02', [['1150', 5000, 0], [A.shareCapital, 0, 5000]]);
      const err = (await rejection(deleteAccount(db, '1150'))) as AppError;
      expect(err.status).toBe(422);
      expect(err.message).toBe(ledgerMessages.accountHasPostings('1150'));
      expect(sqlState(await rejection(db.execute(sql`delete from ledger_accounts where code = '1150'`)))).toBe('23503');
      const archive = (await rejection(updateAccount(db, '1150', { archived: true }))) as AppError;
      expect(archive.message).toMatch(/balance of AED 50.00/);
      await postSimple(db, '2026-03-03', [[A.shareCapital, 5000, 0], ['1150', 0, 5000]]);
      expect((await updateAccount(db, '1150', { archived: true })).archived).toBe(true);
      const posting = (await rejection(postSimple(db, '2026-03-04', [['1150', 100, 0], [A.shareCapital, 0, 100]]))) as AppError;
      expect(posting.message).toBe(ledgerMessages.accountArchived('1150', 'Mashreq USD account'));
      expect(sqlState(await rejection(db.execute(sql`update ledger_accounts set code = '1141' where code = '1150'`)))).toBe('LDG05');
    });
  });

  describe('posting', () => {
    it('posts a balanced entry and keeps the precomputed balances in step', async () => {
      const before = await balanceOf(db, A.bankOperating);
      const posted = await postSimple(db, '2026-01-10', [[A.bankOperating, 250_000, 0, { costCenter: 'OPS' }], [A.shareCapital, 0, 250_000]]);
      expect(posted.created).toBe(true);
      expect(posted.reference).toMatch(/^JE-\d{6}$/);
      expect(await balanceOf(db, A.bankOperating)).toBe(before + 250_000n);
      expect((await verifyBalances(db)).ok).toBe(true);
    });

    it('refuses an unbalanced entry with the difference in words, and fewer than two lines', async () => {
      const err = (await rejection(postSimple(db, '2026-01-11', [[A.bankOperating, 1000, 0], [A.shareCapital, 0, 999]]))) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.status).toBe(422);
      expect(err.message).toBe('Debits and credits must be equal. Debits total AED 10.00 and credits total AED 9.99.');
      const one = (await rejection(postSimple(db, '2026-01-11', [[A.bankOperating, 1000, 0]]))) as AppError;
      expect(one.message).toBe(ledgerMessages.tooFewLines);
      const group = (await rejection(postSimple(db, '2026-01-11', [['1100', 1000, 0], [A.shareCapital, 0, 1000]]))) as AppError;
      expect(group.message).toMatch(/group account/);
    });

    it('is idempotent by source: a repeat returns the first entry, other content under the same source is a conflict', async () => {
      const entry = { date: '2026-01-12', memo: 'Card deposit', source: { module: 'wallet', id: 'dep-42' }, lines: [{ accountCode: A.cardClearing, debit: 20_000n }, { accountCode: A.bankClientMoney, credit: 20_000n }] };
      const first = await post(db, entry);
      const second = await post(db, { ...entry, memo: 'Card deposit (retried)' });
      expect(second).toMatchObject({ id: first.id, number: first.number, created: false });
      const [{ n }] = await rows<{ n: string }>(db, sql`select count(*)::text as n from ledger_journal_entries where source_module = 'wallet' and source_id = 'dep-42'`);
      expect(n).toBe('1');
      const clash = (await rejection(post(db, { ...entry, lines: [{ accountCode: A.cardClearing, debit: 20_001n }, { accountCode: A.bankClientMoney, credit: 20_001n }] }))) as AppError;
      expect(clash.status).toBe(409);
      expect(clash.code).toBe('source_conflict');
      // A batch that repeats a source inside itself posts it once.
      const [a, b] = await postMany(db, [{ ...entry, source: { module: 'wallet', id: 'dep-43' } }, { ...entry, source: { module: 'wallet', id: 'dep-43' } }]);
      expect(a.created).toBe(true);
      expect(b).toMatchObject({ id: a.id, created: false });
      // No gap: the next entry takes the next number.
      const next = await postSimple(db, '2026-01-12', [[A.bankOperating, 1, 0], [A.shareCapital, 0, 1]]);
      expect(next.number).toBe(a.number + 1);
    });

    it("runs inside the caller's transaction: the business change and its entry fail together", async () => {
      const before = await balanceOf(db, A.bankClientMoney);
      await rejection(
        db.transaction(async (tx) => {
          await tx.execute(sql`update users set kyc_status = 'approved' where username = 'omar'`);
          await post(tx, { date: '2026-01-13', memo: 'Deposit', source: { module: 'wallet', id: 'rolled-back' }, lines: [{ accountCode: A.bankClientMoney, debit: 5000n }, { accountCode: A.cardClearing, credit: 5000n }] });
          throw new Error('payment provider declined');
        }),
      );
      expect(await balanceOf(db, A.bankClientMoney)).toBe(before);
      const [user] = await rows<{ kyc_status: string }>(db, sql`select kyc_status from users where username = 'omar'`);
      expect(user.kyc_status).toBe('not_started');
      const [found] = await rows(db, sql`select 1 from ledger_journal_entries where source_id = 'rolled-back'`);
      expect(found).toBeUndefined();
    });

    it('posts a foreign-currency line at its rate, half-even, keeping the original amount and rate', async () => {
      // 100.01 USD at 3.6725 = 367.286725 AED → 36729 fils; 0.50 USD at 3.67 = 1.835 → 184 (half to even).
      const posted = await postSimple(db, '2026-01-14', [
        [A.bankOperating, 10_001, 0, { currency: 'USD', rate: '3.6725' }],
        [A.platformFees, 0, 36_729],
      ]);
      const entry = await getEntry(db, posted.id);
      expect(entry.lines[0]).toMatchObject({ debit: '36729', credit: '0', currency: 'USD', originalAmount: '10001', rate: '3.6725' });
      const half = await postSimple(db, '2026-01-14', [[A.bankOperating, 50, 0, { currency: 'USD', rate: '3.67' }], [A.platformFees, 0, 184]]);
      expect((await getEntry(db, half.id)).lines[0].debit).toBe('184');
      const kwd = await postSimple(db, '2026-01-14', [[A.bankOperating, 1_005, 0, { currency: 'KWD', rate: '11.95' }], [A.platformFees, 0, 1201]]);
      expect((await getEntry(db, kwd.id)).lines[0].debit).toBe('1201'); // 1.005 KWD × 11.95 = 12.00975 AED
    });

    it('books the fil that conversion can leave to the rounding account, visibly, and refuses more', async () => {
      // Two USD lines of 0.05 at 3.67 → 0.1835 → 18 fils each; the AED side says 37: one fil of rounding.
      const posted = await postSimple(db, '2026-01-15', [
        [A.bankOperating, 5, 0, { currency: 'USD', rate: '3.67' }],
        [A.bankOperating, 5, 0, { currency: 'USD', rate: '3.67' }],
        [A.platformFees, 0, 37],
      ]);
      const entry = await getEntry(db, posted.id);
      expect(entry.lines).toHaveLength(4);
      expect(entry.lines[3]).toMatchObject({ accountCode: A.fxRounding, debit: '1', credit: '0', memo: 'Rounding from currency conversion' });
      expect(entry.totals.difference).toBe('0');
      const err = (await rejection(postSimple(db, '2026-01-15', [[A.bankOperating, 100, 0, { currency: 'USD', rate: '3.67' }], [A.platformFees, 0, 400]]))) as AppError;
      expect(err.status).toBe(422);
      expect(err.message).toMatch(/off by 33 fils/);
    });
  });

  describe('the database guards the books', () => {
    const raw = async (tx: Db, q: ReturnType<typeof sql>) => rows<{ id: string }>(tx, q);

    it('refuses to commit an unbalanced posted entry written by hand in SQL', async () => {
      const err = await rejection(
        db.transaction(async (tx) => {
          const [e] = await raw(tx, sql`insert into ledger_journal_entries (date, source_module, source_id, fingerprint) values ('2026-02-01', 'sql', 'unbalanced', '') returning id`);
          await tx.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit) select ${e.id}, 1, '2026-02-01', id, 500 from ledger_accounts where code = ${A.bankOperating}`);
          await tx.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, credit) select ${e.id}, 2, '2026-02-01', id, 400 from ledger_accounts where code = ${A.shareCapital}`);
          await tx.execute(sql`update ledger_journal_entries set status = 'posted' where id = ${e.id}`);
        }),
      );
      expect(sqlState(err)).toBe('LDG01');
      expect(String((err as Error).message) + String(((err as { cause?: Error }).cause ?? {}).message)).toMatch(/Debits and credits must be equal/);
      const [left] = await rows(db, sql`select 1 from ledger_journal_entries where source_id = 'unbalanced'`);
      expect(left).toBeUndefined();
    });

    it('refuses a posted entry with a single line, and an entry inserted as already posted', async () => {
      const single = await rejection(
        db.transaction(async (tx) => {
          const [e] = await raw(tx, sql`insert into ledger_journal_entries (date, source_module, source_id, fingerprint) values ('2026-02-01', 'sql', 'single', '') returning id`);
          await tx.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit) select ${e.id}, 1, '2026-02-01', id, 500 from ledger_accounts where code = ${A.bankOperating}`);
          await tx.execute(sql`update ledger_journal_entries set status = 'posted' where id = ${e.id}`);
        }),
      );
      expect(sqlState(single)).toBe('LDG01');
      // Inserted as posted with no lines: refused at commit.
      const direct = await rejection(db.execute(sql`insert into ledger_journal_entries (date, status, source_module, source_id, fingerprint) values ('2026-02-01', 'posted', 'sql', 'direct', '')`));
      expect(sqlState(direct)).toBe('LDG01');
      // Inserted as posted, then lines that do not balance: refused at commit.
      const lopsided = await rejection(
        db.transaction(async (tx) => {
          const [e] = await raw(tx, sql`insert into ledger_journal_entries (date, status, source_module, source_id, fingerprint) values ('2026-02-01', 'posted', 'sql', 'lopsided', '') returning id`);
          await tx.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit)
            select ${e.id}::uuid, 1, '2026-02-01'::date, id, 500::bigint, 0::bigint from ledger_accounts where code = ${A.bankOperating}
            union all select ${e.id}::uuid, 2, '2026-02-01'::date, id, 0::bigint, 400::bigint from ledger_accounts where code = ${A.shareCapital}`);
        }),
      );
      expect(sqlState(lopsided)).toBe('LDG01');
      // Inserted as posted with its lines in one statement: fine, but no line may join it afterwards,
      // even in the same transaction.
      const late = await rejection(
        db.transaction(async (tx) => {
          const [e] = await raw(tx, sql`insert into ledger_journal_entries (date, status, source_module, source_id, fingerprint) values ('2026-02-01', 'posted', 'sql', 'late-line', '') returning id`);
          await tx.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit)
            select ${e.id}::uuid, 1, '2026-02-01'::date, id, 500::bigint, 0::bigint from ledger_accounts where code = ${A.bankOperating}
            union all select ${e.id}::uuid, 2, '2026-02-01'::date, id, 0::bigint, 500::bigint from ledger_accounts where code = ${A.shareCapital}`);
          await tx.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit)
            select ${e.id}, 3, '2026-02-01', id, 1, 0 from ledger_accounts where code = ${A.bankOperating}`);
        }),
      );
      expect(sqlState(late)).toBe('LDG02');
      const [left] = await rows(db, sql`select 1 from ledger_journal_entries where source_id in ('direct', 'lopsided', 'late-line')`);
      expect(left).toBeUndefined();
    });

    it('refuses any update or delete of a posted line, adding a line, or changing a posted entry', async () => {
      const posted = await postSimple(db, '2026-02-02', [[A.bankOperating, 700, 0], [A.shareCapital, 0, 700]]);
      const attempts = [
        sql`update ledger_journal_lines set debit = 1 where entry_id = ${posted.id} and debit > 0`,
        sql`update ledger_journal_lines set memo = 'edited' where entry_id = ${posted.id}`,
        sql`delete from ledger_journal_lines where entry_id = ${posted.id}`,
        sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit) select ${posted.id}, 9, '2026-02-02', id, 1 from ledger_accounts where code = ${A.bankOperating}`,
        sql`update ledger_journal_entries set memo = 'edited' where id = ${posted.id}`,
        sql`update ledger_journal_entries set date = '2026-02-03' where id = ${posted.id}`,
        sql`update ledger_journal_entries set status = 'draft' where id = ${posted.id}`,
        sql`delete from ledger_journal_entries where id = ${posted.id}`,
      ];
      for (const attempt of attempts) expect(sqlState(await rejection(db.execute(attempt)))).toBe('LDG02');
      const entry = await getEntry(db, posted.id);
      expect(entry.lines.map((l) => [l.debit, l.credit, l.memo])).toEqual([['700', '0', null], ['0', '700', null]]);
      expect(entry.memo).toBe('Test entry');
    });

    it('keeps the keys of lines: an existing entry and account, draft lines deleted with their draft', async () => {
      const noEntry = await rejection(
        db.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit) select '00000000-0000-4000-8000-000000000000', 1, '2026-02-01', id, 1 from ledger_accounts where code = ${A.bankOperating}`),
      );
      expect(sqlState(noEntry)).toBe('23503');
      const { entry } = await createDraft(db, { date: '2026-02-01', lines: [{ accountCode: A.bankOperating, debit: 5n }, { accountCode: A.shareCapital, credit: 5n }] });
      const noAccount = await rejection(db.execute(sql`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit) values (${entry.id}, 3, '2026-02-01', '00000000-0000-4000-8000-000000000000', 1)`));
      expect(sqlState(noAccount)).toBe('23503');
      expect(sqlState(await rejection(db.execute(sql`update ledger_accounts set id = gen_random_uuid() where code = ${A.bankOperating}`)))).toBe('23503');
      await db.execute(sql`delete from ledger_journal_entries where id = ${entry.id}`);
      const [left] = await rows(db, sql`select 1 from ledger_journal_lines where entry_id = ${entry.id}`);
      expect(left).toBeUndefined();
    });

    it('refuses writes to the precomputed balances from anywhere but the posting trigger', async () => {
      for (const attempt of [
        sql`update ledger_balances set debit = debit + 1`,
        sql`delete from ledger_balances`,
        sql`insert into ledger_balances (account_id, day, debit, credit) select id, '2026-02-01', 1, 0 from ledger_accounts where code = ${A.bankOperating}`,
      ]) {
        expect(sqlState(await rejection(db.execute(attempt)))).toBe('LDG04');
      }
      expect((await verifyBalances(db)).ok).toBe(true);
    });
  });

  describe('drafts and reversals', () => {
    it('saves an unbalanced draft, refuses to post it, then posts it once balanced', async () => {
      const { entry } = await createDraft(db, { date: '2026-02-05', memo: 'Office rent February', lines: [{ accountCode: A.officeRent, debit: 1_500_000n, costCenter: 'OPS' }, { accountCode: A.bankOperating, credit: 1_400_000n }] });
      expect(entry.status).toBe('draft');
      expect(entry.totals.difference).toBe('100000');
      const err = (await rejection(postDraft(db, entry.id))) as AppError;
      expect(err.status).toBe(422);
      expect(err.message).toMatch(/^Debits and credits must be equal/);
      const fixed = await updateDraft(db, entry.id, { lines: [{ accountCode: A.officeRent, debit: 1_500_000n, costCenter: 'OPS' }, { accountCode: A.bankOperating, credit: 1_500_000n }] });
      expect(fixed.totals.difference).toBe('0');
      const posted = await postDraft(db, entry.id, { userId: await adminId(db) });
      expect(posted.status).toBe('posted');
      expect(posted.lines[0].costCenter).toBe('OPS');
      expect((await postDraft(db, entry.id)).postedAt).toBe(posted.postedAt);
      expect(((await rejection(updateDraft(db, entry.id, { memo: 'x' }))) as AppError).status).toBe(422);
    });

    it('reverses a posted entry with a mirror entry dated when the reversal is made', async () => {
      const posted = await postSimple(db, '2026-02-06', [[A.marketing, 80_000, 0, { costCenter: 'MKT', property: 'marina-heights' }], [A.bankOperating, 0, 80_000]]);
      const before = await balanceOf(db, A.marketing);
      const { reversal, original } = await reverseEntry(db, posted.id, { date: '2026-02-20', userId: await adminId(db) });
      expect(reversal).toMatchObject({ date: '2026-02-20', kind: 'reversal', status: 'posted', reverses: { id: posted.id, number: posted.reference } });
      expect(reversal.memo).toBe(`Reversal of ${posted.reference}: Test entry`);
      expect(reversal.lines.map((l) => [l.accountCode, l.debit, l.credit, l.costCenter, l.property])).toEqual([
        [A.marketing, '0', '80000', 'MKT', 'marina-heights'],
        [A.bankOperating, '80000', '0', null, null],
      ]);
      expect(original.reversedBy).toEqual({ id: reversal.id, number: reversal.number });
      expect(original.lines.map((l) => [l.debit, l.credit])).toEqual([['80000', '0'], ['0', '80000']]);
      expect(await balanceOf(db, A.marketing)).toBe(before - 80_000n);
      const again = (await rejection(reverseEntry(db, posted.id, { date: '2026-02-21' }))) as AppError;
      expect(again.status).toBe(409);
      expect(again.message).toBe(ledgerMessages.alreadyReversed(posted.reference, reversal.number));
      // Marking an entry reversed is the one change the database allows, and only once.
      expect(sqlState(await rejection(db.execute(sql`update ledger_journal_entries set reversed_by_id = null where id = ${posted.id}`)))).toBe('LDG02');
    });

    it('reverses a foreign-currency entry to exactly zero in AED', async () => {
      const posted = await postSimple(db, '2026-02-07', [[A.bankOperating, 5, 0, { currency: 'USD', rate: '3.67' }], [A.bankOperating, 5, 0, { currency: 'USD', rate: '3.67' }], [A.platformFees, 0, 37]]);
      const { reversal } = await reverseEntry(db, posted.id, { date: '2026-02-08' });
      expect(reversal.lines.map((l) => [l.accountCode, l.debit, l.credit, l.currency, l.originalAmount])).toEqual([
        [A.bankOperating, '0', '18', 'USD', '5'],
        [A.bankOperating, '0', '18', 'USD', '5'],
        [A.platformFees, '37', '0', 'AED', null],
        [A.fxRounding, '0', '1', 'AED', null],
      ]);
    });
  });

  describe('fiscal periods', () => {
    it('locks a closed month: posting dated inside answers 422 and the database refuses it too', async () => {
      await closeMonth(db, '2026-04', { userId: await adminId(db) });
      const err = (await rejection(postSimple(db, '2026-04-15', [[A.bankOperating, 100, 0], [A.shareCapital, 0, 100]]))) as AppError;
      expect(err.status).toBe(422);
      expect(err.message).toBe('April 2026 is closed, so nothing dated 2026-04-15 can be posted. Date the entry in an open period or reopen the month.');
      const { entry } = await createDraft(db, { date: '2026-04-20', lines: [{ accountCode: A.bankOperating, debit: 100n }, { accountCode: A.shareCapital, credit: 100n }] });
      expect(((await rejection(postDraft(db, entry.id))) as AppError).message).toMatch(/April 2026 is closed/);
      const bySql = await rejection(db.execute(sql`update ledger_journal_entries set status = 'posted' where id = ${entry.id}`));
      expect(sqlState(bySql)).toBe('LDG03');
      expect((await postSimple(db, '2026-05-01', [[A.bankOperating, 100, 0], [A.shareCapital, 0, 100]])).created).toBe(true);
      await reopenMonth(db, '2026-04', { userId: null, reason: 'A late supplier invoice for April' });
      expect((await postDraft(db, entry.id)).status).toBe('posted');
      const { months } = await listPeriods(db, 2026);
      expect(months[3]).toMatchObject({ period: '2026-04', label: 'April 2026', status: 'open', postedEntries: 1 });
    });
  });

  describe('recurring entries', () => {
    it('posts each template once per month, catching up missed months, on the right day', async () => {
      const template = await createRecurringEntry(db, {
        name: 'Office rent',
        memo: 'Monthly office rent, Dubai Marina',
        dayOfMonth: 31,
        startDate: '2026-01-31',
        endDate: null,
        active: true,
        lines: [
          { accountCode: A.officeRent, debit: 1_200_000n, credit: 0n, costCenter: 'OPS' },
          { accountCode: A.accruedExpenses, debit: 0n, credit: 1_200_000n },
        ],
      });
      const first = await runRecurringEntries(db, '2026-03-30');
      expect(first.failed).toEqual([]);
      expect(first.posted.map((p) => p.month)).toEqual(['2026-01', '2026-02']);
      const feb = await getEntry(db, first.posted[1].entryId);
      expect(feb).toMatchObject({ date: '2026-02-28', status: 'posted', memo: 'Monthly office rent, Dubai Marina', source: { module: 'ledger.recurring', id: `${template.id}:2026-02` } });
      const [second, third] = await Promise.all([runRecurringEntries(db, '2026-03-31'), runRecurringEntries(db, '2026-03-31')]);
      expect([...second.posted, ...third.posted].map((p) => p.month)).toEqual(['2026-03']);
      expect((await runRecurringEntries(db, '2026-03-31')).posted).toEqual([]);
    });
  });
});
