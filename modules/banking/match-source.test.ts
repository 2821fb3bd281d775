import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { adminId } from '@modules/ledger/test-helpers';
import { post } from '@modules/ledger';
import { createBankAccount } from './accounts';
import { createBankAccountInput, csvMappingInput } from './contract';
import { matchLine, unmatchLine } from './line-actions';
import type { MatchSource } from './match-source';
import { rows } from './shared';
import { importStatement } from './statements';
import { day, linesOf } from './test-helpers';
import { getReconciliation } from './view';

/**
 * A stand-in for receivables: one open invoice, INV-2026-0009 for AED 8,400 from Al Noor Trading. Settling it
 * posts the receipt to the bank's ledger account against trade receivables, as the real module will.
 */
function fakeInvoices(): MatchSource & { settled: string[] } {
  const settled: string[] = [];
  return {
    kind: 'invoice',
    settled,
    candidates: async (_db, line) =>
      line.amount > 0n && !settled.includes('inv-9')
        ? [{ key: 'invoice:inv-9', kind: 'invoice', documentId: 'inv-9', label: 'INV-2026-0009 Al Noor Trading LLC', counterparty: 'Al Noor Trading LLC', date: day(30), amount: 840_000n, reference: 'INV-2026-0009' }]
        : [],
    settle: async (tx, userId, line, documentId) => {
      settled.push(documentId);
      const entry = await post(tx, {
        date: line.date,
        memo: `Payment of INV-2026-0009 (${documentId})`,
        source: { module: 'test.receivables.payment', id: `${documentId}-${settled.length}` },
        authorId: userId,
        lines: [
          { accountCode: line.ledgerAccountCode, debit: line.amount },
          { accountCode: '1330', credit: line.amount },
        ],
      });
      return { entryId: entry.id };
    },
  };
}

describeEachDb('banking: open documents from a MatchSource', (kind) => {
  let database: Database;
  let accountId: string;
  let userId: string;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    userId = await adminId(database.db);
    accountId = (await createBankAccount(database.db, userId, createBankAccountInput.parse({ name: 'ENBD operating', iban: 'AE070331234567890123456', ledgerAccountCode: '1110' }))).id;
    const csv = `Date,Narration,Counterparty,Reference,Amount\n${day(3)},TT PAYMENT INV-2026-0009,AL NOOR TRADING LLC,FT9,8400.00\n${day(2)},TT PAYMENT,AL NOOR TRADING LLC,FT10,8400.00\n`;
    const mapping = csvMappingInput.parse({ dateColumn: 0, dateFormat: 'YYYY-MM-DD', descriptionColumn: 1, counterpartyColumn: 2, referenceColumn: 3, amountColumn: 4 });
    await importStatement(database.db, userId, accountId, { format: 'csv', fileName: 'march.csv', bytes: new TextEncoder().encode(csv), mapping });
  }, 60_000);
  afterAll(() => database.close());

  it('scores the open invoice by amount, reference and counterparty, settles it in the same transaction and learns the counterparty', async () => {
    const source = fakeInvoices();
    const view = await getReconciliation(database.db, [source], accountId, {});
    const [first, second] = view.unmatched;
    const best = view.suggestions.find((s) => s.lineId === first!.id)!.candidates[0]!;
    expect(best).toMatchObject({ key: 'invoice:inv-9', kind: 'invoice', amount: '840000', reason: 'Same amount, reference INV-2026-0009, Al Noor Trading LLC' });
    expect(best.score).toBeGreaterThanOrEqual(95);
    // Without the reference it is a weaker suggestion.
    expect(view.suggestions.find((s) => s.lineId === second!.id)!.candidates[0]!.score).toBeLessThan(best.score);

    const done = await matchLine(database.db, [source], userId, accountId, first!.id, best.key);
    expect(done.line).toMatchObject({ status: 'matched', matchKind: 'document', candidateKey: 'invoice:inv-9' });
    expect(await linesOf(database.db, done.line.matchedEntryId!)).toEqual([
      { code: '1110', debit: '840000', credit: '0', cc: null },
      { code: '1330', debit: '0', credit: '840000', cc: null },
    ]);
    const [reconciled] = await rows<{ n: string }>(database.db, sql`select count(*)::text as n from bank_reconciled_lines where statement_line_id = ${first!.id}`);
    expect(reconciled!.n).toBe('1');
    const [rule] = await rows<{ counterparty_equals: string; document_kind: string; hit_count: number }>(database.db, sql`select counterparty_equals, document_kind, hit_count from bank_rules where origin = 'learned'`);
    expect(rule).toMatchObject({ counterparty_equals: 'AL NOOR TRADING LLC', document_kind: 'invoice', hit_count: 1 });

    // Unmatched, the payment stays in the books and is offered as a journal line for the same statement line.
    const undone = await unmatchLine(database.db, userId, accountId, first!.id);
    expect(undone.message).toMatch(/stays in the books/);
    const again = await getReconciliation(database.db, [source], accountId, {});
    expect(again.suggestions.find((s) => s.lineId === first!.id)!.candidates[0]).toMatchObject({ kind: 'journal', reason: 'Same amount, same day, reference INV-2026-0009' });
  });

  it('rolls back the settlement when the source posts nothing on the bank account for the amount', async () => {
    const broken: MatchSource = {
      kind: 'bill',
      candidates: async () => [],
      settle: async (tx, userId) => {
        const e = await post(tx, { date: day(2), memo: 'Wrong account', source: { module: 'test.broken', id: 'b1' }, authorId: userId, lines: [{ accountCode: '1120', debit: 1n }, { accountCode: '1330', credit: 1n }] });
        return { entryId: e.id };
      },
    };
    const [line] = (await getReconciliation(database.db, [], accountId, {})).unmatched;
    await expect(matchLine(database.db, [broken], userId, accountId, line!.id, 'bill:b1')).rejects.toMatchObject({ code: 'settled_without_bank_line' });
    const [left] = await rows<{ n: string }>(database.db, sql`select count(*)::text as n from ledger_journal_entries where source_module = 'test.broken'`);
    expect(left!.n).toBe('0');
  });
});
