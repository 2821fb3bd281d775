import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Db } from '@db/client';
import { sqlRows } from '@api/list';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { createAdjustment } from './adjustments';
import { listBoxDocuments } from './box-documents';
import { DOCUMENT_BOXES, boxDocumentsQuery, type ReturnBox } from './return-contract';
import { saveTaxSettings } from './settings';
import { postDocument, postFeeCharge, postJournalInputVat, vatMovements } from './test-helpers';
import { getVatReturn } from './vat-return';

const allDocs = boxDocumentsQuery.parse({ limit: 200 });

describeEachDb('VAT 201 return', (kind) => {
  let database: Database;
  let db: Db;
  let adminId: string;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    db = database.db;
    [{ id: adminId }] = await sqlRows<{ id: string }>(db, sql`select id from users where role = 'admin' limit 1`);
    await saveTaxSettings(db, adminId, { trn: '100123456700003', legalName: 'Manzil Properties FZ-LLC', address: 'Dubai', filingFrequency: 'monthly', firstPeriodStart: '2025-01-01', defaultEmirate: 'dubai' });
  }, 60_000);
  afterAll(() => database.close());

  it('adds up the boxes from the daily tax totals: emirates, reverse charge, zero, exempt, imports, credit and debit notes, platform charges, journal input VAT and adjustments', async () => {
    const d = '2025-03-10';
    await postDocument(db, {
      kind: 'invoice',
      date: d,
      lines: [
        { taxCode: 'standard', net: 100_000n, emirate: 'dubai' },
        { taxCode: 'standard', net: 40_000n, emirate: 'abu_dhabi' },
        { taxCode: 'zero', net: 30_000n, emirate: 'dubai' },
        { taxCode: 'exempt', net: 20_000n, emirate: 'dubai' },
        { taxCode: 'out_of_scope', net: 10_000n, emirate: 'dubai' },
        { taxCode: 'reverse_charge', net: 50_000n, emirate: 'sharjah' },
      ],
    });
    await postDocument(db, { kind: 'credit_note', date: '2025-03-20', lines: [{ taxCode: 'standard', net: 10_000n, emirate: 'dubai' }] });
    await postDocument(db, {
      kind: 'bill',
      date: d,
      lines: [
        { taxCode: 'standard', net: 60_000n, emirate: 'dubai' },
        { taxCode: 'reverse_charge', net: 80_000n, emirate: 'dubai' },
        { taxCode: 'import', net: 20_000n, emirate: 'dubai' },
        { taxCode: 'zero', net: 5_000n, emirate: 'dubai' },
      ],
    });
    await postDocument(db, { kind: 'debit_note', date: '2025-03-31', lines: [{ taxCode: 'standard', net: 6_000n, emirate: 'dubai' }] });
    await postFeeCharge(db, '2025-03-01', 200_000n);
    await postFeeCharge(db, '2025-03-15', 1_000n, '4130');
    await postJournalInputVat(db, '2025-03-05', 700n);
    await createAdjustment(db, adminId, { date: '2025-03-25', box: '1b', taxable: 0n, vat: -250n, memo: 'Bad debt relief', accountCode: '6510' });
    await createAdjustment(db, adminId, { date: '2025-03-25', box: '9', taxable: 0n, vat: 100n, memo: 'VAT on a hotel bill found late', accountCode: '6510' });
    // Outside the period: not counted.
    await postDocument(db, { kind: 'invoice', date: '2025-04-01', lines: [{ taxCode: 'standard', net: 999_000n, emirate: 'dubai' }] });
    await postFeeCharge(db, '2025-02-28', 50_000n);

    const r = await getVatReturn(db, '2025-03');
    const box = (b: ReturnBox) => [r.boxes[b].amount, r.boxes[b].vat, r.boxes[b].adjustment];
    expect(box('1a')).toEqual(['40000', '2000', '0']);
    expect(box('1b')).toEqual(['291000', '14550', '-250']);
    expect(box('1c')).toEqual(['50000', '0', '0']);
    expect(box('2')).toEqual(['0', '0', '0']);
    expect(box('3')).toEqual(['80000', '4000', '0']);
    expect(box('4')).toEqual(['30000', '0', '0']);
    expect(box('5')).toEqual(['20000', '0', '0']);
    expect(box('6')).toEqual(['20000', '1000', '0']);
    expect(box('8')).toEqual(['531000', '21550', '-250']);
    expect(box('9')).toEqual(['54000', '3400', '100']);
    expect(box('10')).toEqual(['100000', '5000', '0']);
    expect(box('11')).toEqual(['154000', '8400', '100']);
    expect([r.boxes['12'].vat, r.boxes['13'].vat, r.boxes['14'].vat]).toEqual(['21300', '8500', '12800']);
    expect(r.platformCharges).toEqual({ box: '1b', amount: '201000', vat: '10050' });
    expect(r.otherRecoverableVat).toBe('700');
    expect(r).toMatchObject({ period: '2025-03', from: '2025-03-01', to: '2025-03-31', dueDate: '2025-04-28', status: 'ready', outputVat: '21300', inputVat: '8500', net: '12800' });

    const mv = await vatMovements(db, '2025-03-01', '2025-03-31');
    expect(BigInt(r.boxes['14'].vat)).toBe(mv.output - mv.input);

    // The drill-down of each box adds up to it (VAT column plus adjustment).
    for (const b of DOCUMENT_BOXES) {
      const list = await listBoxDocuments(db, '2025-03', b, allDocs);
      expect([b, list.totals.taxable, list.totals.vat]).toEqual([b, r.boxes[b].amount, (BigInt(r.boxes[b].vat) + BigInt(r.boxes[b].adjustment)).toString()]);
    }
    const b1 = await listBoxDocuments(db, '2025-03', '1b', allDocs);
    expect(b1.items.map((i) => [i.group, i.documentType, i.taxable, i.vat])).toEqual([
      ['platform_charges', 'journal_entry', '200000', '10000'],
      ['documents', 'invoice', '100000', '5000'],
      ['platform_charges', 'journal_entry', '1000', '50'],
      ['documents', 'credit_note', '-10000', '-500'],
      ['documents', 'adjustment', '0', '-250'],
    ]);
    expect(b1.items[0]).toMatchObject({ sourceModule: 'test.fee', memo: 'Platform fee charged', documentNumber: expect.stringMatching(/^JE-\d{6}$/) });
    const platformOnly = await listBoxDocuments(db, '2025-03', '1b', boxDocumentsQuery.parse({ group: 'platform_charges' }));
    expect(platformOnly).toMatchObject({ total: 2, totals: { taxable: '201000', vat: '10050' } });
    const nine = await listBoxDocuments(db, '2025-03', '9', boxDocumentsQuery.parse({ group: 'journal_entries' }));
    expect(nine).toMatchObject({ total: 1, totals: { taxable: '0', vat: '700' } });
    const search = await listBoxDocuments(db, '2025-03', '1b', boxDocumentsQuery.parse({ q: 'credit-note' }));
    expect(search.items.map((i) => i.documentType)).toEqual(['credit_note']);
  });

  it('a period with nothing in it is all zeros', async () => {
    const r = await getVatReturn(db, '2025-06');
    expect(Object.values(r.boxes).every((b) => b.amount === '0' && b.vat === '0' && b.adjustment === '0')).toBe(true);
    expect(r.platformCharges).toEqual({ box: '1b', amount: '0', vat: '0' });
  });
});
