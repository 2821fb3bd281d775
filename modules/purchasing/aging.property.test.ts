import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { createBankAccount } from '@modules/banking';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { addDays } from '@modules/platform/dates';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { createBill } from './create-bill';
import { createDebitNote } from './debit-notes';
import { payablesAging } from './payables';
import { payBill } from './payments';
import { createSupplier } from './suppliers';
import { creditBalance } from './test-helpers';

const START = '2025-03-01';
const CHECK_DAYS = [0, 15, 31, 45, 60, 91, 120, 200];

const event = fc.record({ kind: fc.constantFrom('pay', 'debit'), after: fc.integer({ min: 0, max: 60 }), bps: fc.integer({ min: 1, max: 10_000 }) });
const bill = fc.record({
  day: fc.integer({ min: 0, max: 100 }),
  price: fc.bigInt({ min: 1n, max: 5_000_000n }),
  quantity: fc.constantFrom(1000n, 2500n, 3000n),
  taxCode: fc.constantFrom('standard' as const, 'zero' as const, 'reverse_charge' as const, 'exempt' as const),
  termsDays: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
  events: fc.array(event, { maxLength: 3 }),
});

describeEachDb('payables aging (property)', (kind) => {
  let database: Database;
  let userId: string;
  let bankId: string;
  let supplierId: string;
  let n = 0;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    const [u] = await q<{ id: string }>(database.db, sql`select id from users where email = 'admin@manzil.ae'`);
    userId = u!.id;
    bankId = (await createBankAccount(database.db, userId, { name: 'Operating', bankName: '', iban: 'AE070331234567890123456', ledgerAccountCode: '1110', kind: 'operating', currency: 'AED' })).id;
    supplierId = (await createSupplier(database.db, userId, { name: 'Property test supplier', email: 'p@t.ae', address: '', country: 'AE', bankName: '', accountName: '', paymentTermsDays: 30, category: 'other' })).id;
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('at every date, the aging total equals the balance of 2310, whatever the bills, partial payments and debit notes', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(bill, { minLength: 1, maxLength: 4 }), async (bills) => {
        const db = database.db;
        for (const b of bills) {
          n += 1;
          const billDate = addDays(START, b.day);
          const created = await createBill(db, userId, {
            supplierId,
            supplierBillNumber: `P-${n}`,
            billDate,
            dueDate: b.termsDays === undefined ? undefined : addDays(billDate, b.termsDays),
            notes: '',
            lines: [{ description: 'Service', quantity: b.quantity, unitPrice: b.price, taxCode: b.taxCode }],
          });
          let open = BigInt(created.openAmount);
          for (const e of b.events) {
            if (open <= 0n) break;
            const date = addDays(billDate, e.after);
            if (e.kind === 'pay') {
              const amount = (open * BigInt(e.bps)) / 10_000n || 1n;
              const paid = await payBill(db, userId, created.id, { amount, date, bankAccountId: bankId }, null);
              open = BigInt(paid.body.openAmount);
            } else {
              const line = created.lines[0]!;
              const left = BigInt(line.net) - BigInt(line.debited);
              // Net such that net + its VAT stays within what is open.
              const net = ((open < left ? open : left) * BigInt(e.bps) * 100n) / 10_500n / 100n || 1n;
              if (net > left || net + (b.taxCode === 'standard' ? (net * 5n + 50n) / 100n : 0n) > open) continue;
              const after = await createDebitNote(db, userId, created.id, { date, reason: 'Property test credit', supplierReference: '', lines: [{ billLineId: line.id, amount: net }] });
              open = BigInt(after.openAmount);
              created.lines[0] = after.lines[0]!;
            }
          }
        }
        for (const d of CHECK_DAYS) {
          const asOf = addDays(START, d);
          const aging = await payablesAging(db, asOf);
          expect(BigInt(aging.totals.total), asOf).toBe(await creditBalance(db, '2310', asOf));
          const buckets = BigInt(aging.totals.current) + BigInt(aging.totals.d1_30) + BigInt(aging.totals.d31_60) + BigInt(aging.totals.d61_90) + BigInt(aging.totals.d90_plus);
          expect(buckets).toBe(BigInt(aging.totals.total));
        }
      }),
      { numRuns: 12, seed: 1414 },
    );
  });
});
