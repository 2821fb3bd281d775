import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database, Db } from '@db/client';
import { sqlRows } from '@api/list';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { bankAccounts } from '@modules/banking';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { addDays, addMonths, monthStart, quarterStart, todayInDubai } from '@modules/platform/dates';
import { periodsThrough, type TaxAdjustmentJson, type TaxCodeJson, type VatPeriodJson, type VatReturnJson } from './return-contract';
import type { TaxSettingsJson } from './contract';
import { entryLines, postDocument, postFeeCharge, vatMovements } from './test-helpers';

const TODAY = todayInDubai();
const settingsBody = (patch: Record<string, unknown> = {}) => ({
  trn: '100123456700003',
  legalName: 'Manzil Properties FZ-LLC',
  address: 'Office 1204, Marina Plaza, Dubai Marina, Dubai',
  filingFrequency: 'quarterly',
  firstPeriodStart: addMonths(quarterStart(TODAY), -6),
  defaultEmirate: 'dubai',
  ...patch,
});

describeEachDb('tax API', (kind) => {
  let database: Database;
  let db: Db;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    db = database.db;
    app = createApp({ db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    [{ id: adminId }] = await sqlRows<{ id: string }>(db, sql`select id from users where username = 'admin'`);
  }, 60_000);
  afterAll(() => database.close());

  it('keeps the registration: defaults until saved, validated, audited; lists the tax codes with their boxes', async () => {
    const before = await admin.json<TaxSettingsJson>('GET', '/api/admin/tax/settings');
    expect(before.body).toMatchObject({ registered: false, filingFrequency: 'quarterly', defaultEmirate: 'dubai' });
    // Not registered: a return cannot be filed (2026-Q1 is a period of the default settings).
    const unregistered = await admin.json('POST', '/api/admin/tax/vat-returns/2026-Q1/file', { reference: 'X' });
    expect([unregistered.status, unregistered.body.error]).toEqual([422, 'vat_not_registered']);

    for (const bad of [{ trn: '12345' }, { filingFrequency: 'yearly' }, { firstPeriodStart: '2026-02-15' }, { defaultEmirate: 'x' }, { legalName: '' }]) {
      const r = await admin.json('PUT', '/api/admin/tax/settings', settingsBody(bad));
      expect(r.status).toBe(400);
      expect(r.body.message).toEqual(expect.any(String));
    }
    const monthly = await admin.json<TaxSettingsJson>('PUT', '/api/admin/tax/settings', settingsBody({ filingFrequency: 'monthly', firstPeriodStart: addMonths(monthStart(TODAY), -5) }));
    expect(monthly.status).toBe(200);
    expect(monthly.body).toMatchObject({ registered: true, trn: '100123456700003', filingFrequency: 'monthly' });
    const months = await admin.json<{ items: VatPeriodJson[]; total: number }>('GET', '/api/admin/tax/vat-returns?sort=period');
    expect(months.body.total).toBe(6);
    expect(months.body.items.map((p) => p.period)).toEqual(Array.from({ length: 6 }, (_, i) => addMonths(monthStart(TODAY), i - 5).slice(0, 7)));
    expect(months.body.items.map((p) => p.status)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready', 'open']);
    const open = await admin.json<{ items: VatPeriodJson[]; total: number }>('GET', '/api/admin/tax/vat-returns?status=open');
    expect(open.body.total).toBe(1);

    const quarterly = await admin.json<TaxSettingsJson>('PUT', '/api/admin/tax/settings', settingsBody());
    expect(quarterly.status).toBe(200);
    const [audit] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log where action = 'tax.settings'`);
    expect(audit!.n).toBe(2);

    const codes = await admin.json<TaxCodeJson[]>('GET', '/api/admin/tax/codes');
    expect(codes.body.find((c) => c.code === 'standard')).toMatchObject({ rateBps: 500, ublCategory: 'S', onSales: true, salesBoxes: ['1a', '1b', '1c', '1d', '1e', '1f', '1g'], purchaseBoxes: ['9'] });
    expect(codes.body.find((c) => c.code === 'import')).toMatchObject({ rateBps: 0, selfAccountedBps: 500, onSales: false, salesBoxes: [], purchaseBoxes: ['6', '10'] });
  });

  it('files an ended return once: stores the figures, posts the settlement, locks the period; then records the payment once', async () => {
    const [, prev, current] = periodsThrough({ filingFrequency: 'quarterly', firstPeriodStart: settingsBody().firstPeriodStart }, TODAY);
    const day = addDays(prev!.from, 10);
    await postDocument(db, { kind: 'invoice', date: day, lines: [{ taxCode: 'standard', net: 1_000_000n, emirate: 'dubai' }] });
    await postDocument(db, { kind: 'bill', date: day, lines: [{ taxCode: 'standard', net: 400_000n, emirate: 'dubai' }, { taxCode: 'reverse_charge', net: 100_000n, emirate: 'dubai' }] });
    await postFeeCharge(db, day, 20_000n);

    const ready = await admin.json<VatReturnJson>('GET', `/api/admin/tax/vat-returns/${prev!.period}`);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', filing: null, outputVat: '56000', inputVat: '25000', net: '31000' });
    expect(ready.body.boxes['1b']).toEqual({ amount: '1020000', vat: '51000', adjustment: '0' });
    expect(ready.body.boxes['3']).toEqual({ amount: '100000', vat: '5000', adjustment: '0' });

    const notEnded = await admin.json('POST', `/api/admin/tax/vat-returns/${current!.period}/file`, { reference: 'FTA-1' });
    expect([notEnded.status, notEnded.body.error]).toEqual([422, 'vat_period_not_ended']);
    expect((await admin.json('POST', `/api/admin/tax/vat-returns/${prev!.period}/file`, { reference: '' })).status).toBe(400);
    const unpaid = await admin.json('POST', `/api/admin/tax/vat-returns/${prev!.period}/paid`, { date: TODAY, bankAccountId: crypto.randomUUID() });
    expect(unpaid.status).toBeGreaterThanOrEqual(404);

    const filed = await admin.json<VatReturnJson>('POST', `/api/admin/tax/vat-returns/${prev!.period}/file`, { reference: 'FTA-230000123' });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({ status: 'filed', net: '31000', filing: { reference: 'FTA-230000123', paidOn: null, settlementReference: expect.stringMatching(/^JE-/) } });
    expect(filed.body.boxes).toEqual(ready.body.boxes);
    expect(await entryLines(db, 'tax.vat-return', prev!.period)).toEqual([
      ['2410', '56000', '0'],
      ['1410', '0', '25000'],
      ['2420', '0', '31000'],
    ]);
    const settlement = await sqlRows<{ direction: string; vat: string; date: string }>(
      db,
      sql`select direction, vat::text, date::text from tax_lines where document_type = 'settlement' order by direction`,
    );
    expect(settlement).toEqual([{ direction: 'input', vat: '-25000', date: prev!.to }, { direction: 'output', vat: '-56000', date: prev!.to }]);
    // The VAT accounts are cleared for the period; the return still reads as filed.
    expect(await vatMovements(db, prev!.from, prev!.to)).toEqual({ output: 0n, input: 0n });
    expect((await admin.json<VatReturnJson>('GET', `/api/admin/tax/vat-returns/${prev!.period}`)).body.boxes).toEqual(ready.body.boxes);

    // Locked: no tax lines dated inside it, no second filing, no redrawn periods.
    await expect(postDocument(db, { kind: 'invoice', date: day, lines: [{ taxCode: 'standard', net: 100n, emirate: 'dubai' }] })).rejects.toMatchObject({ status: 422, code: 'vat_period_filed' });
    const adj = await admin.json('POST', '/api/admin/tax/adjustments', { date: day, box: '1b', vat: 100, memo: 'Late correction', accountCode: '6510' });
    expect([adj.status, adj.body.error]).toEqual([422, 'vat_period_filed']);
    const twice = await admin.json('POST', `/api/admin/tax/vat-returns/${prev!.period}/file`, { reference: 'FTA-2' });
    expect([twice.status, twice.body.error]).toEqual([409, 'vat_return_filed']);
    const locked = await admin.json('PUT', '/api/admin/tax/settings', settingsBody({ filingFrequency: 'monthly' }));
    expect([locked.status, locked.body.error]).toEqual([422, 'vat_settings_locked']);
    expect((await admin.json('PUT', '/api/admin/tax/settings', settingsBody({ legalName: 'Manzil Properties FZ LLC' }))).status).toBe(200);

    // Written directly: banking's createBankAccount reads `rows` off the raw result, which postgres-js does not have.
    const [bank] = await db.insert(bankAccounts).values({ name: 'Operating account', iban: 'AE070331234567890123456', ledgerAccountCode: '1110', createdBy: adminId }).returning();
    const early = await admin.json('POST', `/api/admin/tax/vat-returns/${prev!.period}/paid`, { date: addDays(prev!.to, -1), bankAccountId: bank!.id });
    expect(early.status).toBe(422);
    const notFiled = await admin.json('POST', `/api/admin/tax/vat-returns/${current!.period}/paid`, { date: TODAY, bankAccountId: bank!.id });
    expect([notFiled.status, notFiled.body.error]).toEqual([422, 'vat_return_not_filed']);
    const paid = await admin.json<VatReturnJson>('POST', `/api/admin/tax/vat-returns/${prev!.period}/paid`, { date: TODAY, bankAccountId: bank!.id });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', filing: { paidOn: TODAY, paymentReference: expect.stringMatching(/^JE-/) } });
    expect(await entryLines(db, 'tax.vat-payment', prev!.period)).toEqual([
      ['2420', '31000', '0'],
      ['1110', '0', '31000'],
    ]);
    const again = await admin.json('POST', `/api/admin/tax/vat-returns/${prev!.period}/paid`, { date: TODAY, bankAccountId: bank!.id });
    expect([again.status, again.body.error]).toEqual([409, 'vat_return_paid']);
    const actions = await sqlRows<{ action: string }>(db, sql`select action from audit_log where action like 'tax.vat_return.%' order by id`);
    expect(actions.map((a) => a.action)).toEqual(['tax.vat_return.file', 'tax.vat_return.paid']);

    const list = await admin.json<{ items: VatPeriodJson[] }>('GET', '/api/admin/tax/vat-returns?sort=period');
    expect(list.body.items.map((p) => p.status)).toEqual(['ready', 'paid', 'open']);
  });

  it('exports the return as CSV and PDF, drills into a box, and answers bad periods and boxes with 4xx', async () => {
    const [, prev] = periodsThrough({ filingFrequency: 'quarterly', firstPeriodStart: settingsBody().firstPeriodStart }, TODAY);
    const csv = await admin.request('GET', `/api/admin/tax/vat-returns/${prev!.period}/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('Box,Description,Amount (AED),VAT (AED),Adjustment (AED)');
    expect(text).toContain('1b,Standard rated supplies in Dubai,10200.00,510.00,0.00');
    expect(text).toContain('14,Payable tax for the period,,310.00,');

    const pdf = await admin.request('GET', `/api/admin/tax/vat-returns/${prev!.period}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF')).toBe(true);

    const box = await admin.json<{ items: { documentType: string; group: string }[]; total: number; totals: { vat: string } }>('GET', `/api/admin/tax/vat-returns/${prev!.period}/boxes/1b`);
    expect(box.status).toBe(200);
    expect(box.body.items.map((i) => i.group).sort()).toEqual(['documents', 'platform_charges']);
    expect(box.body.totals.vat).toBe('51000');
    const exp = await admin.request('GET', `/api/admin/tax/vat-returns/${prev!.period}/boxes/1b/export`);
    expect(exp.status).toBe(200);
    expect((await exp.text()).split('\r\n').filter(Boolean)).toHaveLength(3);

    expect((await admin.json('GET', `/api/admin/tax/vat-returns/${prev!.period}/boxes/8`)).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/tax/vat-returns/not-a-period')).status).toBe(400);
    const missing = await admin.json('GET', '/api/admin/tax/vat-returns/2019-Q1');
    expect([missing.status, missing.body.error]).toEqual([404, 'vat_period_not_found']);
    expect((await admin.json('GET', '/api/admin/tax/vat-returns/2026-03')).status).toBe(404);
    expect((await new TestClient(app).json('GET', '/api/admin/tax/vat-returns')).status).toBe(401);
  });

  it('records a manual adjustment: its journal entry, its tax line in the adjustment column, and its list', async () => {
    const date = TODAY;
    const r = await admin.json<TaxAdjustmentJson>('POST', '/api/admin/tax/adjustments', { date, box: '1b', taxable: '0', vat: '-1500', memo: 'Bad debt relief on INV-0042', accountCode: '6510' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ box: '1b', taxable: '0', vat: '-1500', memo: 'Bad debt relief on INV-0042', accountCode: '6510', entryReference: expect.stringMatching(/^JE-/) });
    expect(await entryLines(db, 'tax.adjustment', r.body.id)).toEqual([
      ['6510', '0', '1500'],
      ['2410', '1500', '0'],
    ]);
    const period = periodsThrough({ filingFrequency: 'quarterly', firstPeriodStart: settingsBody().firstPeriodStart }, TODAY).at(-1)!;
    const ret = await admin.json<VatReturnJson>('GET', `/api/admin/tax/vat-returns/${period.period}`);
    expect(ret.body.boxes['1b']).toEqual({ amount: '0', vat: '0', adjustment: '-1500' });
    expect(ret.body.boxes['14'].vat).toBe('-1500');
    const list = await admin.json<{ items: TaxAdjustmentJson[]; total: number }>('GET', '/api/admin/tax/adjustments?q=bad%20debt');
    expect(list.body.total).toBe(1);
    for (const bad of [{ vat: 0 }, { box: '8' }, { accountCode: '1410' }, { date: '2026-02-30' }, { memo: '' }]) {
      const b = await admin.json('POST', '/api/admin/tax/adjustments', { date, box: '1b', vat: 100, memo: 'x', accountCode: '6510', ...bad });
      expect(b.status).toBe(400);
    }
    const unknown = await admin.json('POST', '/api/admin/tax/adjustments', { date, box: '9', vat: 100, memo: 'x', accountCode: '9999' });
    expect([unknown.status, unknown.body.error]).toEqual([422, 'account_not_found']);
  });
});
