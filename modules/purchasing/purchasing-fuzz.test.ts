import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { BillDetailJson, PurchaseOrderDetailJson, PurchaseRequestDetailJson } from './contract';
import { purchasingWorld } from './test-helpers';

/** Values no field of these routes accepts, whatever its type. */
const ALWAYS_BAD: unknown[] = [null, true, {}, [], { a: { b: { c: {} } } }, -1, 1.5e300, 1e21, '9'.repeat(40), 'a\u0000b'];
/** Values no text field accepts. */
const TEXT_BAD: unknown[] = [null, true, {}, [], { a: 1 }, 1.5, 42, -1, 'a\u0000b'];
const AMOUNT_BAD: unknown[] = [...ALWAYS_BAD, 0, '0', '', ' ', '1e3', '-5', '1.5', 1.5, 10_000_000_001, "' or 1=1"];
const QTY_BAD: unknown[] = [...ALWAYS_BAD, 0, '0', '', '1.2345', '-1', 1_000_001, 'NaN', 'Infinity', "' or 1=1"];
const DATE_BAD: unknown[] = [...ALWAYS_BAD, '', '2026-02-30', '2026-13-01', '26-01-01', '1999-12-31', "' or 1=1"];
const BAD_IDS = ['x', "'%20or%201=1", '0'.repeat(100), '%00', 'a%00b', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', '%F0%9F%98%80'];
let deep: unknown = 1;
for (let i = 0; i < 200; i++) deep = { d: deep };
/** For fields that accept null. */
const nn = (values: unknown[]) => values.filter((v) => v !== null);
const BAD_BODIES: unknown[] = [null, [], 'text', 42, deep, [1, [2, [3]]]];

describeEachDb('purchasing routes: fuzz', (kind) => {
  let w: Awaited<ReturnType<typeof purchasingWorld>>;
  let admin: TestClient;
  beforeAll(async () => {
    w = await purchasingWorld(kind);
    admin = w.admin;
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  let tried = 0;
  const expect4xx = async (method: string, path: string, body?: unknown) => {
    tried += 1;
    const res = await admin.request(method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 160)} → ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
    if (res.headers.get('content-type')?.includes('json')) expect(JSON.parse(text)).toHaveProperty('error');
  };
  const counts = async () =>
    (
      await q<Record<string, string>>(
        w.db,
        sql`select (select count(*) from suppliers)::text as s, (select count(*) from purchase_requests)::text as r, (select count(*) from purchase_orders)::text as o,
                   (select count(*) from goods_receipts)::text as g, (select count(*) from supplier_bills)::text as b, (select count(*) from supplier_payments)::text as p,
                   (select count(*) from supplier_debit_notes)::text as d, (select count(*) from ledger_journal_entries)::text as e`,
      )
    )[0];

  it('answers every malformed request with a 4xx and changes nothing', { timeout: 240_000 }, async () => {
    const today = todayInDubai();
    const supplier = await w.supplier();
    const request = (await admin.json<PurchaseRequestDetailJson>('POST', '/api/admin/purchase-requests', { title: 'Fuzz target', lines: [{ description: 'x', quantity: 1, estimatedUnitPrice: 100 }] })).body;
    const po = (await admin.json<PurchaseOrderDetailJson>('POST', '/api/admin/purchase-orders', { supplierId: supplier.id, lines: [{ description: 'x', quantity: 1, unitPrice: 100 }] })).body;
    const bill = (await admin.json<BillDetailJson>('POST', '/api/admin/bills', { supplierId: supplier.id, supplierBillNumber: 'F-1', billDate: today, lines: [{ description: 'x', quantity: 1, unitPrice: 1000 }] })).body;
    expect(bill.status).toBe('posted');
    const before = await counts();

    const line = { description: 'x', quantity: 1, unitPrice: 100 };
    const bodies: [string, string, Record<string, unknown>, Record<string, unknown[]>][] = [
      ['POST', '/api/admin/suppliers', { name: 'S', email: 's@s.ae' }, {
        name: [...TEXT_BAD, '', 'x'.repeat(201)],
        email: [...ALWAYS_BAD, '', 'not-an-email'],
        trn: [...nn(ALWAYS_BAD), '12345', '1000000000000031'],
        iban: [...nn(ALWAYS_BAD), '', 'AE000000000000000000000', 'x'.repeat(65)],
        paymentTermsDays: [...ALWAYS_BAD, 366, '30', 1.5],
        category: [...ALWAYS_BAD, '', 'landlord'],
        expenseAccountCode: [...ALWAYS_BAD, '', '1110', '9999', '12'],
        emirate: [...nn(ALWAYS_BAD), 'dubai ', 'Dubai'],
        country: [...ALWAYS_BAD, 'ARE', '1'],
      }],
      ['PATCH', `/api/admin/suppliers/${supplier.id}`, { name: 'S2' }, { paymentTermsDays: [...ALWAYS_BAD, -1], iban: [...nn(ALWAYS_BAD), 'AE00'], expenseAccountCode: ['1110', '4200', 'abc'] }],
      ['POST', '/api/admin/purchase-requests', { title: 'Need', lines: [{ description: 'x', quantity: 1, estimatedUnitPrice: 100 }] }, {
        title: [...TEXT_BAD, '', 'ab', 'x'.repeat(201)],
        lines: [...ALWAYS_BAD, [], Array.from({ length: 101 }, () => ({ description: 'x', quantity: 1, estimatedUnitPrice: 1 })), [{ description: 'x', quantity: 'a', estimatedUnitPrice: 1 }], [{ description: 'x', quantity: 1, estimatedUnitPrice: 1, taxCode: 'vat' }]],
        costCenter: [...nn(ALWAYS_BAD), 'NOPE-CC'],
        property: [...nn(ALWAYS_BAD), 'MZ-NOPE-999', "' or 1=1"],
        supplierId: [...nn(ALWAYS_BAD), 'x', '00000000-0000-0000-0000-000000000000'],
        neededBy: nn(DATE_BAD),
      }],
      ['POST', `/api/admin/purchase-requests/${request.id}/reject`, { reason: 'A real reason' }, { reason: [...TEXT_BAD, '', 'ab', 'x'.repeat(501)] }],
      ['POST', '/api/admin/purchase-orders', { supplierId: supplier.id, lines: [line] }, {
        supplierId: [...ALWAYS_BAD, '', 'x', '00000000-0000-0000-0000-000000000000'],
        requestId: [...nn(ALWAYS_BAD), 'x', '00000000-0000-0000-0000-000000000000'],
        orderDate: DATE_BAD,
        expectedDate: DATE_BAD.filter((v) => v !== null),
        lines: [...ALWAYS_BAD, [], [{ ...line, quantity: 0 }], [{ ...line, unitPrice: 0 }], [{ ...line, expenseAccountCode: '1110' }]],
      }],
      ['POST', `/api/admin/purchase-orders/${po.id}/cancel`, { reason: 'No longer needed' }, { reason: [...TEXT_BAD, ''] }],
      ['POST', `/api/admin/purchase-orders/${po.id}/receipts`, { lines: [{ poLineId: po.lines[0]!.id, quantity: 1 }] }, {
        lines: [...ALWAYS_BAD, [], [{ poLineId: 'x', quantity: 1 }], ...QTY_BAD.map((quantity) => [{ poLineId: po.lines[0]!.id, quantity }])],
        date: DATE_BAD,
      }],
      ['POST', '/api/admin/bills', { supplierId: supplier.id, supplierBillNumber: 'F-2', billDate: today, lines: [line] }, {
        supplierId: [...ALWAYS_BAD, 'x', '00000000-0000-0000-0000-000000000000'],
        supplierBillNumber: [...TEXT_BAD, '', 'x'.repeat(61), 'F-1'],
        billDate: DATE_BAD,
        dueDate: [...DATE_BAD, '2000-01-01'],
        purchaseOrderId: [...ALWAYS_BAD.filter((v) => v !== null), 'x', '00000000-0000-0000-0000-000000000000', po.id],
        lines: [...ALWAYS_BAD, [], ...AMOUNT_BAD.map((unitPrice) => [{ ...line, unitPrice }]), ...QTY_BAD.map((quantity) => [{ ...line, quantity }]), [{ ...line, poLineId: 'x' }]],
      }],
      ['POST', `/api/admin/bills/${bill.id}/approve-variance`, { reason: 'Because' }, {}],
      ['POST', `/api/admin/bills/${bill.id}/debit-notes`, { date: today, reason: 'Credit', lines: [{ billLineId: bill.lines[0]!.id, amount: 10 }] }, {
        date: [...DATE_BAD, '2000-01-01'],
        reason: [...TEXT_BAD, ''],
        lines: [...ALWAYS_BAD, [], ...AMOUNT_BAD.map((amount) => [{ billLineId: bill.lines[0]!.id, amount }]), [{ billLineId: 'x', amount: 1 }], [{ billLineId: bill.lines[0]!.id, amount: 1_000_000 }]],
      }],
      ['POST', `/api/admin/bills/${bill.id}/payments`, { amount: 10, date: today, bankAccountId: w.bankId }, {
        amount: [...AMOUNT_BAD, 999_999_999],
        date: [...DATE_BAD, '2000-01-01'],
        bankAccountId: [...ALWAYS_BAD, '', 'x', '00000000-0000-0000-0000-000000000000'],
      }],
      ['POST', '/api/admin/supplier-payments/batch', { date: today, bankAccountId: w.bankId, billIds: [bill.id] }, {
        date: DATE_BAD,
        bankAccountId: [...ALWAYS_BAD, 'x', '00000000-0000-0000-0000-000000000000'],
        billIds: [...ALWAYS_BAD, [], [bill.id, bill.id], ['x'], ['00000000-0000-0000-0000-000000000000'], Array.from({ length: 201 }, (_, i) => `id-${i}`)],
      }],
    ];
    for (const [method, path, valid, fields] of bodies) {
      for (const [field, values] of Object.entries(fields)) for (const v of values) await expect4xx(method, path, { ...valid, [field]: v });
      for (const b of BAD_BODIES) await expect4xx(method, path, b);
    }
    // Required fields left out.
    await expect4xx('POST', '/api/admin/suppliers', { email: 's@s.ae' });
    await expect4xx('POST', '/api/admin/bills', { supplierId: supplier.id, billDate: today, lines: [line] });
    await expect4xx('POST', `/api/admin/bills/${bill.id}/payments`, { date: today, bankAccountId: w.bankId });

    for (const id of BAD_IDS) {
      for (const path of ['suppliers', 'purchase-requests', 'purchase-orders', 'bills']) await expect4xx('GET', `/api/admin/${path}/${id}`);
      await expect4xx('GET', `/api/admin/purchase-orders/${id}/pdf`);
      await expect4xx('POST', `/api/admin/purchase-orders/${id}/send`, {});
      await expect4xx('POST', `/api/admin/purchase-requests/${id}/approve`, {});
      await expect4xx('POST', `/api/admin/bills/${id}/payments`, { amount: 10, date: today, bankAccountId: w.bankId });
      await expect4xx('GET', `/api/admin/supplier-payments/batch/${id}/file`);
    }
    for (const query of ['limit=0', 'limit=x', 'offset=-1', 'sort=nope', 'status=open%00', `q=${'x'.repeat(201)}`, 'supplierId=%00']) {
      for (const path of ['suppliers', 'purchase-requests', 'purchase-orders', 'bills']) {
        await expect4xx('GET', `/api/admin/${path}?${query}`);
        await expect4xx('GET', `/api/admin/${path}/export?${query}`);
      }
    }
    for (const query of ['asOf=x', 'asOf=2026-02-30', 'asOf=%00']) await expect4xx('GET', `/api/admin/payables/aging?${query}`);
    for (const query of ['from=x', 'from=2026-03-01&to=2026-01-01', 'from=2026-01-01&to=2028-01-01']) await expect4xx('GET', `/api/admin/payables/cash-requirements?${query}`);

    // An investor and a visitor get nothing.
    const visitor = new (admin.constructor as new (app: unknown) => TestClient)(w.app);
    for (const path of ['/api/admin/suppliers', '/api/admin/bills', '/api/admin/payables/aging']) expect((await visitor.get(path)).status).toBe(401);

    expect(await counts()).toEqual(before);
    expect(tried).toBeGreaterThan(500);
  });
});
