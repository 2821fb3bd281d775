/**
 * The invariant of the VAT 201, as a property: for random documents (sales and purchase lines with random tax
 * codes and emirates, credit and debit notes) and fees posted straight to the ledger with no tax lines,
 *   box 14 = the period's movement on 2410 (credit − debit) − the movement on 1410 (debit − credit),
 *   each box = the sum of its documents' tax lines (plus the fees in the default emirate's box),
 *   and each box's drill-down adds up to the box.
 * Each run uses a month of its own, so the runs share one database.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Db } from '@db/client';
import { sqlRows } from '@api/list';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { addMonths, monthEnd } from '@modules/platform/dates';
import { listBoxDocuments } from './box-documents';
import { EMIRATES, TAX_CODES, SALES_TAX_CODES, vatFor, type TaxCode } from './contract';
import { DOCUMENT_BOXES, boxDocumentsQuery, type ReturnBox } from './return-contract';
import { saveTaxSettings } from './settings';
import { docTaxLines, postDocument, postFeeCharge, vatMovements, type Doc } from './test-helpers';
import { getVatReturn } from './vat-return';

const RUNS = 30;
const line = (codes: readonly TaxCode[]) =>
  fc.record({ taxCode: fc.constantFrom(...codes), net: fc.bigInt({ min: 1n, max: 5_000_000n }), emirate: fc.constantFrom(...EMIRATES) });
const doc = fc.oneof(
  fc.record({ kind: fc.constantFrom('invoice' as const, 'credit_note' as const), day: fc.integer({ min: 1, max: 28 }), lines: fc.array(line(SALES_TAX_CODES), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constantFrom('bill' as const, 'debit_note' as const), day: fc.integer({ min: 1, max: 28 }), lines: fc.array(line(TAX_CODES), { minLength: 1, maxLength: 4 }) }),
);
const fee = fc.record({ day: fc.integer({ min: 1, max: 28 }), amount: fc.bigInt({ min: 1n, max: 2_000_000n }), account: fc.constantFrom('4110', '4120', '4130', '4140') });
const all = boxDocumentsQuery.parse({ limit: 200 });

describeEachDb('VAT 201 invariant (property)', (kind) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    db = database.db;
    const [{ id }] = await sqlRows<{ id: string }>(db, sql`select id from users where role = 'admin' limit 1`);
    await saveTaxSettings(db, id, { trn: '100123456700003', legalName: 'Manzil Properties FZ-LLC', address: '', filingFrequency: 'monthly', firstPeriodStart: '2019-01-01', defaultEmirate: 'sharjah' });
  }, 60_000);
  afterAll(() => database.close());

  it('box 14 equals the VAT accounts\' movement and each box the sum of its documents', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(doc, { minLength: 1, maxLength: 6 }), fc.array(fee, { maxLength: 3 }), async (docs, fees) => {
        const month = addMonths('2019-01-01', run++);
        const key = month.slice(0, 7);
        const day = (d: number) => `${key}-${String(d).padStart(2, '0')}`;
        const expected = new Map<string, { amount: bigint; vat: bigint }>();
        const addTo = (box: string, amount: bigint, vat: bigint) => {
          const e = expected.get(box) ?? { amount: 0n, vat: 0n };
          expected.set(box, { amount: e.amount + amount, vat: e.vat + vat });
        };
        for (const d of docs) {
          const document: Doc = { kind: d.kind, date: day(d.day), lines: d.lines };
          await postDocument(db, document);
          for (const l of docTaxLines(document)) addTo(l.box, l.taxable, l.vat);
        }
        for (const f of fees) {
          await postFeeCharge(db, day(f.day), f.amount, f.account);
          addTo('1c', f.amount, vatFor(f.amount, 'standard'));
        }

        const r = await getVatReturn(db, key);
        const mv = await vatMovements(db, month, monthEnd(month));
        expect(BigInt(r.boxes['14'].vat)).toBe(mv.output - mv.input);
        expect(BigInt(r.boxes['12'].vat)).toBe(mv.output);
        expect(BigInt(r.boxes['13'].vat)).toBe(mv.input);
        for (const b of DOCUMENT_BOXES) {
          const want = expected.get(b) ?? { amount: 0n, vat: 0n };
          expect([b, r.boxes[b as ReturnBox].amount, r.boxes[b as ReturnBox].vat]).toEqual([b, want.amount.toString(), want.vat.toString()]);
          if (want.amount === 0n && want.vat === 0n) continue;
          const list = await listBoxDocuments(db, key, b, all);
          expect([b, list.totals.taxable, list.totals.vat]).toEqual([b, want.amount.toString(), want.vat.toString()]);
        }
      }),
      { numRuns: RUNS, seed: 14 },
    );
  }, 120_000);
});
